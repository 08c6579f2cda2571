"""Every command that reads a whole corpus, on one large file: MB per CPU second and peak
memory, one process each (``--jobs 1`` where a command has jobs).

    python bench/commands.py [--mb 100] [--only export-json ...]

The corpus is bench/bench.py's generated Thousand corpus (10 MB) repeated to the size asked.
Targets (issue #14): on a 100 MB file every command at least 2 MB/s and under 150 MB of peak
RSS.  ``import`` reads the JSON that ``export --to json`` writes of the same corpus.  Output goes to /dev/null; CPU time and peak RSS come from /usr/bin/time.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench import OUT, thousand_corpus  # noqa: E402

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


def corpus(mb: float) -> Path:
    base = thousand_corpus(10)
    if mb <= 10:
        return base
    path = OUT / f"thousand-{mb:g}mb.kgn"
    if not path.exists():
        data = base.read_text(encoding="utf-8")
        with open(path, "w", encoding="utf-8") as handle:
            while handle.tell() < mb * 1e6:
                handle.write(data)
                handle.write("\n")
    return path


def cost(args: list[str]) -> tuple[float, float, int]:
    """CPU seconds, peak RSS (MB) and exit code of ``kozyr ARGS`` with its output dropped."""
    kozyr = Path(sys.executable).parent / "kozyr"
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        proc = subprocess.run(
            ["/usr/bin/time", "-o", report.name, "-f", "%U %S %M", str(kozyr), *args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        user, system, peak = report.read().strip().splitlines()[-1].split()
    return float(user) + float(system), int(peak) / 1024, proc.returncode


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, default=100)
    ap.add_argument("--only", nargs="+", choices=sorted([*COMMANDS, "import"]))
    args = ap.parse_args()
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    path = corpus(args.mb)
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
        cpu, peak, code = cost(argv)
        verdict = "ok" if mb / cpu >= 2 and peak < 150 else "MISSES the target"
        print(
            f"  {name:13} {mb / cpu:6.2f} MB/s  {cpu:7.1f} s CPU  peak RSS {peak:6.0f} MB  "
            f"exit {code}  {verdict}"
        )
        if name == "import":
            print(f"  (import reads the {mb:.0f} MB of JSON that export --to json wrote)")


if __name__ == "__main__":
    main()
