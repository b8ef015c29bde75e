#!/usr/bin/env bash
# Creates the virtual environment (default .venv, or $PTO_VENV) if needed,
# installs the pinned build requirements, and builds and installs pto-mlir
# into it. The CMake tree stays in build/, so a second run only rebuilds
# what changed. Extra arguments name more requirement files to install.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${PTO_VENV:-.venv}"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --upgrade pip
fi
reqs=(-r requirements/build.txt)
for extra in "$@"; do reqs+=(-r "$extra"); done
"$venv/bin/python" -m pip install --quiet "${reqs[@]}"
start=$(date +%s)
"$venv/bin/python" -m pip install --quiet --no-build-isolation .
echo "pto-mlir built and installed in $venv ($(( $(date +%s) - start )) s)"
