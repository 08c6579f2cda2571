from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
INVALID = Path(__file__).resolve().parent / "data" / "invalid"


@pytest.fixture
def root() -> Path:
    return ROOT
