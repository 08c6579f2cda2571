"""Sixty-six as a game kind: what ``replay.GAMES["sixtysix"]`` bundles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation.sixtysix import KIND as NOTATION
from notation.sixtysix.records import SixtySixGame

from ..analysis import ending_analysis
from ..model import GameKind, Stats
from .check import SixtySixChecker
from .table import SixtySixTable

if TYPE_CHECKING:  # mypy holds the modules the kind loads when first used to their protocols
    from ..model import AskHooks, FactHooks, ViewHooks
    from . import ask, facts, view

    _HOOKS: tuple[ViewHooks[SixtySixTable, SixtySixGame], FactHooks[SixtySixTable, SixtySixGame], AskHooks[SixtySixTable]] = (view, facts, ask)

__all__ = ["KIND", "SixtySixKind"]


class SixtySixKind(GameKind[SixtySixTable, SixtySixGame]):
    """Sixty-six (Шестьдесят шесть)."""

    table = SixtySixTable
    checker = SixtySixChecker
    notation = NOTATION
    analysis = ending_analysis()

    def generate(self, seed: int, rules: str, players: int, rounds: int) -> SixtySixGame:
        from .generate import generate_sixtysix

        return generate_sixtysix(seed=seed, rules=rules)  # two players, to the target

    def stats(self) -> Stats:
        from .facts import SixtySixStats

        return SixtySixStats()


KIND = SixtySixKind()
"""Sixty-six's kind (``replay.GAMES["sixtysix"]``)."""
