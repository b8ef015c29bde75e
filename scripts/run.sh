#!/usr/bin/env bash
# The main job: installs pto-mlir, then compiles the Qwen3-14B decode step
# (examples/qwen3_14b_decode) with pto-compile: its Graphs are made
# replay-safe, its orchestration C++ is written to pto-out/, and the report
# is printed. Arguments replace that default and go to pto-compile as they
# are (an input, a .mlir file or a Python program defining build(), and its
# options).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh
bin="${PTO_VENV:-.venv}/bin"
if [ $# -eq 0 ]; then
  set -- examples/qwen3_14b_decode/model.py
fi
exec "$bin/pto-compile" "$@"
