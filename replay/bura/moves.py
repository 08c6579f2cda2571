"""The moves of Bura and its variants: what a table's ``push`` takes and ``legal_moves`` lists.

Seats are indexes into the table's ``players``; cards are :data:`notation.cards.Card` ints
(None: a card the record does not name).
"""

from __future__ import annotations

from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from notation.cards import Card

from ..cards import shown
from ..stock import DealCards, DrawCard
from ..table import unordered

__all__ = ["BuraMove", "CommitFault", "DealCards", "DrawCard", "Lay", "OpenClaim", "ShowCombo"]



@dataclass(slots=True, eq=False, init=False)
class Lay:
    """A lead or an answer: cards face up and face down (None: a card nobody saw).  The
    order of the cards is how they are written; two lays of the same cards are equal."""

    seat: int
    up: list[Card]
    down: list[Card | None]

    def __init__(self, seat: int, up: list[Card], down: list[Card | None] | None = None) -> None:
        # written out (init=False): compiled (setup.py), the dataclass's own __init__ would
        # run as Python, and a lay is the commonest move
        self.seat, self.up, self.down = seat, up, [] if down is None else down

    def __reduce__(self) -> tuple[object, ...]:  # copy and pickle through __init__ (compiled)
        return (Lay, (self.seat, self.up, self.down))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Lay):
            return NotImplemented
        return (
            self.seat == other.seat
            and sorted(self.up) == sorted(other.up)
            and unordered(self.down) == unordered(other.down)
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Lay(seat={self.seat}, up={shown(self.up)}, down={shown(self.down)})"


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class OpenClaim:
    """B7: ``seat`` opens his tricks and claims 31 (``count``/``outcome`` as stated where
    face-down cards hide the count)."""

    seat: int
    count: int | None = None  # as stated, used when face-down cards hide the count
    outcome: str | None = None


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class ShowCombo:
    """B8, K6: ``seat`` shows a combination (``bura``, ``molodka``, ``moskva`` ...)."""

    seat: int
    combo: str
    cards: list[Card]

    def __repr__(self) -> str:
        return f"ShowCombo(seat={self.seat}, combo={self.combo!r}, cards={shown(self.cards)})"


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class CommitFault:
    """B10: a fault at the stock (``out-of-turn``, ``double-draw``), recorded as it
    happened; it is not among the legal moves."""

    seat: int
    kind: str


BuraMove = DealCards | Lay | DrawCard | OpenClaim | ShowCombo | CommitFault
"""Every move of Bura and its variants."""
