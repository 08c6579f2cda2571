"""The moves of Thousand: what a table's ``push`` takes and ``legal_moves`` lists.

Seats are indexes into the table's ``players``; cards are :data:`notation.cards.Card` ints
(None: a card the record does not name).  ``ref`` is the record node a checker replays the
move from; it takes no part in equality.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from notation.cards import Card

from ..cards import shown

if TYPE_CHECKING:
    from notation.records import Node
from ..table import unordered

__all__ = [
    "Bid",
    "ClaimRedeal",
    "ConcedeHand",
    "DealCards",
    "GiveCards",
    "PlayCard",
    "ScoreHand",
    "SetContract",
    "TakeTalon",
    "ThousandMove",
]


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class DealCards:
    """The deal, a chance move: per seat its cards (a seat left out: not recorded; a None
    card: not named), and the talon."""

    hands: dict[int, list[Card | None]] = field(default_factory=dict)
    talon: list[Card | None] | None = None
    ref: Node | None = field(default=None, compare=False, repr=False)

    def __repr__(self) -> str:
        talon = "None" if self.talon is None else shown(self.talon)
        return f"DealCards(hands={shown(self.hands)}, talon={talon})"


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class ClaimRedeal:
    """T2, redeal-four-nines=on: ``seat`` shows four nines and the cards are dealt again."""

    seat: int
    ref: Node | None = field(default=None, compare=False, repr=False)


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class Bid:
    """A call of the auction: ``bid`` (None: a pass), ``dark`` for a blind 120 (T3)."""

    seat: int
    bid: int | None
    dark: bool = False
    ref: Node | None = field(default=None, compare=False, repr=False)


@mypyc_attr(serializable=True)
@dataclass(slots=True, eq=False)
class TakeTalon:
    """The declarer turns up the talon and takes it (T4.1); its cards in any order."""

    cards: list[Card | None]
    ref: Node | None = field(default=None, compare=False, repr=False)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TakeTalon):
            return NotImplemented
        return unordered(self.cards) == unordered(other.cards)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"TakeTalon(cards={shown(self.cards)})"


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class ConcedeHand:
    """The declarer concedes after taking the talon (T4, concede=...)."""

    ref: Node | None = field(default=None, compare=False, repr=False)


@mypyc_attr(serializable=True)
@dataclass(slots=True, eq=False)
class GiveCards:
    """The declarer gives one card to each opponent (T4.2): (seat, card) pairs, in any
    order (two gives of the same cards to the same seats are equal)."""

    cards: list[tuple[int, Card | None]]
    ref: Node | None = field(default=None, compare=False, repr=False)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GiveCards):
            return NotImplemented
        return sorted(self.cards, key=lambda g: g[0]) == sorted(other.cards, key=lambda g: g[0])

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"GiveCards(cards={shown(self.cards)})"


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class SetContract:
    """The declarer names the contract, the bid or more (T4.3)."""

    value: int
    ref: Node | None = field(default=None, compare=False, repr=False)


@dataclass(slots=True, init=False)
class PlayCard:
    """A card to the trick; ``marriage`` declares the marriage it leads (T5, T6)."""

    seat: int
    card: Card
    marriage: bool
    ref: Node | None = field(compare=False, repr=False)

    def __init__(self, seat: int, card: Card, marriage: bool = False, ref: Node | None = None) -> None:
        # written out (init=False): compiled (setup.py), the dataclass's own __init__ would
        # run as Python, and a card played is the commonest move
        self.seat, self.card, self.marriage, self.ref = seat, card, marriage, ref

    def __reduce__(self) -> tuple[object, ...]:  # copy and pickle through __init__ (compiled)
        return (PlayCard, (self.seat, self.card, self.marriage, self.ref))

    def __repr__(self) -> str:
        return f"PlayCard(seat={self.seat}, card={shown(self.card)}, marriage={self.marriage})"


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class ScoreHand:
    """A hand whose play nobody recorded, ended by what a score sheet says of it (T7):
    each playing seat's hand points (cards taken and marriages), or where only the scores
    were written, each one's hand score.  Not a player's move: how a record that keeps
    the score and not the cards ends its hand."""

    points: dict[int, int] | None = None
    scores: dict[int, int] | None = None
    ref: Node | None = field(default=None, compare=False, repr=False)


ThousandMove = (
    DealCards
    | ClaimRedeal
    | Bid
    | TakeTalon
    | ConcedeHand
    | GiveCards
    | SetContract
    | PlayCard
    | ScoreHand
)
"""Every move of Thousand."""
