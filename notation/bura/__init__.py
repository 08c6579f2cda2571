"""Bura's and Burkozel's notation: their records, fast reader, the builder of their grammar
(``grammar/bura.lark``) and writer, bundled as :data:`KIND` and :data:`BURKOZEL` (the same
notation under the other game's name).

>>> import notation
>>> game = notation.loads('[Game "burkozel"] [Players "A" "B"] [Dealer "B"] [Rules "classic"]')
>>> type(game).__name__, game.kind
('BuraGame', 'burkozel')
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..kinds import NotationKind
from . import records
from .read import read_bura
from .records import BuraGame
from .write import KEYWORDS, write_event, write_round

if TYPE_CHECKING:
    from ..builder import Builder

__all__ = ["BURKOZEL", "KIND", "BuraGame"]


def _builder() -> Builder:
    from .build import BuraBuilder  # Lark loads only when the grammar reads

    return BuraBuilder()


KIND = NotationKind(
    name="bura",
    grammar="bura",
    record=BuraGame,
    read=read_bura,
    builder=_builder,
    write_round=write_round,
    write_event=write_event,
    keywords=KEYWORDS,
    json_names=records.pydantic_names,
    words=("hands", "draw", "open", "show", "fault"),
)
"""Bura's notation kind (:data:`notation.kinds.KINDS`)."""

BURKOZEL = replace(KIND, name="burkozel")
"""Burkozel's: Bura's notation under its own name."""
