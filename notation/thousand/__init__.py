"""Thousand's notation: its records, its fast reader, the builder of its grammar
(``grammar/thousand.lark``) and its writer, bundled as its :data:`KIND`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..fastparse import read_game
from ..kinds import NotationKind
from .read import ThousandReader
from .records import ThousandGame
from .write import KEYWORDS, write_event, write_round

if TYPE_CHECKING:
    from ..builder import Builder

__all__ = ["KIND", "ThousandGame"]


class ThousandNotation(NotationKind):
    """Thousand's notation."""

    name = "thousand"
    record = ThousandGame
    keywords = KEYWORDS
    words = ("deal", "redeal", "bid", "bids", "talon", "concede", "give", "contract", "points", "score")
    write_round = staticmethod(write_round)
    write_event = staticmethod(write_event)

    def read(self, text: str, first_line: int, /) -> ThousandGame | None:
        game: ThousandGame | None = read_game(text, first_line, ThousandReader, self.keywords)
        return game

    def builder(self) -> Builder:
        from .build import ThousandBuilder  # Lark loads only when the grammar reads

        return ThousandBuilder()


KIND = ThousandNotation()
"""Thousand's notation kind (:data:`notation.kinds.KINDS`)."""
