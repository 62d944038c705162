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
module=target/wasm32-unknown-unknown/release/twmj_wasm.wasm
# Binaryen's optimiser over rustc's module, before wasm-bindgen reads it (after, an older
# wasm-opt rewrites the glue's externref table into one Node refuses): the module's own calls
# run faster with it (benches/README.md, issue 27 item 5). Optional: scripts/setup.sh installs
# it; without it the package builds the same, slower, and says so.
wasm_opt=${WASM_OPT:-$(command -v wasm-opt || echo "$HOME/.cargo/bin/wasm-opt")}
opt=target/wasm32-unknown-unknown/release/twmj_wasm.opt.wasm
if [ -x "$wasm_opt" ]; then
    if "$wasm_opt" -O3 --enable-simd --enable-bulk-memory --enable-sign-ext \
        --enable-nontrapping-float-to-int --enable-mutable-globals --enable-reference-types \
        --enable-multivalue "$module" -o "$opt"; then
        module=$opt
    else
        echo "build-wasm: $wasm_opt failed (above): the module is built without its optimisation" >&2
    fi
else
    echo "build-wasm: wasm-opt (binaryen) not found: the module is built without its" \
         "optimisation, slower per call (scripts/setup.sh installs it: apt-get install binaryen," \
         "or cargo install wasm-opt)" >&2
fi
"$bindgen" --target web --out-dir js/pkg/wasm --out-name twmj_wasm "$module"
node js/build/build.mjs
