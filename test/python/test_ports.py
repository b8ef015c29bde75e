"""The ports of the public runtime's hand-written orchestrations
(examples/simpler/<runtime>/<name>/model.py, docs/ports.md).

Without a simpler checkout (as in CI) each port builds and verifies, its C++
at both runtime API levels compiles against the project's runtime header
with -Wall -Werror, and on the stub runtime it does what the simulator does
on its own arguments (args.json). With SIMPLER_ROOT set to a simpler
checkout at 6ebaf771, each port's run is also compared node by node with the
hand-written orchestration's (scripts/orchestration_stats.py --against):
0 differences, but those docs/ports.md explains (DIFFERENCES, and the
normalizations of COMPARED_WITH). A port whose arguments are too large to
hold contents (small_args.json beside args.json) is run on the stub and
in the simulator at its SMALL dimensions.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pto_mlir.ir import Context
from pto_mlir.translate import header_defines

import cpp_trace
from conftest import REPO, load_script

runner = load_script("run_on_simpler", REPO / "scripts" / "run_on_simpler.py")

PORTS = sorted((REPO / "examples" / "simpler").glob("*/*/model.py"))


#: The nodes where a port differs from the hand-written orchestration on
#: purpose (docs/ports.md says why).
DIFFERENCES = {
    # The noop kernel writes b: the hand-written code passes it as an out
    # tensor there and an inout one elsewhere; a kernel here has one
    # signature (inout).
    "scalar_data": ["the entry, node 6:"],
}


#: Normalizations of the comparison per port (docs/ports.md says why):
#: allocations grouped into calls differently, and the retention
#: dependencies on allocations the compiler adds in manual scopes.
COMPARED_WITH = {
    "qwen3_14b_decode": ["--merge-allocations", "--without-allocation-deps"],
}

#: Ports the specification's API cannot print, and the diagnostic saying so.
PUBLIC_API_ONLY = {
    # pto.full: TensorCreateInfo::set_initial_value is the public API's.
    "scalar_data": "'pto.full' op has no translation at this runtime and API level",
}


def port_id(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.parent.name}"


def test_every_port_has_its_arguments():
    assert PORTS, "examples/simpler holds no port"
    for model in PORTS:
        assert (model.parent / "args.json").is_file(), f"{model}: no args.json"


@pytest.fixture(scope="module", params=PORTS, ids=port_id)
def compiled(request, tmp_path_factory, pto_compile):
    """(model path, {api: (legalized IR text, C++ text)})."""
    model = request.param
    outs = {}
    for api in cpp_trace.API_LEVELS:
        out = tmp_path_factory.mktemp(f"{model.parent.name}-{api}")
        result = subprocess.run([pto_compile, str(model), "-o", str(out), "--runtime-api",
                                 api, "-q"], capture_output=True, text=True)
        refusal = PUBLIC_API_ONLY.get(model.parent.name) if api == "spec" else None
        if refusal:
            assert result.returncode != 0 and refusal in result.stderr, result.stderr
            continue
        assert result.returncode == 0, result.stderr
        outs[api] = (next(out.glob("*.legalized.mlir")).read_text(),
                     next(out.glob("*.cpp")).read_text(), out)
    return model, outs


def _compiled_at(compiled, api: str):
    model, outs = compiled
    if api not in outs:
        pytest.skip(f"{port_id(model)} is printed at the public API only "
                    f"({PUBLIC_API_ONLY[model.parent.name]})")
    return model, outs[api]


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_port_cpp_compiles_with_warnings_as_errors(compiled, api, tmp_path):
    model, (legalized, cpp, out) = _compiled_at(compiled, api)
    runtime = ("host_build_graph" if "#pto.runtime<host_build_graph>" in legalized
               else "tensormap_and_ringbuffer")
    result = subprocess.run(
        ["g++", "-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Werror",
         "-I", str(REPO / "runtime" / "include"), *header_defines(runtime, api),
         str(next(out.glob("*.cpp")))], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def _runs(args_json: Path, legalized: str, entry: str):
    """Two runs of ``entry`` on the arguments args.json describes: tensors of
    small integers (or the elements it gives), scalars as given."""
    from pto_mlir.ir import Module
    from pto_mlir.sim.program import load_program
    with Context():
        program = load_program(Module.parse(legalized))
    params = program.function(entry, "orchestration").params
    described = json.loads(args_json.read_text())
    assert len(described) == len(params)
    rng = np.random.default_rng(0)
    runs = []
    for _ in range(2):
        values = []
        for (dtype, shape, *elements), p in zip(described, params):
            if not isinstance(shape, list):
                values.append(shape)
            elif elements:
                values.append(np.broadcast_to(elements[0], shape).copy()
                              if isinstance(elements[0], (int, float))
                              else np.asarray(elements[0]).reshape(shape))
            else:
                values.append(rng.integers(0, 4, shape))
        runs.append(values)
    return runs


def _small_legalized(model: Path, api: str, tmp_path: Path, pto_compile: str) -> str:
    """The legalized IR of the port at its SMALL dimensions (for a port whose
    arguments are too large to give contents: small_args.json describes
    them)."""
    program = load_script(f"port_{model.parent.name}", model)
    with Context():
        (tmp_path / "small.mlir").write_text(str(program.build(program.SMALL)))
    subprocess.run([pto_compile, str(tmp_path / "small.mlir"), "-o", str(tmp_path / "small"),
                    "--runtime-api", api, "-q"], check=True)
    return next((tmp_path / "small").glob("*.legalized.mlir")).read_text()


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_port_cpp_does_what_the_simulator_does(compiled, api, tmp_path, pto_opt,
                                                pto_translate, pto_compile):
    model, (legalized, _, _) = _compiled_at(compiled, api)
    args = model.parent / "args.json"
    if (model.parent / "small_args.json").is_file():
        args = model.parent / "small_args.json"
        legalized = _small_legalized(model, api, tmp_path, pto_compile)
    entry = cpp_trace.entry_name(legalized)
    builder = cpp_trace.StubBuilder(tmp_path)
    result = cpp_trace.compare(legalized, _runs(args, legalized, entry),
                               api, builder, pto_opt, pto_translate, entry=entry)
    assert result.difference is None, result.difference
    assert result.tasks > 0


@pytest.mark.skipif(not os.environ.get("SIMPLER_ROOT"),
                    reason="SIMPLER_ROOT is not set (no simpler checkout; docs/ports.md)")
def test_port_records_what_the_handwritten_orchestration_records(compiled):
    model, outs = compiled
    simpler = Path(os.environ["SIMPLER_ROOT"])
    runtime, name = model.parent.parent.name, model.parent.name
    scene = simpler / "examples" / "a2a3" / runtime / name
    handwritten = next((scene / "kernels" / "orchestration").glob("*.cpp"))
    # The entry the hand-written file exports: its scene's function_name.
    entry = runner.ORCH_FUNCTION_RE.search(next(scene.glob("test_*.py")).read_text()).group(2)
    _, _, out = outs["simpler_6ebaf771"]
    args = str(model.parent / "args.json")
    result = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "orchestration_stats.py"),
         str(next(out.glob("*.cpp"))), "--module", str(next(out.glob("*.legalized.mlir"))),
         "--args", args, "--api", "simpler_6ebaf771", "--steps", "1",
         "--against", str(handwritten), "--against-args", args,
         "--against-api", "simpler_6ebaf771",
         "--against-entry", entry,
         "--against-include", str(simpler / "src" / "common"),
         *COMPARED_WITH.get(name, [])],
        capture_output=True, text=True)
    lines = result.stdout.rstrip().splitlines()
    expected = DIFFERENCES.get(name, [])
    assert [line for line in lines if line.startswith(("the entry, node", "Graph "))] == \
        expected, result.stdout + result.stderr
    assert lines[-1].startswith(f"{len(expected)} differences over "), result.stdout
    assert result.returncode == (1 if expected else 0)
