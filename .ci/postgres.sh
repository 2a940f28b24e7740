#!/usr/bin/env bash
# A PostgreSQL server for the test suite, from Debian's packages, on 127.0.0.1 only.
#
#   eval "$(.ci/postgres.sh)"     # prints: export DAYPLAN_TEST_PG_URL=postgresql+psycopg://...
#   .ci/postgres.sh stop          # stops that server (.ci/run does, when it started it)
#
# Idempotent: installs `postgresql` with apt-get when no server binaries exist (needs root), creates
# one cluster in /var/tmp/dayplan-pg-<owner> (owner: `postgres` when run as root, else the caller),
# starts it on 127.0.0.1:${DAYPLAN_PG_PORT:-54329} with trust auth for loopback, and reuses it when
# it already runs. The tests create and drop their own database in it. Diagnostics go to stderr;
# stdout carries only the export lines (DAYPLAN_PG_STARTED=1 when this call started the server).
set -euo pipefail
PORT="${DAYPLAN_PG_PORT:-54329}"
log() { echo "postgres.sh: $*" >&2; }

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
BIN="$(find_bin || true)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    log "PostgreSQL is not installed and this is not root: apt-get install postgresql first"
    exit 1
  fi
  log "installing PostgreSQL from Debian's packages ..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
  BIN="$(find_bin)"
fi

if [ "$(id -u)" -eq 0 ]; then
  OWNER=postgres
  as_owner() { runuser -u postgres -- "$@"; }
else
  OWNER="$(id -un)"
  as_owner() { "$@"; }
fi
DATA="/var/tmp/dayplan-pg-$OWNER"
SOCK="$DATA/socket"
URL="postgresql+psycopg://dayplan@127.0.0.1:$PORT/postgres"

if [ "${1:-}" = "stop" ]; then
  if [ -f "$DATA/postmaster.pid" ]; then as_owner "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >&2; fi
  exit 0
fi
STARTED=0
if ! "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT"; then
  STARTED=1
  if [ ! -f "$DATA/PG_VERSION" ]; then
    log "creating a cluster in $DATA ..."
    mkdir -p "$DATA"
    [ "$(id -u)" -eq 0 ] && chown postgres: "$DATA"
    as_owner "$BIN/initdb" -D "$DATA" -U dayplan --auth=trust -E UTF8 --no-instructions >&2
  fi
  as_owner mkdir -p "$SOCK"
  log "starting PostgreSQL on 127.0.0.1:$PORT ..."
  as_owner "$BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k $SOCK -c fsync=off -c max_connections=200" start >&2
fi
"$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" || { log "the server did not come up"; exit 1; }
echo "export DAYPLAN_TEST_PG_URL=$URL DAYPLAN_PG_STARTED=$STARTED"
