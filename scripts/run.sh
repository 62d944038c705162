#!/usr/bin/env bash
# Sets up, then runs the main job: the HTTP service with its web page (`twmj serve`).
# Arguments go to the `twmj` command line instead: `bash scripts/run.sh waits "2223456m123456789p"`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >&2
if [ "$#" -eq 0 ]; then
    set -- serve --host "${HOST:-127.0.0.1}" --port "${PORT:-8000}"
fi
exec .venv/bin/twmj "$@"
