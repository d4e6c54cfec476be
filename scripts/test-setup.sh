#!/usr/bin/env bash
# Installs what the tests need besides the build tools: Debian's Chromium and
# ChromeDriver (the browser tests drive /usr/bin/chromium).
source "$(dirname "$0")/lib.sh"

say "Checking the test browser"
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  skip "chromium and chromium-driver: present ($(/usr/bin/chromium --version 2>/dev/null | head -1))"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  say "Installing Debian's chromium and chromium-driver"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium chromium-driver
else
  echo "The tests need Debian's chromium and chromium-driver (/usr/bin/chromium, /usr/bin/chromedriver)." >&2
  echo "Install them as root:  sudo apt-get install chromium chromium-driver" >&2
  exit 1
fi
