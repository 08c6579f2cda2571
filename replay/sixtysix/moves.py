"""The moves of Sixty-six: what a table's ``push`` takes and ``legal_moves`` lists.

Seats are 0 and 1, indexes into the table's ``players``; cards are
:data:`notation.cards.Card` ints (None: a card the record does not name).
"""

from __future__ import annotations

from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from notation.cards import Card

from ..cards import shown
from ..stock import DealCards, DrawCard

__all__ = [
    "Close",
    "DealCards",
    "DrawCard",
    "Exchange",
    "GoOut",
    "PlayCard",
    "SixtySixMove",
]



@dataclass(slots=True, init=False)
class PlayCard:
    """S3: a card to the trick; ``marriage`` shows the marriage of its suit with a lead
    (S6)."""

    seat: int
    card: Card
    marriage: bool

    def __init__(self, seat: int, card: Card, marriage: bool = False) -> None:
        # written out (init=False): compiled (setup.py), the dataclass's own __init__ would
        # run as Python, and a card played is the commonest move
        self.seat, self.card, self.marriage = seat, card, marriage

    def __reduce__(self) -> tuple[object, ...]:  # copy and pickle through __init__ (compiled)
        return (PlayCard, (self.seat, self.card, self.marriage))

    def __repr__(self) -> str:
        return f"PlayCard(seat={self.seat}, card={shown(self.card)}, marriage={self.marriage})"


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class Exchange:
    """S7: the player on lead gives the trump nine for the turned trump card."""

    seat: int


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class Close:
    """S8: the player on lead closes the stock."""

    seat: int


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class GoOut:
    """S9: ``seat`` declares that he holds 66 ("out")."""

    seat: int


SixtySixMove = DealCards | PlayCard | DrawCard | Exchange | Close | GoOut
"""Every move of Sixty-six."""
