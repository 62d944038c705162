#!/usr/bin/env bash
# Sets up the project in ./.venv: the Python tools, then the extension built once in release mode.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
.venv/bin/maturin develop --release --quiet >&2
.venv/bin/python -c "import twmj" # fails loudly if the build did not install
