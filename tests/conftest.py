from __future__ import annotations

from pathlib import Path

import pytest

import notation
import replay
from replay.sources import texts_of

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
INVALID = Path(__file__).resolve().parent / "data" / "invalid"


@pytest.fixture
def root() -> Path:
    return ROOT


def diagnostics_of(path: Path) -> list[notation.KgnError]:
    """What `kozyr validate` reports for a file, in order."""
    out: list[notation.KgnError] = []
    for gtext, item in texts_of(str(path)):
        if isinstance(item, notation.KgnError):
            out.append(item)
        else:
            out.extend(replay.check(item, file=gtext.file, source=gtext.source_line).diagnostics)
    return out
