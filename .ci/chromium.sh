#!/usr/bin/env bash
# Debian's chromium for the playground's browser test (tests/test_app_browser.py) and
# `make screenshots`. Idempotent: does nothing when /usr/bin/chromium is there.
# Playwright drives it through executable_path; no browser is downloaded.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
/usr/bin/chromium --version
