#!/usr/bin/env bash
# Installs pto-mlir with its test requirements, then runs the lit suite
# (test/) and pytest (test/python) against the installed package.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh requirements/test.txt
venv="${PTO_VENV:-.venv}"
export PATH="$PWD/$venv/bin:$PATH"
# Both suites always run; the exit status is non-zero if either failed, and
# pytest's summary is the last line.
status=0
lit -sv test || status=1
python -m pytest test/python || status=1
exit "$status"
