#!/usr/bin/env bash
# Sets up, then runs every test: Rust (cargo), lints and types, the stub check, pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# The browser tests drive the system Chromium (Debian's package; no browser download).
if ! command -v chromium >/dev/null 2>&1; then
    echo "== installing chromium (apt-get)"
    if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi
echo "== cargo test (twmj-core)"
cargo test --release -p twmj-core
echo "== cargo fmt, cargo clippy"
cargo fmt --all --check
cargo clippy --release --workspace --all-targets --quiet -- -D warnings
echo "== ruff, mypy, stubtest"
.venv/bin/ruff check python api tests benches
.venv/bin/ruff format --check python api tests benches
.venv/bin/python -m mypy
.venv/bin/python -m mypy.stubtest twmj._core
echo "== pytest"
.venv/bin/python -m pytest -q
