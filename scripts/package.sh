#!/usr/bin/env bash
# Builds the distributions into dist/ (one abi3 `twmj` wheel for CPython >= 3.11, its sdist,
# the service's `twmj-api` wheel), installs `twmj[api]` from them into a new environment
# outside the checkout, and runs the smoke tests there (tests/install/smoke.py) with no
# source tree on the path. Run after scripts/setup.sh, whose release build it reuses.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dist=$root/dist
rm -rf "$dist"
# Same profile and features as setup.sh's `maturin develop --release`: cargo finds the
# extension fresh and only the wheel is packed (no second compile).
.venv/bin/maturin build --release --quiet --out "$dist" >&2
.venv/bin/maturin sdist --out "$dist" >&2
# The sdist carries the build's target level (.cargo/config.toml, README), so that a wheel
# built from it is the wheel built here.
listing=$(tar tzf "$dist"/twmj-*.tar.gz)
if ! grep -q '^twmj-[^/]*/\.cargo/config\.toml$' <<<"$listing"; then
    echo "package.sh: the sdist lacks .cargo/config.toml" >&2
    exit 1
fi
.venv/bin/python -m pip wheel --quiet --no-deps --no-build-isolation --wheel-dir "$dist" ./api
version=$(.venv/bin/python -c "from importlib.metadata import version; print(version('twmj'))")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" # nothing of the checkout on the path: not the cwd, not the script's folder (-I)
python=${PYTHON:-python3}
"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --find-links "$dist" "twmj[api]==$version"
"$work/venv/bin/python" -I "$root/tests/install/smoke.py" "$dist"
# The same wheel on the newest CPython here, when there is one (abi3: one wheel for all).
newer=""
for candidate in python3.14 python3.13 python3.12 \
    $(ls -d "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -V -r); do
    if "$candidate" -c "import sys; assert sys.version_info >= (3, 12)" 2>/dev/null; then
        newer=$candidate
        break
    fi
done
if [ -n "$newer" ]; then
    "$newer" -m venv "$work/newer"
    "$work/newer/bin/python" -m pip install --quiet --find-links "$dist" "twmj==$version"
    "$work/newer/bin/python" -I "$root/tests/install/smoke.py" "$dist" --core-only
else
    echo "package.sh: no CPython >= 3.12 here; the abi3 wheel was tried on $("$python" -V) only"
fi
