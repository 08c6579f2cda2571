"""Bura as a game kind: what ``replay.GAMES["bura"]`` bundles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation.bura import KIND as NOTATION
from notation.bura.records import BuraGame

from ..analysis import ending_analysis
from ..model import GameKind, Stats
from .check import BuraChecker
from .table import BuraTable

if TYPE_CHECKING:  # mypy holds the modules the kind loads when first used to their protocols
    from ..model import AskHooks, FactHooks, ViewHooks
    from . import ask, facts, view

    _HOOKS: tuple[ViewHooks[BuraTable, BuraGame], FactHooks[BuraTable, BuraGame], AskHooks[BuraTable]] = (view, facts, ask)

__all__ = ["KIND", "BuraKind"]


def _claims() -> tuple[object, object]:
    """Bura's own part of the analysis: the claim line, and a comment on a false claim."""
    from .analyze import claim_line, note_false_claims  # loaded only when asked for

    return claim_line, note_false_claims


class BuraKind(GameKind[BuraTable, BuraGame]):
    """Bura (Бура); a variant's kind is a subclass of it."""

    table = BuraTable
    checker = BuraChecker
    notation = NOTATION
    analysis = ending_analysis(_claims)

    def generate(self, seed: int, rules: str, players: int, rounds: int) -> BuraGame:
        from .generate import generate_bura

        return generate_bura(seed=seed, rules=rules, players=players, deals=rounds, table_class=self.table)

    def stats(self) -> Stats:
        from .facts import BuraStats

        return BuraStats()


KIND = BuraKind()
"""Bura's kind (``replay.GAMES["bura"]``)."""
