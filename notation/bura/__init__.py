"""Bura's and Burkozel's notation: their records, fast reader, the builder of their grammar
(``grammar/bura.lark``) and writer, bundled as :data:`KIND` and :data:`BURKOZEL` (the same
notation under the other game's name).

>>> import notation
>>> game = notation.loads('[Game "burkozel"] [Players "A" "B"] [Dealer "B"] [Rules "classic"]')
>>> type(game).__name__, game.kind
('BuraGame', 'burkozel')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..kinds import NotationKind
from . import records
from .read import read_bura
from .records import BuraGame
from .write import KEYWORDS, write_event, write_round

if TYPE_CHECKING:
    from ..builder import Builder

__all__ = ["BURKOZEL", "KIND", "BuraGame"]



class BuraNotation(NotationKind):
    """Bura's notation."""

    name = "bura"
    grammar = "bura"
    record = BuraGame
    keywords = KEYWORDS
    words = ("hands", "draw", "open", "show", "fault")
    read = staticmethod(read_bura)
    write_round = staticmethod(write_round)
    write_event = staticmethod(write_event)
    json_names = staticmethod(records.pydantic_names)

    def builder(self) -> Builder:
        from .build import BuraBuilder  # Lark loads only when the grammar reads

        return BuraBuilder()


KIND = BuraNotation()
"""Bura's notation kind (:data:`notation.kinds.KINDS`)."""


class BurkozelNotation(BuraNotation):
    """Burkozel's notation: Bura's under its own name."""

    name = "burkozel"


BURKOZEL = BurkozelNotation()
"""Burkozel's notation kind."""
