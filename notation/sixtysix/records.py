"""The records of Sixty-six (Шестьдесят шесть): what such a record says, as data.

A game (:class:`SixtySixGame`) is its tags and its deals (:class:`Round`), each the cards
dealt (both hands, the turned trump, the stock's order when known) and the events in the
order they happened: tricks, draws, the trump nine exchanged, the stock closed, a player
going out, and the stated facts; a :class:`Variation` is another line of play from before
the card it follows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Final, Literal

from ..records import (
    TAGGED,
    CardPlay,
    CardTrick,
    Comment,
    Deal,
    Draw,
    Glyph,
    Nag,
    Node,
    Seated,
    StatedFacts,
    Winner,
)
from ..stock import EventRound, StockGame

__all__ = [
    "KEYWORDS", "STATED", "Close", "Deal", "Draw", "Event", "Exchange", "Note", "Out", "Play",
    "Round", "SixtySixGame", "Stated", "Trick", "Variation",
]

KEYWORDS: Final = frozenset(
    "deal hands trump stock draw marriage exchange close out points score totals".split()
)
"""The words of Sixty-six's body (``grammar/sixtysix.lark``): a player so named is quoted."""

STATED: Final[dict[str, Literal["points", "score", "totals"]]] = {
    "points": "points",
    "score": "score",
    "totals": "totals",
}
"""The words of the stated facts, each the value of its ``kind``."""


@dataclass(slots=True, kw_only=True, eq=False)
class Play(CardPlay):
    """One card played to a trick; ``marriage`` marks a marriage shown with the lead."""

    notes: list[Note] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Trick(CardTrick):
    """A trick: its number, the lead and the answer, the stated winner."""

    plays: list[Play]


@dataclass(slots=True, kw_only=True, eq=False)
class Exchange(Seated):
    """The player on lead exchanges the trump nine for the turned trump card."""

    kind: Literal["exchange"] = "exchange"


@dataclass(slots=True, kw_only=True, eq=False)
class Close(Seated):
    """The player on lead closes the stock."""

    kind: Literal["close"] = "close"


@dataclass(slots=True, kw_only=True, eq=False)
class Out(Seated):
    """A player declares that he holds 66 ("out"): the deal ends."""

    kind: Literal["out"] = "out"


@dataclass(slots=True, kw_only=True, eq=False)
class Stated(StatedFacts):
    """A stated fact of a finished deal: each player's ``points`` (cards taken and counted
    marriages), the game points it ``score``-d, the running ``totals``."""

    kind: Literal["points", "score", "totals"]


Event = Annotated[Trick | Draw | Exchange | Close | Out | Stated, TAGGED]


@dataclass(slots=True, kw_only=True, eq=False)
class Variation(Node):
    """Another line of play from before the card it follows: the rest of that trick, then
    the deal's later events."""

    kind: Literal["variation"] = "variation"
    plays: list[Play] = field(default_factory=list)
    winner: Winner | None = None
    events: list[Event] = field(default_factory=list)


Note = Annotated[Comment | Glyph | Nag | Variation, TAGGED]


@dataclass(slots=True, kw_only=True, eq=False)
class Round(EventRound):
    """One deal of Sixty-six (a round: the deal and its play)."""

    events: list[Event] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class SixtySixGame(StockGame):
    """A game of Sixty-six: the header and the deals in order."""

    kind: Literal["sixtysix"] = "sixtysix"
    deals: list[Round] = field(default_factory=list)
