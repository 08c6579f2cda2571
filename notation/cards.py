"""Cards, ranks and suits (docs/rules.md, Cards).

A card is a small int, ``suit * 9 + rank``, so that hot paths can use sets and lists of ints;
its canonical text is rank then suit, ``"TH"``.  Readers are lenient (``10h``, ``A♠``),
writers emit the canonical ASCII form.

>>> card = parse_card("10♥")
>>> card_code(card), card_points(card), suit_of(card) == Suit.HEARTS
('TH', 10, True)
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

__all__ = [
    "ALL_CARDS",
    "CARD_OF_CODE",
    "UNKNOWN",
    "Card",
    "Rank",
    "Suit",
    "canonical_card",
    "card_code",
    "card_points",
    "deck",
    "make_card",
    "parse_card",
    "rank_of",
    "suit_of",
]

Card = int
"""A card: ``suit * 9 + rank``, 0..35."""


class Rank(IntEnum):
    """Ranks from low to high: ten ranks between king and ace (ten beats king)."""

    SIX = 0
    SEVEN = 1
    EIGHT = 2
    NINE = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    TEN = 7
    ACE = 8

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]

    @property
    def points(self) -> int:
        return _RANK_POINTS[self]


class Suit(IntEnum):
    """The four suits, in the order of the rulebook (docs/rules.md)."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def symbol(self) -> str:
        return "SCDH"[self]

    @property
    def glyph(self) -> str:
        return "♠♣♦♥"[self]

    @property
    def noun(self) -> str:
        return ("spades", "clubs", "diamonds", "hearts")[self]


_RANK_SYMBOLS = "6789JQKTA"
_RANK_POINTS: Final = (0, 0, 0, 0, 2, 3, 4, 10, 11)
_RANK_READ: Final = {s: Rank(i) for i, s in enumerate(_RANK_SYMBOLS)}
_RANK_READ["10"] = Rank.TEN
_SUIT_READ: Final = {
    "S": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
    "C": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
    "D": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "H": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
}  # fmt: skip

UNKNOWN: Final = "??"
"""The text of a card nobody recorded."""

ALL_CARDS: Final[tuple[Card, ...]] = tuple(range(36))
_CODES: Final = tuple(_RANK_SYMBOLS[c % 9] + "SCDH"[c // 9] for c in ALL_CARDS)
_POINTS: Final = tuple(_RANK_POINTS[c % 9] for c in ALL_CARDS)
_BY_CODE: Final = {code: card for card, code in enumerate(_CODES)}
CARD_OF_CODE: Final[dict[str, Card | None]] = {**_BY_CODE, UNKNOWN: None}
"""The card of each canonical code (``AS``, ``TH``), and None for ``??``: one lookup, for
the codes records hold (both readers write every card canonically)."""


def make_card(rank: Rank, suit: Suit) -> Card:
    """The card of that rank and suit."""
    return int(suit) * 9 + int(rank)


def parse_card(text: str) -> Card:
    """Read one card leniently: ``"TH"``, ``"10h"``, ``"t♥"``.

    >>> card_code(parse_card("as"))
    'AS'
    >>> parse_card("1X")
    Traceback (most recent call last):
    ValueError: not a card: '1X'
    """
    card = _BY_CODE.get(text)
    if card is not None:
        return card
    up = text.upper()
    rank = _RANK_READ.get(up[:-1])
    suit = _SUIT_READ.get(up[-1:])
    if rank is None or suit is None:
        raise ValueError(f"not a card: {text!r}")
    return make_card(rank, suit)


def canonical_card(text: str) -> str:
    """The canonical code of a card text, ``??`` kept as it is.

    >>> canonical_card("10♠"), canonical_card("??")
    ('TS', '??')
    """
    if text == UNKNOWN:
        return UNKNOWN
    return _CODES[parse_card(text)]


def card_code(card: Card) -> str:
    """The canonical text of a card: ``"TH"``."""
    return _CODES[card]


def card_points(card: Card) -> int:
    """A 11, T 10, K 4, Q 3, J 2, others 0."""
    return _POINTS[card]


_SUITS: Final = tuple(Suit)  # by value: index k is Suit(k)


def suit_of(card: Card) -> Suit:
    if card < 0:
        raise ValueError(f"not a card: {card}")
    return _SUITS[card // 9]


def rank_of(card: Card) -> Rank:
    return Rank(card % 9)


def deck(lowest: Rank) -> frozenset[Card]:
    """Every card from ``lowest`` up to the ace: ``deck(Rank.NINE)`` is the Thousand deck.

    >>> len(deck(Rank.NINE)), len(deck(Rank.SEVEN)), len(deck(Rank.SIX))
    (24, 32, 36)
    """
    return frozenset(c for c in ALL_CARDS if c % 9 >= lowest)
