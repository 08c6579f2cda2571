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
    views = view
    facts = facts
    questions = ask
    analysis = ending_analysis()

    def generate(self, seed: int, rules: str, players: int, rounds: int) -> SixtySixGame:
        return generate_sixtysix(seed=seed, rules=rules)  # two players, to the target

    stats = staticmethod(facts.SixtySixStats)


KIND = SixtySixKind()
"""Sixty-six's kind (``replay.GAMES["sixtysix"]``)."""
