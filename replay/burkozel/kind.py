"""Burkozel as a game kind: Bura's kind with Burkozel's table, checker, sheet and scores."""

from __future__ import annotations

from notation.burkozel import KIND as NOTATION

from ..bura import facts
from ..bura.kind import BuraKind
from ..model import Filter, Stats
from . import view
from .check import BurkozelChecker
from .engine import BurkozelTable

__all__ = ["KIND", "BurkozelKind"]

FILTERS = (facts.COMBO_FILTER, Filter("--penalty", "Burkozel: penalty points received.", facts.has_penalty))
"""What ``kozyr query`` finds in Burkozel's deals."""


class BurkozelKind(BuraKind):
    """Burkozel (Буркозёл): Bura's kind with what differs (no pot; penalty points)."""

    table = BurkozelTable
    checker = BurkozelChecker
    notation = NOTATION

    sheet = staticmethod(view.sheet)
    annotate = staticmethod(view.annotate)
    progression = staticmethod(view.progression)

    @property
    def filters(self) -> tuple[Filter, ...]:
        return FILTERS

    def stats(self) -> Stats:
        return facts.BuraStats("penalty_points", claims=False)


KIND = BurkozelKind()
"""Burkozel's kind (``replay.GAMES["burkozel"]``)."""
