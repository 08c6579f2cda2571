"""Every command that reads a whole corpus, on one large file: MB per CPU second and peak
memory, one process each (``--jobs 1`` where a command has jobs).

    python bench/commands.py [--mb 100] [--only export-json ...]

The corpus is bench/bench.py's generated Thousand corpus (10 MB; ``--game bura``: its Bura
and Burkozel corpus) repeated to the size asked (``big_corpus``).
Targets (issue #14): on a 100 MB file every command at least 2 MB/s and under 150 MB of peak
RSS.  ``import`` reads the JSON that ``export --to json`` writes of the same corpus.  Output goes to /dev/null; CPU time and peak RSS come from /usr/bin/time.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from timing import as_installed, kozyr_cost  # noqa: E402

from bench import big_corpus  # noqa: E402

COMMANDS = {
    "validate": ["validate", "-q", "-j", "1"],
    "export-json": ["export", "--to", "json"],
    "export-jsonl": ["export", "--to", "json", "--jsonl"],
    "export-kgn": ["export", "--to", "kgn"],
    "fmt": ["fmt"],
    "annotate": ["annotate"],
    "query": ["query", "--player", "Anna", "--made", "--count", "-j", "1"],
    "stats": ["stats", "-j", "1"],
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, default=100)
    ap.add_argument("--only", nargs="+", choices=sorted([*COMMANDS, "import"]))
    ap.add_argument("--game", choices=["thousand", "bura"], default="thousand")
    args = ap.parse_args()
    as_installed()
    path = big_corpus(args.mb, args.game)
    size = path.stat().st_size / 1e6
    print(f"{path.name}: {size:.1f} MB; one process each, CPU time")
    runs = [(name, [*argv, str(path)], size) for name, argv in COMMANDS.items()]
    if not args.only or "import" in args.only:
        json_path = path.with_suffix(".json")
        if not json_path.exists():
            subprocess.run(
                [
                    str(Path(sys.executable).parent / "kozyr"),
                    "export",
                    "--to",
                    "json",
                    str(path),
                    "-o",
                    str(json_path),
                ],
                check=True,
            )
        runs.append(("import", ["import", str(json_path)], json_path.stat().st_size / 1e6))
    for name, argv, mb in runs:
        if args.only and name not in args.only:
            continue
        cpu, peak_bytes, code = kozyr_cost(argv)
        peak = peak_bytes / 1e6
        verdict = "ok" if mb / cpu >= 2 and peak < 150 else "MISSES the target"
        print(
            f"  {name:13} {mb / cpu:6.2f} MB/s  {cpu:7.1f} s CPU  peak RSS {peak:6.0f} MB  "
            f"exit {code}  {verdict}"
        )
        if name == "import":
            print(f"  (import reads the {mb:.0f} MB of JSON that export --to json wrote)")


if __name__ == "__main__":
    main()
