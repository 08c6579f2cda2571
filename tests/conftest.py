from __future__ import annotations

import io
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

import notation
import notation.fastparse
import replay
import replay.table
from replay.sources import texts_of

# CI replays the same examples every run (reproducible verdicts); elsewhere each run explores
# new ones, and bench/fuzz.py runs longer campaigns.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

# The tests read kozyr's English unless one chooses a language (a tester's own locale must
# not change what they expect; tests/test_i18n.py chooses its languages itself).
os.environ["KOZYR_LANG"] = "en"

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"

# CI's second run is meant for the compiled modules (installed by pip): never let it pass
# on plain Python because the source tree came first on sys.path.
if os.environ.get("KOZYR_COMPILED") and not (
    replay.table.__file__.endswith(".so") and notation.fastparse.__file__.endswith(".so")
):
    raise RuntimeError(f"KOZYR_COMPILED: the tests import {replay.table.__file__}, not the compiled modules")
INVALID = Path(__file__).resolve().parent / "data" / "invalid"


@pytest.fixture(autouse=True)
def english_after_each_test() -> Iterator[None]:
    """A test that chooses a language (``--lang`` through the app sets ``KOZYR_LANG`` for
    the workers) leaves English behind it for the next."""
    yield
    os.environ["KOZYR_LANG"] = "en"
    from notation import i18n

    i18n.use("en")


@pytest.fixture
def root() -> Path:
    return ROOT


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Any]:
    """``kozyr serve`` of a fresh folder (``tests/serving.py``), killed at the end."""
    from serving import Server

    folder = tmp_path / "games"
    folder.mkdir()
    s = Server(folder)
    yield s
    s.kill()


def diagnostics_of(path: Path) -> list[notation.KgnError]:
    """What `kozyr validate` reports for a file, in order."""
    out: list[notation.KgnError] = []
    for gtext, item in texts_of(str(path)):
        if isinstance(item, notation.KgnError):
            out.append(item)
        else:
            out.extend(replay.check(item, file=gtext.file, source=gtext.source_line).diagnostics)
    return out


class Trickle(io.BytesIO):
    """A binary stream that gives at most ``size`` bytes a read, as a slow pipe does."""

    def __init__(self, data: bytes, size: int) -> None:
        super().__init__(data)
        self.size = size

    def read1(self, size: int = -1) -> bytes:
        return super().read1(min(size, self.size) if size > 0 else self.size)


def peak_of(args: list[str]) -> tuple[int, int]:
    """``kozyr ARGS`` in a process of its own: its exit code and its peak RSS in bytes."""
    import subprocess
    import sys

    code = (
        "import resource, sys\n"
        "from replay.cli import main\n"
        f"sys.argv = ['kozyr', *{args!r}]\n"
        "try:\n    main()\n"
        "except SystemExit as exc:\n    status = exc.code or 0\n"
        "else:\n    status = 0\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
        "sys.exit(status)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    return proc.returncode, int(proc.stderr.strip().splitlines()[-1]) * 1024
