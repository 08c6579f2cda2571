"""Every diagnostic code has a small invalid record that names its expected code and line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import INVALID, diagnostics_of

import replay

INVALID_FILES = sorted(INVALID.glob("*/*.kgn"))
EXPECT = re.compile(rb'\[Expect "([\w-]+) (\d+)"\]')


@pytest.mark.parametrize("path", INVALID_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_invalid_record_gives_its_code_at_its_line(path: Path) -> None:
    expect = EXPECT.search(path.read_bytes())
    assert expect, "each invalid record names its expected code and line"
    code, line = expect.group(1).decode(), int(expect.group(2))
    diags = diagnostics_of(path)
    assert diags, "the record must be reported"
    first = diags[0]
    assert (first.code, first.line) == (code, line), first.format()
    assert first.column is not None and first.file == str(path)


def codes_in(*modules: str) -> set[str]:
    here = Path(replay.__file__).parent
    source = "".join((here / m).read_text() for m in modules)
    return set(re.findall(r'code="([\w-]+)"', source)) | set(
        re.findall(r'"([a-z]+(?:-[a-z]+)+)",\s*\n?\s*(?:self\.clause\(|clause|"[TBK][0-9])', source)
    )


def expected_codes(folder: str) -> set[str]:
    out = set()
    for path in (INVALID / folder).glob("*.kgn"):
        m = EXPECT.search(path.read_bytes())
        assert m
        out.add(m.group(1).decode())
    return out


def test_every_thousand_code_has_an_invalid_record() -> None:
    missing = codes_in("thousand.py", "check.py", "table.py") - expected_codes("thousand")
    assert not missing, sorted(missing)


def test_every_bura_code_has_an_invalid_record() -> None:
    unreachable = {"draw-missing"}  # the checker draws what the record leaves out
    thousand_only = {"showed-out", "hidden-contradiction", "setup-"}
    have = expected_codes("bura") | expected_codes("burkozel") | expected_codes("thousand")
    missing = codes_in("bura.py", "bura_check.py") - have - unreachable - thousand_only
    assert not missing, sorted(missing)
