#!/usr/bin/env bash
# Playwright drives Debian's Chromium; nothing downloads a browser build.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "› installing Debian's chromium (apt-get)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is missing at $CHROMIUM. Install it as root: apt-get update && apt-get install -y chromium" >&2
  echo "(or set CHROMIUM_PATH to an existing Chromium binary)" >&2
  exit 1
fi
