#!/usr/bin/env bash
# Installs pto-mlir with its test requirements, then runs the lit suite
# (test/) and pytest (test/python) against the installed package.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh requirements/test.txt
# $PTO_VENV as install.sh takes it: an absolute path, or a path relative to
# the repository root (the current directory here).
venv="${PTO_VENV:-.venv}"
case "$venv" in
  /*) ;;
  *) venv="$PWD/$venv" ;;
esac
export PATH="$venv/bin:$PATH"
# Both suites always run; the exit status is non-zero if either failed, and
# pytest's summary is the last line.
status=0
lit -sv test || status=1
# One worker per core; each test file runs on one worker, so a module's
# fixtures (built programs, compiled stub drivers) are made once.
python -m pytest -n auto --dist loadfile test/python || status=1
exit "$status"
