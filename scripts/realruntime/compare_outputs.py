#!/usr/bin/env python3
"""Compares two saved a2a3sim runs (same kernels, same inputs) element by element.

    python compare_outputs.py A.pt B.pt [--layers L] [--json]

A.pt and B.pt are what qwen3_scene.py saves ($QWEN3_SIM_DUMP): a dict of output
name -> tensor. Per output: whether the two are bitwise equal, the largest
absolute difference and how many elements differ; for the KV caches also
whether each run's equals the input (with the CANN attention kernels stubbed
out they come back unchanged). Rows are compared in chunks so 8-layer dumps
fit in 24 GiB. Runs with the venv that scripts/setup_simpler_sim.sh makes
(torch, simpler_setup), inside its chroot.
"""
import argparse
import json
import sys

import torch

CHUNK_ROWS = 1 << 20


def compare(a, b, inputs=None):
    rows = {}
    for name in a:
        x, y = a[name], b[name]
        row = {"shape": list(x.shape), "numel": x.numel()}
        if x.shape != y.shape:
            row["error"] = f"shapes differ: {tuple(x.shape)} vs {tuple(y.shape)}"
            rows[name] = row
            continue
        max_diff, differing, nonfinite = 0.0, 0, 0
        for i in range(0, x.shape[0], CHUNK_ROWS):
            xf, yf = x[i:i + CHUNK_ROWS].float(), y[i:i + CHUNK_ROWS].float()
            d = (xf - yf).abs()
            # NaN == NaN counts as equal here (bitwise_equal tells the rest).
            both_nan = torch.isnan(xf) & torch.isnan(yf)
            d = torch.where(both_nan, torch.zeros_like(d), d)
            nonfinite += int((~torch.isfinite(xf)).sum()) + int((~torch.isfinite(yf)).sum())
            if d.numel():
                max_diff = max(max_diff, float(torch.nan_to_num(d, nan=float("inf")).max()))
            differing += int((d != 0).sum())
        row.update(bitwise_equal=bool(torch.equal(x, y)), max_abs_diff=max_diff,
                   differing=differing, nonfinite=nonfinite)
        if inputs is not None and hasattr(inputs, name) and name in ("k_cache", "v_cache"):
            inp = getattr(inputs, name)
            row["a_equals_input"] = bool(torch.equal(x, inp))
            row["b_equals_input"] = bool(torch.equal(y, inp))
        rows[name] = row
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--layers", type=int, default=None,
                        help="regenerate the scene's inputs at L layers to check the KV caches against them")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    a = torch.load(args.a)
    b = torch.load(args.b)
    inputs = None
    if args.layers:
        from simpler_setup.goldens.qwen3_14b_decode import generate_inputs  # noqa: PLC0415
        inputs = generate_inputs(seed=1234, seq_len=3500, n_layers=args.layers)
    rows = compare(a, b, inputs)
    if args.json:
        print(json.dumps(rows))
        return 0
    for name, row in rows.items():
        if "error" in row:
            print(f"{name}: {row['error']}")
            continue
        line = (f"{name}: bitwise_equal={row['bitwise_equal']} max_abs_diff={row['max_abs_diff']:.6g} "
                f"differing_elems={row['differing']}/{row['numel']}")
        if "a_equals_input" in row:
            line += f" | a==input:{row['a_equals_input']} b==input:{row['b_equals_input']}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
