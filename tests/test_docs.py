"""The documentation is the user's rulebook: complete, and the only one the repository cites."""

from __future__ import annotations

import re
from pathlib import Path

from replay.rules import SWITCHES

ROOT = Path(__file__).resolve().parent.parent
RULES = (ROOT / "docs" / "rules.md").read_text()


def shipped_text() -> list[tuple[Path, str]]:
    out = []
    for folder in ("notation", "replay", "grammar", "samples", "docs", "tests/data"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".md", ".kgn", ".lark"):
                out.append((path, path.read_text(encoding="utf-8", errors="replace")))
    out.append((ROOT / "README.md", (ROOT / "README.md").read_text()))
    return out


def test_nothing_points_at_a_rulebook_users_do_not_have() -> None:
    bad = [str(p) for p, text in shipped_text() if "RULES.md" in text or "shared/" in text]
    assert not bad


def test_every_clause_the_engines_cite_is_written_out_in_the_rulebook() -> None:
    source = "".join(path.read_text() for path in (ROOT / "replay").rglob("*.py"))
    cited = set(re.findall(r'"([TBK]\d+(?:\.\d+)?)"', source))
    assert len(cited) > 30
    defined = set(re.findall(r"\*\*([TBK]\d+(?:\.\d+)?)\*\*", RULES))
    assert not cited - defined, sorted(cited - defined)


def test_every_switch_and_value_is_in_the_rulebook() -> None:
    house = RULES[RULES.index("## House rules") :]
    sections = {
        game: house[house.index(f"### {game.capitalize()} (") :].split("\n### ")[0]
        for game in SWITCHES
    }
    for game, switches in SWITCHES.items():
        for sw in switches:
            lines = sections[game].splitlines()
            row = next((line for line in lines if line.startswith(f"| `{sw.name}` |")), None)
            assert row is not None, sw.name
            for value in sw.values:
                assert value in row, (sw.name, value)
