#!/usr/bin/env bash
# The browser tests (tests/web/e2e) drive Debian's Chromium through Playwright: install it when missing.
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium >/dev/null
fi
/usr/bin/chromium --version
