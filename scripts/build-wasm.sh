#!/usr/bin/env bash
# Builds the npm package `twmj` into js/pkg: twmj-core compiled for wasm32-unknown-unknown
# (rust/twmj-wasm), wasm-bindgen's ES-module glue (`--target web`: one module that loads in
# Node ≥ 20, browsers and bundlers; js/src/index.js picks how to fetch the .wasm), the
# hand-written wrapper and types, the generated error classes and package.json
# (js/build/build.mjs). `scripts/setup.sh` installs the target and wasm-bindgen-cli.
set -euo pipefail
cd "$(dirname "$0")/.."
want=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' rust/twmj-wasm/Cargo.toml)
bindgen=${WASM_BINDGEN:-$(command -v wasm-bindgen || echo "$HOME/.cargo/bin/wasm-bindgen")}
if [ ! -x "$bindgen" ] || [ "$("$bindgen" --version)" != "wasm-bindgen $want" ]; then
    echo "build-wasm: wasm-bindgen $want is needed (scripts/setup.sh installs it:" \
         "cargo install wasm-bindgen-cli --version $want)" >&2
    exit 1
fi
# .cargo/config.toml turns on SIMD128 for this target.
cargo build --release --target wasm32-unknown-unknown -p twmj-wasm --quiet
rm -rf js/pkg
mkdir -p js/pkg/wasm
"$bindgen" --target web --out-dir js/pkg/wasm --out-name twmj_wasm \
    target/wasm32-unknown-unknown/release/twmj_wasm.wasm
node js/build/build.mjs
