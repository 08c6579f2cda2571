"""What the games played with a stock and a turned-up trump card share (Bura and its
variants, Sixty-six): the draw from the stock, and when the stock's order makes the next
moves known.  Compiled with the engines (setup.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from notation.cards import Card

from .cards import shown
from .table import Holdings

__all__ = ["DrawCard", "cards_placed", "stock_known"]


@dataclass(slots=True, init=False)
class DrawCard:
    """B6, S4: ``seat`` takes the top card of the stock (None: a card nobody saw)."""

    seat: int
    card: Card | None

    def __init__(self, seat: int, card: Card | None = None) -> None:
        # written out (init=False): compiled (setup.py), the dataclass's own __init__ would
        # run as Python, and every trick is followed by draws
        self.seat, self.card = seat, card

    def __reduce__(self) -> tuple[object, ...]:  # copy and pickle through __init__ (compiled)
        return (DrawCard, (self.seat, self.card))

    def __repr__(self) -> str:
        return f"DrawCard(seat={self.seat}, card={shown(self.card)})"


def stock_known(stock: Sequence[Card | None] | None) -> bool:
    """Whether the stock's order is known: every card of it recorded."""
    return stock is not None and None not in stock


def cards_placed(stock: Sequence[Card | None] | None, holdings: Holdings, seats: int) -> bool:
    """Whether every card's place is known: the stock's order, and every hand."""
    return stock_known(stock) and all(holdings.fully_known(s) for s in range(seats))
