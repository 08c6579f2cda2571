"""Running ``kozyr`` in a process of its own and reading its CPU time and peak memory."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def kozyr_cost(args: list[str]) -> tuple[float, int]:
    """CPU seconds (user + system) and peak RSS in bytes of ``kozyr ARGS`` (/usr/bin/time)."""
    kozyr = Path(sys.executable).parent / "kozyr"
    out = subprocess.run(
        ["/usr/bin/time", "-f", "%U %S %M", str(kozyr), *args],
        capture_output=True,
        text=True,
    )
    user, system, peak = out.stderr.strip().splitlines()[-1].split()
    return float(user) + float(system), int(peak) * 1024
