#!/usr/bin/env bash
# Builds gridtour for the web into target/web/: a static site (index.html,
# the script, the wasm, the worker scripts) that any static file server can
# host. Installs what a fresh Debian machine lacks first: Debian's Rust for
# the web (its standard library's sources, built here for wasm32 with
# shared memory for the Web Workers) and the wasm-bindgen the lockfile
# names.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
packages=(rustc-web cargo-web rust-web-src lld-22)
missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi

bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $bindgen_version"; then
    cargo install wasm-bindgen-cli --version "$bindgen_version"
fi

# Memory shared with the workers (atomics, and the memory imported so that
# each worker starts on the page's), up to the 4 GiB a page may have; no
# debug lines, which only make it larger.
export RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1
link=""
for arg in --shared-memory --max-memory=4294967296 --import-memory --export=__wasm_init_tls \
           --export=__tls_size --export=__tls_align --export=__tls_base; do
    link="$link -C link-arg=$arg"
done
export RUSTFLAGS="-C target-feature=+atomics,+bulk-memory,+mutable-globals$link"
export CARGO_PROFILE_RELEASE_DEBUG=false
/usr/bin/cargo build --release --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort \
    --target-dir target/web-build --bin gridtour

site=target/web
rm -rf "$site"
mkdir -p "$site"
# Function names (a sixth of the file) serve only a debugger.
wasm-bindgen --target web --no-typescript --remove-name-section --out-dir "$site" \
    target/web-build/wasm32-unknown-unknown/release/gridtour.wasm
cp web/index.html web/thread.js web/isolate.js "$site/"
cp assets/icons/gridtour-64.png "$site/icon.png"
ls -l "$site"
echo "The site is in $site; serve it with: python3 web/serve.py"
