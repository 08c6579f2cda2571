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


def _builder() -> Builder:
    from .build import SixtySixBuilder  # Lark loads only when the grammar reads

    return SixtySixBuilder()


KIND = NotationKind(
    name="sixtysix",
    grammar="sixtysix",
    record=SixtySixGame,
    read=read_sixtysix,
    builder=_builder,
    write_round=write_round,
    write_event=write_event,
    keywords=KEYWORDS,
    json_names=records.pydantic_names,
    words=("hands", "draw", "exchange", "close", "out", "points", "score", "totals"),
)
"""Sixty-six's notation kind (:data:`notation.kinds.KINDS`)."""
