"""Sixty-six as a game kind: what ``replay.GAMES["sixtysix"]`` bundles."""

from __future__ import annotations

from notation.sixtysix import KIND as NOTATION
from notation.sixtysix.records import SixtySixGame

from ..analysis import ending_analysis
from ..model import GameKind, Stats, hooks
from .check import SixtySixChecker
from .table import SixtySixTable

__all__ = ["KIND", "SixtySixKind"]


class SixtySixKind(GameKind[SixtySixTable, SixtySixGame]):
    """Sixty-six (Шестьдесят шесть)."""

    table = SixtySixTable
    checker = SixtySixChecker
    notation = NOTATION
    views = hooks(f"{__package__}.view")
    facts = hooks(f"{__package__}.facts")
    questions = hooks(f"{__package__}.ask")
    analysis = ending_analysis()

    def generate(self, seed: int, rules: str, players: int, rounds: int) -> SixtySixGame:
        from .generate import generate_sixtysix

        return generate_sixtysix(seed=seed, rules=rules)  # two players, to the target

    def stats(self) -> Stats:
        from .facts import SixtySixStats

        return SixtySixStats()


KIND = SixtySixKind()
"""Sixty-six's kind (``replay.GAMES["sixtysix"]``)."""
