"""The test suite asserts on counts of outcomes, never on seconds.

A wall-clock bound (``assert time.monotonic() - start < 30``) fails on a
loaded machine while the code under test is correct. Tests bound their work
by counts (a fixed number of programs, mutants, seeds); speed is measured by
the programs in benchmarks/, which print numbers and assert nothing.
"""

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent

#: Functions of the ``time`` module that read a clock.
CLOCKS = frozenset(f"{name}{suffix}" for name in
                   ("time", "monotonic", "perf_counter", "process_time", "thread_time")
                   for suffix in ("", "_ns"))
#: Attributes that hold a measured duration (``mutate.Campaign.seconds``).
DURATION_ATTRIBUTES = frozenset(["seconds", "elapsed"])


def _clock_names(tree: ast.AST) -> set:
    """Local names bound to ``time`` clock functions (``from time import
    monotonic``)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "time":
            names |= {a.asname or a.name for a in node.names if a.name in CLOCKS}
    return names


def _modules(tree: ast.AST, module: str) -> set:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.asname or a.name for a in node.names if a.name == module}
    return names


def _reads_clock(node: ast.AST, time_modules: set, clock_names: set, tainted: set) -> bool:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            f = sub.func
            if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) \
                    and f.value.id in time_modules and f.attr in CLOCKS:
                return True
            if isinstance(f, ast.Name) and f.id in clock_names:
                return True
            # datetime.now() / datetime.datetime.now() / utcnow()
            if isinstance(f, ast.Attribute) and f.attr in ("now", "utcnow") \
                    and "datetime" in ast.unparse(f.value):
                return True
        if isinstance(sub, ast.Name) and sub.id in tainted:
            return True
        if isinstance(sub, ast.Attribute) and sub.attr in DURATION_ATTRIBUTES:
            return True
    return False


def wall_clock_asserts(source: str) -> list:
    """Line numbers of the ``assert`` statements of ``source`` that depend
    on a clock reading: a call of a ``time`` clock function, or a name
    assigned (directly or through other names) from one."""
    tree = ast.parse(source)
    time_modules = _modules(tree, "time")
    clock_names = _clock_names(tree)
    tainted = set()
    changed = True
    while changed:
        changed = False
        for node in ast.walk(tree):
            if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and node.value \
                    is not None and _reads_clock(node.value, time_modules, clock_names, tainted):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    for name in ast.walk(target):
                        if isinstance(name, ast.Name) and name.id not in tainted:
                            tainted.add(name.id)
                            changed = True
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Assert)
            and _reads_clock(node, time_modules, clock_names, tainted)]


def test_detector_finds_wall_clock_bounds():
    """The check recognizes the forms the suite used to have."""
    assert wall_clock_asserts(
        "import time\nstart = time.monotonic()\nwork()\n"
        "assert time.monotonic() - start < 60\n") == [4]
    assert wall_clock_asserts(
        "import time as t\nt0 = t.perf_counter()\nwork()\nd = t.perf_counter() - t0\n"
        "assert d < 30, d\n") == [5]
    assert wall_clock_asserts(
        "from time import monotonic\ns = monotonic()\nassert monotonic() - s < 1\n") == [3]
    assert wall_clock_asserts("assert campaign.seconds < 30\n") == [1]
    # Counts and timeouts of subprocesses are not wall-clock assertions.
    assert wall_clock_asserts(
        "import subprocess\nr = subprocess.run(['x'], timeout=60)\n"
        "assert campaign.tried == 500 and r.returncode == 0\n") == []


@pytest.mark.parametrize("path", sorted(TESTS.glob("*.py")), ids=lambda p: p.name)
def test_no_wall_clock_asserts(path):
    lines = wall_clock_asserts(path.read_text())
    assert not lines, (f"{path.name} asserts on elapsed time at lines {lines}: bound the "
                       "work by counts instead, and measure speed in benchmarks/")
