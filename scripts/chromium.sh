#!/usr/bin/env bash
# Makes sure the browser the browser tests drive is installed: Debian's `chromium` package, driven by
# playwright-core (never a browser download of Playwright's own, which this network refuses). As root it
# installs the package with apt-get; otherwise it says what to install and fails. CHROMIUM_PATH overrides the
# binary (default /usr/bin/chromium).
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "[chromium] installing Debian's chromium package for the browser tests" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
  [ -x "$bin" ] && exit 0
fi
echo "The browser tests need Chromium at $bin: install Debian's 'chromium' package (apt-get install chromium) as root, or set CHROMIUM_PATH." >&2
exit 1
