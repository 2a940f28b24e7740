#!/usr/bin/env bash
# The README's test command (`make test`) after lint: every test and notebook, offline.
#
# It brings up what the tests need, as .ci/run does: Debian's chromium for the browser test
# (.ci/chromium.sh, installed when root and missing) and the loopback PostgreSQL of
# .ci/postgres.sh (installed when root and missing; stopped again if this run started it), so a
# fresh clone runs the PostgreSQL-backed tests too. When either cannot be had (not root, no
# packages) its tests skip locally, with one line saying why; under CI=true they fail instead.
# DAYPLAN_TEST_PG_URL set by the caller is used as it is; DAYPLAN_NO_PG=1 skips the server.
set -uo pipefail
cd "$(dirname "$0")/.."
PY="${PY:-.venv/bin/python}"

bash .ci/chromium.sh >/dev/null 2>&1 || echo "make test: no chromium here; the browser test will skip" >&2

started=0
if [ -z "${DAYPLAN_TEST_PG_URL:-}" ] && [ "${DAYPLAN_NO_PG:-0}" != "1" ]; then
  if exports="$(bash .ci/postgres.sh 2>/dev/null)"; then
    eval "$exports"
    export DAYPLAN_TEST_PG_URL
    started="${DAYPLAN_PG_STARTED:-0}"
  else
    echo "make test: no PostgreSQL here (.ci/postgres.sh failed); its tests will skip" >&2
  fi
fi

env -u GOOGLE_API_KEY -u GEMINI_API_KEY -u GOOGLE_GENAI_USE_VERTEXAI -u GOOGLE_GENAI_USE_ENTERPRISE \
  DAYPLAN_MODE=offline "$PY" -m pytest "$@"
status=$?
if [ "$started" = "1" ]; then bash .ci/postgres.sh stop >/dev/null 2>&1 || true; fi
# pytest's 5 (no tests collected) is a failure here: a test run that ran nothing proves nothing.
exit "$status"
