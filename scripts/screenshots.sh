#!/usr/bin/env bash
# Whole-page screenshots of the playground app and the visual report, in build/screenshots/.
#
#   make screenshots      (or: scripts/screenshots.sh from the repository root)
#
# Installs Debian's chromium when it is missing (.ci/chromium.sh), then runs
# scripts/screenshots.py: the app after a plan and after a bad input, the report of each status
# (and a rejected run) as full pages, and the offline map. Each PNG is checked not to be trivial.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
bash .ci/chromium.sh
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
exec "$PY" scripts/screenshots.py "$@"
