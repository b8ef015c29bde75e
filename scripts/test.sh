#!/usr/bin/env bash
# Installs pto-mlir with its test requirements, then runs the lit suite
# (test/) and pytest (test/python) against the installed package.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh requirements/test.txt
venv="${PTO_VENV:-.venv}"
export PATH="$PWD/$venv/bin:$PATH"
lit -sv test
python -m pytest test/python
