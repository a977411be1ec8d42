"""Grade both shipped Neural GPUs on fresh random sums, the carry family and structured sums.

Notebook 12's figures that cost minutes to compute, recorded here so that its run under test
does not recompute them (it reads them, and grades a few cheap ones live). Both models are
graded from their shipped weights, as the notebook loads them: the lecture's
(``checkpoint.load_shipped()``, "original") and the improved one
(``checkpoint.load_shipped("add_improved")``, "improved"), on sums that neither training,
choosing nor testing used (generator seed ``FRESH_SEED``):

- ``FRESH_COUNT`` random sums of ``FRESH_BITS`` bits each, fully correct or not;
- the carry family (2^(n-1) - 1) + 1 at ``FRESH_BITS`` bits for both models, at ``LONG_CARRY``
  bits (4,001 positions run for 4,001 steps) for the improved one, and for the original at
  every n from 2 to ``CARRY_TO``;
- one sum of every structured family of ``tasks.structured_batch`` beside 16 random sums of
  the same length (``views.structured_grades``): the original at ``BITS["original"]``, the
  improved one at ``BITS["improved"]``.

    python benchmarks/neural_gpu_structured.py              # a few minutes; updates RESULTS.md
    python benchmarks/neural_gpu_structured.py --quick --no-write

Writes the ``## Neural GPU: both shipped models on fresh and structured sums`` section of
benchmarks/RESULTS.md and the ``neural_gpu_structured`` key of
cs20_helpers/data/benchmark_results.json: ``fresh_seed``, ``fresh_bits``, ``fresh_count``;
``fresh_right[model]``, the fully correct random sums; ``carry[model][bits]``, whether the
carry case is right; ``carry_scan``, the original's ``wrong`` n from ``from`` to ``to``;
``structured[model][bits]``, ``views.structured_grades``'s figures with the ``seconds`` they
took; ``seconds`` of the fresh sums and carry case per model and of the long carry case.
"""

from __future__ import annotations

import sys
import time

from cs20_helpers.benchmarking import Bench, Section, argument_parser, run_benchmark

HEADING = "Neural GPU: both shipped models on fresh and structured sums"
KEY = "neural_gpu_structured"
#: The generator seed of the fresh sums: neither ``neural_gpu.VALIDATION_SEED`` (1) nor
#: ``TEST_SEED`` (2).
FRESH_SEED = 3
#: Fresh random sums per model and their length; the improved model's long carry case; the
#: original's carry cases run from n = 2 to this.
FRESH_BITS, FRESH_COUNT, LONG_CARRY, CARRY_TO = 200, 32, 2000, 40
#: The lengths of the structured table, per model.
BITS = {"original": (20, 40), "improved": (200, 300, 1000)}
#: ``--quick``: the same figures on short sums, in seconds.
QUICK = {"fresh_bits": 10, "fresh_count": 4, "long_carry": 12, "carry_to": 6,
         "bits": {"original": (9,), "improved": (9, 10)}}


def main(argv: list[str] | None = None) -> int:
    """Grade both shipped models, print the figures, write them."""
    parser = argument_parser(__doc__)
    parser.add_argument("--quick", action="store_true", help="short sums: a smoke run")
    return run_benchmark(parser.parse_args(argv), measure, KEY, HEADING)


def grade(models: dict, quick: bool) -> dict:
    """Grade the ``models`` (``{"original": ..., "improved": ...}``) as the module says; return
    the figures."""
    from cs20_helpers.neural_gpu import tasks, views

    sizes = QUICK if quick else {"fresh_bits": FRESH_BITS, "fresh_count": FRESH_COUNT,
                                 "long_carry": LONG_CARRY, "carry_to": CARRY_TO, "bits": BITS}
    bits, count = sizes["fresh_bits"], sizes["fresh_count"]
    figures = {"fresh_seed": FRESH_SEED, "fresh_bits": bits, "fresh_count": count,
               "fresh_right": {}, "carry": {}, "structured": {}, "seconds": {}}
    for name, model in models.items():
        start = time.perf_counter()
        figures["fresh_right"][name] = round(
            model.accuracy(bits, count, seed=FRESH_SEED, batch=count) * count)
        figures["carry"][name] = {str(bits): bool(model.correct(*tasks.carry_family(bits))[0])}
        figures["seconds"][name] = round(time.perf_counter() - start, 1)
        print(f"{name}: {figures['fresh_right'][name]} of {count} fresh {bits}-bit sums, "
              f"carry case {figures['carry'][name]}", flush=True)
    scan = range(2, sizes["carry_to"] + 1)
    figures["carry_scan"] = {"from": scan[0], "to": scan[-1], "wrong": [
        n for n in scan if not models["original"].correct(*tasks.carry_family(n))[0]]}
    start, long = time.perf_counter(), sizes["long_carry"]
    figures["carry"]["improved"][str(long)] = bool(
        models["improved"].correct(*tasks.carry_family(long))[0])
    figures["seconds"]["long_carry"] = round(time.perf_counter() - start, 1)
    for name, model in models.items():
        figures["structured"][name] = {}
        for n in sizes["bits"][name]:
            start = time.perf_counter()
            grades = views.structured_grades(model, n, FRESH_SEED)
            figures["structured"][name][str(n)] = {
                **grades, "seconds": round(time.perf_counter() - start, 1)}
            print(f"{name} at {n} bits: {grades}", flush=True)
    return figures


def markdown_table(figures: dict) -> str:
    """The structured table: a column per model and length, a row per family (``ok`` or the
    first wrong bit of the answer), the random sums first."""
    from cs20_helpers.neural_gpu import tasks

    columns = [(name, n) for name, by_bits in figures["structured"].items() for n in by_bits]
    grades = [figures["structured"][name][n] for name, n in columns]
    rows = [f"| sum | {' | '.join(f'{name} {n} bits' for name, n in columns)} |",
            "| --- |" + " ---: |" * len(columns),
            f"| random (of {grades[0]['random_count']}) | "
            + " | ".join(str(g["random_right"]) for g in grades) + " |"]
    for family in tasks.STRUCTURED:
        cells = [g["first_wrong"][family] for g in grades]
        rows.append(f"| `{family}` | " + " | ".join(
            "ok" if bit is None else f"bit {bit}" for bit in cells) + " |")
    return "\n".join(rows)


def measure(bench: Bench) -> Section:
    """Load both shipped models, grade them, and return what to store."""
    from cs20_helpers.neural_gpu import checkpoint

    begin = time.perf_counter()
    models = {"original": checkpoint.load_shipped()[0],
              "improved": checkpoint.load_shipped("add_improved")[0]}
    try:
        figures = grade(models, bench.args.quick)
    finally:
        for model in models.values():
            model.close()
    total = time.perf_counter() - begin
    table = markdown_table(figures)
    print(table)
    print(f"({total:.0f} s in all)")
    bits, count, scan = figures["fresh_bits"], figures["fresh_count"], figures["carry_scan"]
    carry = "; ".join(f"{name}: " + ", ".join(
        f"{int(n):,} bits {'right' if ok else 'wrong'}" for n, ok in by_bits.items())
        for name, by_bits in figures["carry"].items())
    intro = (
        "`python benchmarks/neural_gpu_structured.py`: both shipped Neural GPUs, lecture 12's "
        "(\"original\", `checkpoint.load_shipped()`) and the improved one "
        "(`load_shipped(\"add_improved\")`), graded from their shipped weights on sums of "
        f"generator seed {FRESH_SEED}, which neither training, choosing nor testing used "
        f"(notebook 12 reads these figures). Fresh random {bits}-bit sums fully correct, of "
        f"{count}: "
        + ", ".join(f"{name} {right}" for name, right in figures["fresh_right"].items())
        + f". The carry family (2^(n-1) - 1) + 1: {carry}; the original is wrong for "
        f"{len(scan['wrong'])} of the n from {scan['from']} to {scan['to']} "
        f"({', '.join(map(str, scan['wrong']))}). The table: one sum of each structured "
        "family of `tasks.structured_batch` (bits written least significant first), `ok` "
        "or the first wrong bit of the answer, beside random sums of the same length. "
        f"{total:.0f} s in all (the {int(max(figures['carry']['improved'], key=int)):,}-bit "
        f"carry case {figures['seconds']['long_carry']} s). Figures also in "
        f"`cs20_helpers/data/benchmark_results.json` under `{KEY}`.")
    return Section({**figures, "total_seconds": round(total, 1), "machine": bench.machine,
                    "loaded": bench.loaded}, intro, table,
                   under_load="the seconds are indicative only; the grades do not depend on "
                              "the load.")


if __name__ == "__main__":
    sys.exit(main())
