"""Sixty-six as a game kind: what ``replay.GAMES["sixtysix"]`` bundles."""

from __future__ import annotations

from notation.sixtysix import KIND as NOTATION
from notation.sixtysix.records import SixtySixGame

from ..analysis import ending_analysis
from ..model import GameKind
from . import ask, facts, view
from .check import SixtySixChecker
from .generate import generate_sixtysix
from .rules import RULEBOOK
from .table import SixtySixTable

__all__ = ["KIND"]


def _generate(seed: int, rules: str, players: int, deals: int) -> SixtySixGame:
    return generate_sixtysix(seed=seed, rules=rules)  # two players, to the target


KIND = GameKind[SixtySixTable, SixtySixGame](
    name="sixtysix",
    title="Sixty-six",
    round_word="deal",
    notation=NOTATION,
    rulebook=RULEBOOK,
    table=SixtySixTable,
    checker=SixtySixChecker,
    generate=_generate,
    describe=view.describe,
    sheet=view.sheet,
    progression=view.progression,
    annotate=view.annotate,
    move_note=view.move_note,
    question=ask.question,
    recorder_help=ask.HELP,
    watch=facts.watch,
    round_facts=facts.round_facts,
    cut_tags=facts.cut_tags,
    strip_facts=facts.strip_facts,
    filters=facts.FILTERS,
    stats=facts.SixtySixStats,
    tables=facts.TABLES,
    rows=facts.rows,
    analysis=ending_analysis(),
)
"""Sixty-six (Шестьдесят шесть)."""
