#!/usr/bin/env bash
# Sets up the project in ./.venv: the Python tools, the extension built once in release mode,
# then the service (api/), then the npm package in js/pkg (scripts/build-wasm.sh: the
# wasm32-unknown-unknown target and wasm-bindgen-cli at the crate's version are installed
# here when missing; Node ≥ 20 runs the package's build step and tests).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
# The extension is one abi3 module (_core.abi3.so); a per-version build left from before
# would shadow it (Python prefers _core.cpython-311-….so), so it goes.
rm -f python/twmj/_core.cpython-*.so
.venv/bin/maturin develop --release --quiet >&2
# The service, api/ (its own package `twmj-api`), editable: edits under api/ apply at once.
.venv/bin/python -m pip install --quiet --disable-pip-version-check --no-build-isolation -e ./api
.venv/bin/python -c "import twmj, twmj_api" # fails loudly if either did not install

# The WebAssembly build (rust/twmj-wasm → js/pkg, the npm package `twmj`; the service serves
# its demo page at /wasm/). Each missing piece is installed, or named with how to get it.
wasm_missing() {
    echo "setup: cannot build the npm package (js/pkg): $1" >&2
    exit 1
}
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown >&2 \
        || wasm_missing "the Rust target wasm32-unknown-unknown could not be installed (rustup target add wasm32-unknown-unknown)"
fi
bindgen_version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' rust/twmj-wasm/Cargo.toml)
bindgen=$(command -v wasm-bindgen || echo "$HOME/.cargo/bin/wasm-bindgen")
if [ ! -x "$bindgen" ] || [ "$("$bindgen" --version)" != "wasm-bindgen $bindgen_version" ]; then
    echo "== installing wasm-bindgen-cli $bindgen_version (cargo install; a few minutes, once)" >&2
    # No --locked: the crate's lockfile pins versions a crates.io mirror may lack.
    cargo install wasm-bindgen-cli --version "$bindgen_version" --quiet >&2 \
        || wasm_missing "wasm-bindgen-cli $bindgen_version could not be installed (cargo install wasm-bindgen-cli --version $bindgen_version)"
fi
if ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' 2>/dev/null; then
    wasm_missing "Node.js 20 or later is needed (node --version; e.g. apt-get install nodejs)"
fi
# Binaryen's wasm-opt, which scripts/build-wasm.sh runs over the module (its calls run faster;
# benches/README.md, issue 27 item 5). Optional: the package builds without it, slower, and
# build-wasm.sh says so. Debian's package where apt-get can install it, else the `wasm-opt`
# crate (Binaryen compiled from source: slow, once).
if ! command -v wasm-opt >/dev/null 2>&1 && [ ! -x "$HOME/.cargo/bin/wasm-opt" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "== installing binaryen (apt-get: wasm-opt)" >&2
        { apt-get install -y -qq binaryen >/dev/null 2>&1 \
            || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq binaryen >/dev/null 2>&1; }; } \
            || echo "setup: apt-get install binaryen failed" >&2
    fi
    if ! command -v wasm-opt >/dev/null 2>&1; then
        echo "== installing wasm-opt (cargo install wasm-opt: Binaryen from source, several minutes, once)" >&2
        cargo install wasm-opt --quiet >&2 \
            || echo "setup: wasm-opt could not be installed (apt-get install binaryen, or cargo install wasm-opt);" \
                    "the npm package is built without it, slower per call" >&2
    fi
fi
bash scripts/build-wasm.sh >&2
