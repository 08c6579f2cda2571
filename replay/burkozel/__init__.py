"""Burkozel (Буркозёл) as a game kind: Bura's kind with Burkozel's table, checker, sheet and
scores (:class:`BurkozelKind`); Bura's moves, translator, bots and facts serve it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation.burkozel import KIND as NOTATION

from ..bura import BuraKind
from ..model import Filter, Stats
from .table import BurkozelChecker, BurkozelTable

if TYPE_CHECKING:  # mypy holds the modules the kind loads when first used to their protocols
    from notation.burkozel import BurkozelGame

    from ..model import ViewHooks
    from . import view

    _VIEWS: ViewHooks[BurkozelTable, BurkozelGame] = view

__all__ = [
    "KIND",
    "BurkozelChecker",
    "BurkozelKind",
    "BurkozelTable",
]


class BurkozelKind(BuraKind):
    """Burkozel (Буркозёл): Bura's kind with what differs (no pot; penalty points): its
    table, checker and notation, its view (a sheet and a chart of penalty points), its
    filters and statistics; Bura's facts."""

    table = BurkozelTable
    checker = BurkozelChecker
    notation = NOTATION

    @property
    def filters(self) -> tuple[Filter, ...]:
        """What ``kozyr query`` finds in Burkozel's deals."""
        from ..bura.facts import COMBO_FILTER, has_penalty

        return (COMBO_FILTER, Filter("--penalty", "Burkozel: penalty points received.", has_penalty))

    def stats(self) -> Stats:
        from ..bura.facts import BuraStats

        return BuraStats("penalty_points", claims=False)


KIND = BurkozelKind()
"""Burkozel's kind (``replay.GAMES["burkozel"]``)."""
