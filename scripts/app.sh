#!/usr/bin/env bash
# Serve the playground app (app/playground.ipynb) with Voila on http://127.0.0.1:${PORT:-8866}.
#
#   make app            (or: scripts/app.sh; PORT=9000 scripts/app.sh)
#
# The page is the playground only: the form, live progress, the report, the map and the tool
# path. Settings (the browser test tests/test_app_browser.py starts the server with this script):
# - preheated kernels: one kernel (--pool_size) has already run the page's cell when a visitor
#   arrives, so the page loads without waiting for a kernel to start and import dayplan;
# - culling: a kernel idle for ${CULL_IDLE:-600} s is shut down (checked every 60 s), even with
#   the page still open (cull_connected), so visits leave no kernels behind.
set -euo pipefail
cd "$(dirname "$0")/.."
VOILA=${VOILA:-.venv/bin/voila}
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
exec "$VOILA" app/playground.ipynb --no-browser \
  --Voila.ip=127.0.0.1 --port="${PORT:-8866}" \
  --preheat_kernel=True --pool_size="${POOL_SIZE:-1}" \
  --MappingKernelManager.cull_idle_timeout="${CULL_IDLE:-600}" \
  --MappingKernelManager.cull_interval="${CULL_INTERVAL:-60}" \
  --MappingKernelManager.cull_connected=True \
  --show_tracebacks=False "$@"
