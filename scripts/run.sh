#!/usr/bin/env bash
# Sets up, then runs the main job: `twmj` on the arguments given (a demo hand when none are).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >&2
if [ "$#" -eq 0 ]; then
    set -- waits "2223456m123456789p"
fi
exec .venv/bin/twmj "$@"
