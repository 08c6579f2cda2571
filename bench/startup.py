"""Start-up: ``kozyr validate`` of one small hand-written file and ``kozyr --help``, against
``python -c "import chess.pgn"``, run in turn (interleaved) so that each sees the same
machine; medians of wall and CPU time.

    python bench/startup.py [--rounds 15] [--file samples/thousand/01-first-hand.kgn] [--build DIR]

``kozyr`` is the command on the path (an installed kozyr), or with ``--build`` the package in
that folder (a checkout built in place with ``python setup.py build_ext --inplace``, or not
built: plain Python), run as ``python -c "from replay.cli import main; main()"``.

The target (issue #14) is at most 2x python-chess's import for both.  kozyr's bytecode is
compiled first, as an installed package has it (``timing.as_installed``), and each command
runs once untimed.  Needs the dev-only dependency ``chess``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from timing import as_installed

HERE = Path(__file__).resolve().parent


def run(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall and CPU seconds of one process (CPU: user + system of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--file", default=str(HERE.parent / "samples/thousand/01-first-hand.kgn"))
    ap.add_argument("--build", help="time the package in this folder, not the kozyr command on the path")
    args = ap.parse_args()
    as_installed()
    kozyr = [str(Path(sys.executable).parent / "kozyr")]
    env: dict[str, str] | None = None
    if args.build:
        kozyr = [sys.executable, "-c", "from replay.cli import main; main()"]
        env = {**os.environ, "PYTHONPATH": str(Path(args.build).resolve())}
    commands = {
        "kozyr validate FILE": [*kozyr, "validate", args.file],
        "kozyr --help": [*kozyr, "--help"],
        "import chess.pgn": [sys.executable, "-c", "import chess.pgn"],
    }
    for argv in commands.values():
        run(argv, env)  # writes the bytecode
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(args.rounds):
        for name, argv in commands.items():
            times[name].append(run(argv, env))
    base_wall = statistics.median(w for w, _ in times["import chess.pgn"])
    base_cpu = statistics.median(c for _, c in times["import chess.pgn"])
    print(f"start-up, median of {args.rounds} interleaved runs (wall s, CPU s):")
    for name, values in times.items():
        wall = statistics.median(w for w, _ in values)
        cpu = statistics.median(c for _, c in values)
        print(
            f"  {name:22} {wall:6.3f} wall {cpu:6.3f} CPU   "
            f"{wall / base_wall:4.2f}x / {cpu / base_cpu:4.2f}x python-chess"
        )


if __name__ == "__main__":
    main()
