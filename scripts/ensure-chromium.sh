#!/usr/bin/env bash
# Browser tests run in Debian's Chromium. Install it when missing and running as root; otherwise say how.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing at $CHROMIUM. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)." >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
"$CHROMIUM" --version
