#!/usr/bin/env bash
# Render the executed playground notebook and two report views to PNG with headless Chromium.
#
#   make screenshots      (or: scripts/screenshots.sh from the repository root)
#
# Output in build/screenshots/: 08_playground.png (the notebook as nbconvert HTML, widgets drawn
# from their saved state), report_complete.png and report_no_feasible_plan.png (the HTML that
# `python -m dayplan plan CASE --html FILE` writes). Chromium is Debian's `chromium` package,
# installed here when /usr/bin/chromium is missing. The widget renderer
# (@jupyter-widgets/html-manager) comes from the npm registry once and is kept in build/; without
# it the notebook's widgets show as plain text.
set -euo pipefail

PY=${PY:-.venv/bin/python}
OUT=build/screenshots
VENDOR=build/vendor
HTML_MANAGER=1.0.15

if [ ! -x /usr/bin/chromium ]; then
  apt-get update && apt-get install -y chromium
fi
mkdir -p "$OUT" "$VENDOR"

# Offline widget renderer and require.js for the nbconvert page (no CDN needed).
if [ ! -f "$VENDOR/html-manager/embed-amd.js" ] && command -v npm >/dev/null; then
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "@jupyter-widgets/html-manager@$HTML_MANAGER" >/dev/null \
    && tar xzf ./*.tgz) && mkdir -p "$VENDOR/html-manager" \
    && cp -r "$tmp/package/dist/." "$VENDOR/html-manager/" || echo "widget renderer not fetched"
  rm -rf "$tmp"
fi
REQUIRE=$(dirname "$PY")/../share/jupyter/voila/templates/base/static/require.min.js
[ -f "$REQUIRE" ] && cp "$REQUIRE" "$VENDOR/require.min.js"
rm -rf "$OUT/vendor" && cp -r "$VENDOR" "$OUT/vendor"

"$PY" -m jupyter nbconvert --to html notebooks/08_playground.ipynb --output-dir "$OUT" \
  --HTMLExporter.require_js_url=vendor/require.min.js \
  --HTMLExporter.widget_renderer_url=vendor/html-manager/embed-amd.js
"$PY" -m dayplan plan wet_weather_family --html "$OUT/report_complete.html" >/dev/null 2>&1
"$PY" -m dayplan plan lone_pine_over_budget --html "$OUT/report_no_feasible_plan.html" \
  >/dev/null 2>&1

shoot() {  # shoot PAGE.html PNG HEIGHT
  local profile
  profile=$(mktemp -d)
  /usr/bin/chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --hide-scrollbars --virtual-time-budget=8000 \
    --screenshot="$2" --window-size="1280,$3" "file://$(realpath "$1")" 2>/dev/null
  rm -rf "$profile"
  echo "wrote $2"
}
shoot "$OUT/08_playground.html" "$OUT/08_playground.png" 2000
shoot "$OUT/report_complete.html" "$OUT/report_complete.png" 1700
shoot "$OUT/report_no_feasible_plan.html" "$OUT/report_no_feasible_plan.png" 1100
