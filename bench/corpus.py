"""Throughput of the corpus commands against `kozyr validate` on the same file, one
process each (CPU time), and their peak memory.

    python bench/corpus.py [--mb 10] [--jobs 1]

Uses bench/out/thousand-<mb>mb.kgn (made by bench/bench.py's generator if missing).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, default=10)
    ap.add_argument("--jobs", default="1")
    args = ap.parse_args()
    from timing import as_installed, kozyr_cost  # type: ignore[import-not-found]

    from bench import thousand_corpus  # type: ignore[import-not-found]

    as_installed()

    path = thousand_corpus(args.mb)
    size = path.stat().st_size / 1e6
    out = HERE / "out"
    commands = {
        "validate": ["validate", "-q", "-j", args.jobs, str(path)],
        "query --count": ["query", "--declarer", "Anna", "--failed", "--count", "-j", args.jobs, str(path)],
        "query --hands": ["query", "--declarer", "Anna", "--failed", "--hands", "-j", args.jobs, "-o", str(out / "q.kgn"), str(path)],
        "stats --by contract": ["stats", "--by", "contract", "--format", "json", "-j", args.jobs, str(path)],
        "export --to parquet": ["export", "--to", "parquet", "-j", args.jobs, "-o", str(out / "pq"), str(path)],
    }
    base = None
    for name, cmd in commands.items():
        cpu, peak, _ = kozyr_cost(cmd)
        speed = size / cpu
        base = base or speed
        print(f"{name:22} {size:.1f} MB in {cpu:6.2f} CPU s = {speed:5.2f} MB/s ({100 * speed / base:3.0f}% of validate), peak RSS {peak / 1e6:.0f} MB")


if __name__ == "__main__":
    main()
