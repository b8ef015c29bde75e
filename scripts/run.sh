#!/usr/bin/env bash
# The main job: installs pto-mlir, then parses, verifies and pretty-prints
# every program in examples/ (with a print-parse-print round-trip check).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh
venv="${PTO_VENV:-.venv}"
for example in examples/*.mlir; do
  echo "// ===== $example"
  "$venv/bin/pto-opt" --verify-roundtrip "$example"
done
