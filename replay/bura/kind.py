"""Bura as a game kind: what ``replay.GAMES["bura"]`` bundles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation.bura import KIND as NOTATION
from notation.bura.records import BuraGame

from ..analysis import ending_analysis
from ..model import GameKind, Stats
from . import ask, facts, view
from .check import BuraChecker
from .generate import generate_bura
from .table import BuraTable

if TYPE_CHECKING:
    pass

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
    views = view
    facts = facts
    questions = ask
    analysis = ending_analysis(_claims)

    def generate(self, seed: int, rules: str, players: int, rounds: int) -> BuraGame:
        return generate_bura(seed=seed, rules=rules, players=players, deals=rounds, table_class=self.table)

    def stats(self) -> Stats:
        return facts.BuraStats()


KIND = BuraKind()
"""Bura's kind (``replay.GAMES["bura"]``)."""
