#!/usr/bin/env bash
# Builds the web site, serves it on localhost and drives Chromium against
# it (web/test/browser.mjs). Installs Chromium, tesseract and ImageMagick
# (the test crops screenshots and reads the window's words off them) and
# the test's npm packages first.
set -euo pipefail
cd "$(dirname "$0")/../.."

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
packages=(chromium tesseract-ocr tesseract-ocr-jpn imagemagick)
missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
# Node.js may come from elsewhere than Debian (the machine's own).
command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
if [ "${#missing[@]}" -gt 0 ]; then
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi

bash web/build.sh
(cd web/test && npm ci --no-audit --no-fund)

port=8765
python3 web/serve.py "$port" > target/web-serve.log 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break
    sleep 0.2
done
node web/test/browser.mjs "http://127.0.0.1:$port/"
