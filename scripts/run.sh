#!/usr/bin/env bash
# The main job: installs pto-mlir, then compiles the Qwen3-14B decode step
# (examples/qwen3_14b_decode_full) with pto-compile: its Graphs are made
# replay-safe, its orchestration C++ is written to pto-out/, and the report
# is printed. Arguments replace that default and go to pto-compile as they
# are (an input, a .mlir file or a Python program defining build(), and its
# options), run from the directory the script was called from, so relative
# paths mean what they say there.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
(cd "$root" && scripts/install.sh)
venv="${PTO_VENV:-.venv}"
case "$venv" in
  /*) ;;
  *) venv="$root/$venv" ;;
esac
if [ $# -eq 0 ]; then
  cd "$root"
  set -- examples/qwen3_14b_decode_full/model.py
fi
exec "$venv/bin/pto-compile" "$@"
