#!/usr/bin/env bash
# The README's test command (`make test`) after lint: every test and notebook, offline.
#
# It brings up what the tests need, as .ci/run does: Debian's chromium for the browser test
# (.ci/chromium.sh, installed when root and missing) and the loopback PostgreSQL of
# .ci/postgres.sh (installed when root and missing), so a fresh clone runs the PostgreSQL-backed
# tests too. The server is left running for the next run (another `make test` may be using it;
# stopping it here once broke a concurrent run): `.ci/postgres.sh stop` stops it. When either
# cannot be had (not root, no packages) its tests skip locally, with one line saying why; under CI=true they fail instead.
# DAYPLAN_TEST_PG_URL set by the caller is used as it is; DAYPLAN_NO_PG=1 skips the server.
set -uo pipefail
cd "$(dirname "$0")/.."
PY="${PY:-.venv/bin/python}"

bash .ci/chromium.sh >/dev/null 2>&1 || echo "make test: no chromium here; the browser test will skip" >&2

if [ -z "${DAYPLAN_TEST_PG_URL:-}" ] && [ "${DAYPLAN_NO_PG:-0}" != "1" ]; then
  if exports="$(bash .ci/postgres.sh 2>/dev/null)"; then
    eval "$exports"
    export DAYPLAN_TEST_PG_URL
  else
    echo "make test: no PostgreSQL here (.ci/postgres.sh failed); its tests will skip" >&2
  fi
fi

# The exit code is pytest's (5, no tests collected, fails too: a run that ran nothing proves nothing).
env -u GOOGLE_API_KEY -u GEMINI_API_KEY -u GOOGLE_GENAI_USE_VERTEXAI -u GOOGLE_GENAI_USE_ENTERPRISE \
  DAYPLAN_MODE=offline "$PY" -m pytest "$@"
