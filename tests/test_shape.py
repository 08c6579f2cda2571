"""The code's shape, as docs/architecture.md promises it: rules written one per method, not
piled into single functions; card arithmetic in one module; a base game that does not know
its variants."""

from __future__ import annotations

import re
from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Class

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted([*ROOT.glob("notation/**/*.py"), *ROOT.glob("replay/**/*.py")])

MOST_TANGLED = 15
"""How many functions of notation/ and replay/ may have a cyclomatic complexity of 20 or
more (python-chess, a codebase of a similar size, has 17)."""


def complexities() -> list[tuple[str, str, int]]:
    """Every function and method with its cyclomatic complexity (radon's, as ``radon cc``)."""
    out = []
    for path in SOURCES:
        for block in cc_visit(path.read_text(encoding="utf-8")):
            if not isinstance(block, Class):  # a class's methods are listed on their own
                out.append((str(path.relative_to(ROOT)), block.fullname, block.complexity))
    return out


def test_no_function_piles_up_rules() -> None:
    found = complexities()
    assert len(found) > 1000  # every module was read
    tangled = sorted((c, f"{path}:{name}") for path, name, c in found if c >= 20)
    assert len(tangled) <= MOST_TANGLED, tangled
    assert not [t for t in tangled if t[0] >= 35], tangled


def test_card_arithmetic_is_written_only_in_notation_cards() -> None:
    """A card's suit and rank come from notation/cards.py in Python, and from its C twin,
    replay/native.h (``suit_of``, ``rank_of``), in the C searches."""
    arithmetic = re.compile(r"[\w)\]]\s*(?://|%)\s*9\b")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in SOURCES
        if path.name != "cards.py" or path.parent.name != "notation"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if arithmetic.search(line.split("#")[0])
    ]
    assert found == []
    assert arithmetic.search("rank = c % 9") and arithmetic.search("suit = (card) // 9")
    in_c = re.compile(r"[\w)\]]\s*[/%]\s*(?:9|KOZYR_RANKS)\b")
    c_files = sorted([*ROOT.glob("replay/**/*.c"), *ROOT.glob("replay/**/*.h"), *ROOT.glob("notation/*.c")])
    assert len(c_files) >= 5
    found = [
        (str(path.relative_to(ROOT)), line.split("(")[0])
        for path in c_files
        for line in path.read_text(encoding="utf-8").splitlines()
        if in_c.search(line.split("//")[0])
    ]
    assert found == [("replay/native.h", "static inline int suit_of"), ("replay/native.h", "static inline int rank_of")], found
    assert in_c.search("return 6 * (card / 9) + r;") and in_c.search("POINTS[c % 9]")


def test_bura_does_not_know_its_variant() -> None:
    """Burkozel is a subclass of Bura (its notation and record, table, checker, kind); Bura's
    packages never name it."""
    from replay.bura import BuraKind
    from replay.bura.table import BuraChecker, BuraTable
    from replay.burkozel import KIND
    from replay.burkozel.table import BurkozelChecker, BurkozelTable

    assert isinstance(KIND, BuraKind) and issubclass(BurkozelTable, BuraTable)
    assert issubclass(BurkozelChecker, BuraChecker)
    from notation.bura import BuraNotation
    from notation.bura.records import BuraGame
    from notation.burkozel import BurkozelGame, BurkozelNotation

    assert issubclass(BurkozelNotation, BuraNotation) and issubclass(BurkozelGame, BuraGame)
    named = [
        f"{path.relative_to(ROOT)}:{n}"
        for package in (ROOT / "replay" / "bura", ROOT / "notation" / "bura")
        for path in sorted(package.iterdir())
        if path.suffix in (".py", ".pyi", ".c")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "burkozel" in line.casefold()
    ]
    assert named == []
