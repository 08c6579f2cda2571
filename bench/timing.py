"""Running ``kozyr`` in a process of its own and reading its CPU time and peak memory."""

from __future__ import annotations

import compileall
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent


def as_installed() -> None:
    """Give kozyr's processes cached bytecode, as ``pip install`` does (it compiles every
    module it installs): compile the checkout's ``notation`` and ``replay`` now, and let the
    children use and write bytecode even where ``PYTHONDONTWRITEBYTECODE`` is set.  Without
    this, every timed process would compile the modules that are not built with mypyc from
    source (0.1 s a run), which python-chess, installed by pip, never does."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    for package in ("notation", "replay"):
        compileall.compile_dir(ROOT / package, quiet=1)


class Cost(NamedTuple):
    cpu: float
    """CPU seconds, user + system."""
    peak: int
    """Peak RSS in bytes."""
    code: int
    """The exit code."""


def kozyr_cost(args: list[str]) -> Cost:
    """What ``kozyr ARGS`` cost (/usr/bin/time), its output dropped."""
    kozyr = Path(sys.executable).parent / "kozyr"
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        proc = subprocess.run(
            ["/usr/bin/time", "-o", report.name, "-f", "%U %S %M", str(kozyr), *args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        user, system, peak = report.read().strip().splitlines()[-1].split()
    return Cost(float(user) + float(system), int(peak) * 1024, proc.returncode)
