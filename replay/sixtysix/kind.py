"""Sixty-six as a game kind: what ``replay.GAMES["sixtysix"]`` bundles."""

from __future__ import annotations

from notation.sixtysix import KIND as NOTATION
from notation.sixtysix.records import SixtySixGame

from ..analysis import ending_analysis
from ..model import GameKind
from . import ask, facts, view
from .check import SixtySixChecker
from .generate import generate_sixtysix
from .table import SixtySixTable

__all__ = ["KIND", "SixtySixKind"]


class SixtySixKind(GameKind[SixtySixTable, SixtySixGame]):
    """Sixty-six (Шестьдесят шесть)."""

    table = SixtySixTable
    checker = SixtySixChecker
    notation = NOTATION
    recorder_help = ask.HELP
    filters = facts.FILTERS
    tables = facts.TABLES
    analysis = ending_analysis()

    def generate(self, seed: int, rules: str, players: int, rounds: int) -> SixtySixGame:
        return generate_sixtysix(seed=seed, rules=rules)  # two players, to the target

    describe = staticmethod(view.describe)
    sheet = staticmethod(view.sheet)
    progression = staticmethod(view.progression)
    annotate = staticmethod(view.annotate)
    move_note = staticmethod(view.move_note)
    question = staticmethod(ask.question)
    watch = staticmethod(facts.watch)
    round_facts = staticmethod(facts.round_facts)
    cut_tags = staticmethod(facts.cut_tags)
    strip_facts = staticmethod(facts.strip_facts)
    stats = staticmethod(facts.SixtySixStats)
    rows = staticmethod(facts.rows)


KIND = SixtySixKind()
"""Sixty-six's kind (``replay.GAMES["sixtysix"]``)."""
