#!/usr/bin/env bash
# The main job: installs pto-mlir, then for every program in examples/
# parses, verifies and pretty-prints it (with a print-parse-print round-trip
# check), makes its Graphs replay-safe, and prints its orchestration C++.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh
bin="${PTO_VENV:-.venv}/bin"
for example in examples/*.mlir; do
  echo "// ===== $example: parsed, verified, printed"
  "$bin/pto-opt" --verify-roundtrip "$example"
  echo "// ===== $example: orchestration C++"
  "$bin/pto-opt" --pto-graph-legalize-pipeline \
      --pto-orchestration-prepare-pipeline --mlir-print-debuginfo "$example" \
    | "$bin/pto-translate" --pto-to-cpp
done
