"""Pathological inputs at 1, 2, 4 and 8 MB: CPU time must grow linearly and peak memory
stay under 20 times the input.

    python bench/hostile.py [--sizes 1 2 4 8] [--command validate]

Each shape is written at each size and checked by ``kozyr validate -j 1`` (or another
command) in its own process; the table shows CPU seconds, peak RSS, the ratio of the
largest to the smallest time, and the memory the input added (peak RSS less the peak of an
empty record, the grammar loaded) over the input's size, and the slope: what each further
MB of input adds.  Needs /usr/bin/time.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from timing import as_installed, kozyr_cost  # noqa: E402

H = '[Game "thousand"]\n[Players "A" "B" "C"]\n[Dealer "C"]\n[Rules "classic"]\n'
B = '[Game "bura"]\n[Players "A" "B"]\n[Dealer "B"]\n[Rules "classic"]\n'
BURA_DEAL = "deal 1\n  hands A: 6H 7H 8H / B: 9S TS JS / trump: QC\n"

SHAPES: dict[str, Callable[[int], str]] = {
    "huge number": lambda n: H + "\nhand 1\n  bid A 1" + "0" * n + "\n",
    "long quoted string": lambda n: H + '[Event "' + "x" * n + '"]\n\nhand 1\n',
    "long comment": lambda n: H + "\nhand 1\n  bid B 100 {" + "y" * n + "}\n",
    "long name": lambda n: H.replace('"A"', '"' + "A" * n + '"') + "\nhand 1\n",
    "leading blank lines": lambda n: "\n" * n + H,
    "errors in one game": lambda n: B + BURA_DEAL + "  pot 0\n" * (n // 8),
    "many games, each nested 50 deep": lambda n: ("\n" + H + "\nhand 1\n  bid B 100" + " (B 105" * 50 + ")" * 50 + "\n") * (n // 490),
    "one line of cards": lambda n: H + "\nhand 1\n  talon " + "AS " * (n // 3) + "\n",
    "many hands": lambda n: H + "".join(f"\nhand {k}" for k in range(1, n // 8)) + "\n",
    "many calls on one line": lambda n: H + "\nhand 1\n  bid A 100" + ", B pass" * (n // 8) + "\n",
    "many comments": lambda n: H + "\nhand 1\n  bid A 100" + "{}" * (n // 2) + "\n",
    "many variations": lambda n: H + "\nhand 1\n  bid A 100" + " (B pass)" * (n // 9) + "\n",
    "empty variations": lambda n: H + "\nhand 1\n  bid A 100" + "()" * (n // 2) + "\n",
    "only tag lines": lambda n: "[x]\n" * (n // 4),
    "long tag lines": lambda n: ("[" + "x" * 3000 + "]\n") * (n // 3003),
    "runs of 100 tag lines": lambda n: ("1. x\n" + "[a]\n" * 100) * (n // 405),
    "a Players tag of millions of names": lambda n: '[Game "thousand"]\n[Players' + ' "A"' * (n // 4) + ']\n[Dealer "A"]\n[Rules "classic"]\n\nhand 1\n',
    "many games, to one page": lambda n: (H + "\nhand 1\n  bid B 100, C pass, A pass\n\n") * (n // 110),
    "a comment left open before many headers": lambda n: B + "\n{ never closed\n" + '[Event "x"]\n1. 6s 7s\n' * (n // 21),
}


def measure(command: list[str], path: Path) -> tuple[float, int]:
    cost = kozyr_cost([*command, str(path)])
    return cost.cpu, cost.peak


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[1, 2, 4, 8])
    ap.add_argument("--command", default="validate -j 1")
    ap.add_argument("--shape", action="append", help="only these shapes")
    args = ap.parse_args()
    command = args.command.split()
    as_installed()
    with tempfile.TemporaryDirectory() as tmp:
        # The process alone: the larger peak of an empty record and of a tiny one that only
        # the grammar reads (Lark and its tables are a fixed cost of that path, whatever
        # the input's size; most shapes below take it).
        empty = Path(tmp) / "empty.kgn"
        empty.write_text(H)
        _, canonical = measure(command, empty)
        empty.write_text(H + "\nhand 1\n  bid A 100 ; read by the grammar\n")
        _, grammar = measure(command, empty)
        base = max(canonical, grammar)
        print(
            f"kozyr {args.command}: CPU s and peak RSS per size (MB); the process alone "
            f"peaks at {canonical / 1e6:.0f} MB ({grammar / 1e6:.0f} MB with the grammar "
            "loaded); growth/input is (peak - the larger) / input at the worst size, slope "
            "the memory each further MB of input adds (smallest to largest size)"
        )
        for name, make in SHAPES.items():
            if args.shape and name not in args.shape:
                continue
            row = []
            for mb in args.sizes:
                path = Path(tmp) / "shape.kgn"
                path.write_text(make(mb * 1_000_000))
                size = path.stat().st_size
                cpu, peak = measure(command, path)
                row.append((mb, cpu, peak, size))
            first, last = row[0], row[-1]
            growth = last[1] / max(first[1], 0.01)
            memory = max((p - base) / s for _, _, p, s in row)
            slope = (last[2] - first[2]) / max(last[3] - first[3], 1)
            cells = "  ".join(f"{mb} MB {cpu:6.2f} s {peak / 1e6:6.0f} MB" for mb, cpu, peak, _ in row)
            print(f"{name:32} {cells}  time x{growth:.1f}, growth/input {memory:.1f}, slope {slope:.1f}")


if __name__ == "__main__":
    main()
