#!/usr/bin/env bash
# Sets up the project in ./.venv: the Python tools, the extension built once in release mode,
# then the service (api/).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
.venv/bin/maturin develop --release --quiet >&2
# The service, api/ (its own package `twmj-api`), editable: edits under api/ apply at once.
.venv/bin/python -m pip install --quiet --disable-pip-version-check --no-build-isolation -e ./api
.venv/bin/python -c "import twmj, twmj_api" # fails loudly if either did not install
