"""Sixty-six's notation: its records, its fast reader, the builder of its grammar
(``grammar/sixtysix.lark``) and its writer, bundled as its :data:`KIND`.

>>> import notation
>>> game = notation.loads('[Game "sixtysix"] [Players "Anna" "Boris"] [Dealer "Boris"] [Rules "classic"]')
>>> type(game).__name__, notation.KINDS["sixtysix"].record is type(game)
('SixtySixGame', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..kinds import NotationKind
from . import records
from .read import read_sixtysix
from .records import SixtySixGame
from .write import KEYWORDS, write_event, write_round

if TYPE_CHECKING:
    from ..builder import Builder

__all__ = ["KIND", "SixtySixGame"]



class SixtySixNotation(NotationKind):
    """Sixty-six's notation."""

    name = "sixtysix"
    grammar = "sixtysix"
    record = SixtySixGame
    keywords = KEYWORDS
    words = ("hands", "draw", "exchange", "close", "out", "points", "score", "totals")
    read = staticmethod(read_sixtysix)
    write_round = staticmethod(write_round)
    write_event = staticmethod(write_event)
    json_names = staticmethod(records.pydantic_names)

    def builder(self) -> Builder:
        from .build import SixtySixBuilder  # Lark loads only when the grammar reads

        return SixtySixBuilder()


KIND = SixtySixNotation()
"""Sixty-six's notation kind (:data:`notation.kinds.KINDS`)."""
