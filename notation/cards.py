"""Cards, ranks and suits (docs/rules.md, Cards).

A card is a small int, ``suit * 9 + rank``, so that hot paths can use sets and lists of ints;
its canonical text is rank then suit, ``"TH"``.  Readers are lenient (``10h``, ``A♠``),
writers emit the canonical ASCII form.

>>> card = parse_card("10♥")
>>> card_code(card), card_points(card), suit_of(card) == Suit.HEARTS
('TH', 10, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Final

__all__ = [
    "AC",
    "ACE_CLUBS",
    "ACE_DIAMONDS",
    "ACE_HEARTS",
    "ACE_SPADES",
    "AD",
    "AH",
    "ALL_CARDS",
    "AS",
    "CARD_OF_CODE",
    "EIGHT_CLUBS",
    "EIGHT_DIAMONDS",
    "EIGHT_HEARTS",
    "EIGHT_SPADES",
    "JACK_CLUBS",
    "JACK_DIAMONDS",
    "JACK_HEARTS",
    "JACK_SPADES",
    "JC",
    "JD",
    "JH",
    "JS",
    "KC",
    "KD",
    "KH",
    "KING_CLUBS",
    "KING_DIAMONDS",
    "KING_HEARTS",
    "KING_SPADES",
    "KS",
    "NINE_CLUBS",
    "NINE_DIAMONDS",
    "NINE_HEARTS",
    "NINE_SPADES",
    "QC",
    "QD",
    "QH",
    "QS",
    "QUEEN_CLUBS",
    "QUEEN_DIAMONDS",
    "QUEEN_HEARTS",
    "QUEEN_SPADES",
    "SEVEN_CLUBS",
    "SEVEN_DIAMONDS",
    "SEVEN_HEARTS",
    "SEVEN_SPADES",
    "SIX_CLUBS",
    "SIX_DIAMONDS",
    "SIX_HEARTS",
    "SIX_SPADES",
    "SUIT_MASKS",
    "TC",
    "TD",
    "TEN_CLUBS",
    "TEN_DIAMONDS",
    "TEN_HEARTS",
    "TEN_SPADES",
    "TH",
    "TS",
    "UNKNOWN",
    "Card",
    "Rank",
    "Suit",
    "beats",
    "canonical_card",
    "card_code",
    "card_mask",
    "card_name",
    "card_points",
    "cards_of",
    "deck",
    "equal_cards",
    "follow_mask",
    "make_card",
    "parse_card",
    "rank_no",
    "rank_of",
    "suit_no",
    "suit_of",
]

Card = int
"""A card: ``suit * 9 + rank``, 0..35."""

# Every card by name, as python-chess names its squares (``KING_HEARTS``), and the cards
# from the jack up by their code as well (``KH``: a name cannot start with a digit).
SIX_SPADES: Final = 0
SEVEN_SPADES: Final = 1
EIGHT_SPADES: Final = 2
NINE_SPADES: Final = 3
JACK_SPADES: Final = 4
QUEEN_SPADES: Final = 5
KING_SPADES: Final = 6
TEN_SPADES: Final = 7
ACE_SPADES: Final = 8
SIX_CLUBS: Final = 9
SEVEN_CLUBS: Final = 10
EIGHT_CLUBS: Final = 11
NINE_CLUBS: Final = 12
JACK_CLUBS: Final = 13
QUEEN_CLUBS: Final = 14
KING_CLUBS: Final = 15
TEN_CLUBS: Final = 16
ACE_CLUBS: Final = 17
SIX_DIAMONDS: Final = 18
SEVEN_DIAMONDS: Final = 19
EIGHT_DIAMONDS: Final = 20
NINE_DIAMONDS: Final = 21
JACK_DIAMONDS: Final = 22
QUEEN_DIAMONDS: Final = 23
KING_DIAMONDS: Final = 24
TEN_DIAMONDS: Final = 25
ACE_DIAMONDS: Final = 26
SIX_HEARTS: Final = 27
SEVEN_HEARTS: Final = 28
EIGHT_HEARTS: Final = 29
NINE_HEARTS: Final = 30
JACK_HEARTS: Final = 31
QUEEN_HEARTS: Final = 32
KING_HEARTS: Final = 33
TEN_HEARTS: Final = 34
ACE_HEARTS: Final = 35
JS: Final = 4
QS: Final = 5
KS: Final = 6
TS: Final = 7
AS: Final = 8
JC: Final = 13
QC: Final = 14
KC: Final = 15
TC: Final = 16
AC: Final = 17
JD: Final = 22
QD: Final = 23
KD: Final = 24
TD: Final = 25
AD: Final = 26
JH: Final = 31
QH: Final = 32
KH: Final = 33
TH: Final = 34
AH: Final = 35


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

SUIT_SYMBOLS: Final = "\u2660\u2663\u2666\u2665\u2664\u2667\u2662\u2661"
"""The suit symbols a reader takes for the suit letters (black and white of each)."""

LOCAL_LETTERS: Final = {
    "ru": {"A": "\u0422", "K": "\u041a", "Q": "\u0414", "J": "\u0412", "T": "10"},  # Т К Д В 10
    "it": {"K": "R", "Q": "D", "J": "F", "T": "10"},  # A R D F 10 (asso, re, donna, fante)
    "pl": {"Q": "D", "J": "W", "T": "10"},  # A K D W 10 (as, kr\u00f3l, dama, walet)
}  # fmt: skip
"""Per language, the KGN rank letters its players write otherwise (the Cyrillic letters are
Cyrillic: ``\u0422`` is туз, the ace, where the Latin ``T`` is the ten): what a card face
shows (:func:`notation.i18n.rank_text`) and what the readers take back."""

LOCAL_RANKS: Final = {
    local: _RANK_READ[kgn] for letters in LOCAL_LETTERS.values() for kgn, local in letters.items() if local not in _RANK_READ
}
"""The local letters a reader takes, before a suit symbol only (``\u0414\u2660``,
``R\u2665``, ``W\u2663``; ``10`` is the ten everywhere), so that a suit letter after them
(``DS``) never reads differently from before; records are written with the canonical
letters."""

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
    """Read one card leniently: ``"TH"``, ``"10h"``, ``"t♥"``, and with a suit symbol
    the local letters (:data:`LOCAL_RANKS`: ``"Д♠"``, ``"R♥"``).

    >>> card_code(parse_card("as")), card_code(parse_card("Д♠")), card_code(parse_card("R♥"))
    ('AS', 'QS', 'KH')
    >>> parse_card("1X")
    Traceback (most recent call last):
    ValueError: not a card: '1X'
    """
    card = _BY_CODE.get(text)
    if card is not None:
        return card
    up = text.upper()
    rank = _RANK_READ.get(up[:-1])
    if rank is None and up[-1:] in SUIT_SYMBOLS:
        rank = LOCAL_RANKS.get(up[:-1])
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


_RANK_NAMES: Final = ("six", "seven", "eight", "nine", "jack", "queen", "king", "ten", "ace")


def card_name(card: Card) -> str:
    """A card in words: ``king of hearts``.

    >>> card_name(KH), card_name(parse_card("10s")), card_name(NINE_CLUBS)
    ('king of hearts', 'ten of spades', 'nine of clubs')
    """
    return f"{_RANK_NAMES[card % 9]} of {Suit(card // 9).noun}"


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


def suit_no(card: Card) -> int:
    """A card's suit as the number :class:`Suit` gives it (what :func:`suit_of` names),
    for the rules' inner loops: ``suit_no(card) == trump``."""
    return card // 9


def rank_no(card: Card) -> int:
    """A card's rank as the number :class:`Rank` gives it (six 0 .. ace 8), for the rules'
    inner loops: a higher rank of a suit is a higher number."""
    return card % 9


def beats(card: Card, best: Card, trump: int | None) -> bool:
    """Whether ``card``, played after ``best``, takes the trick from it in the games of
    trumps (T5.4, B5.1, S3): a higher card of the same suit, or a trump against a card of
    another suit (``trump`` None: no trump yet).

    >>> beats(parse_card("TH"), parse_card("KH"), Suit.SPADES), beats(parse_card("9S"), parse_card("AH"), Suit.SPADES)
    (True, True)
    >>> beats(parse_card("AH"), parse_card("9S"), Suit.SPADES), beats(parse_card("9S"), parse_card("AH"), None)
    (False, False)
    """
    suit = card // 9
    if suit == best // 9:
        return card > best
    return suit == trump


SUIT_MASKS: Final = tuple(0x1FF << (9 * s) for s in range(4))
"""Each suit's cards as a bit mask (card ``c`` is bit ``c``: :func:`card_mask`)."""


def follow_mask(hand: int, led: int, best: Card, trump: int, overtake: bool) -> int:
    """The cards of ``hand`` (a mask) a player may play to a trick led in suit ``led``
    whose best card so far is ``best`` (``trump`` -1: no trump yet), where the rules make
    him follow: the led suit, else a trump, else any card; ``overtake``: of those the ones
    that beat ``best`` where there are any (:func:`beats`).  Thousand's T5.1-T5.3 (its
    ``must-overtake``), and Sixty-six's S5 once the stock is closed or gone (always
    ``overtake``: follow and win if he can).

    >>> hand = card_mask([parse_card(t) for t in ("9H", "AH", "KS")])
    >>> [card_code(c) for c in cards_of(follow_mask(hand, Suit.HEARTS, parse_card("TH"), Suit.SPADES, True))]
    ['AH']
    >>> [card_code(c) for c in cards_of(follow_mask(hand, Suit.CLUBS, parse_card("TC"), Suit.SPADES, False))]
    ['KS']
    """
    pool = hand & SUIT_MASKS[led]
    if not pool and trump >= 0:
        pool = hand & SUIT_MASKS[trump]
    if not pool:
        pool = hand
    if overtake:
        bs = suit_no(best)
        better = pool & SUIT_MASKS[bs] & ~((2 << best) - 1)
        if bs != trump and trump >= 0:
            better |= pool & SUIT_MASKS[trump]
        if better:
            pool = better
    return pool


def card_mask(cards: Iterable[Card]) -> int:
    """Cards as the bits of an integer (bit ``c`` for card ``c``): how the searches hold a
    hand.

    >>> card_mask([parse_card("6S"), parse_card("AS")]), cards_of(0b100000001)
    (257, [0, 8])
    """
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def cards_of(mask: int) -> list[Card]:
    """The cards of a bit mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def equal_cards(holders: Sequence[Iterable[Card]]) -> dict[Card, Card]:
    """Cards interchangeable in play: within a suit, a run of cards of one holder, of equal
    points and adjacent in rank among the cards of every holder (a trick on the table is a
    holder too), all map to the run's lowest card.  Playing any card of a run leads to the
    same play after it.

    >>> eq = equal_cards([[SIX_SPADES, SEVEN_SPADES, NINE_SPADES], [EIGHT_SPADES]])
    >>> [card_code(eq[c]) for c in (SIX_SPADES, SEVEN_SPADES, NINE_SPADES, EIGHT_SPADES)]
    ['6S', '6S', '9S', '8S']
    """
    owner: dict[Card, int] = {}
    for k, cards in enumerate(holders):
        for c in cards:
            owner[c] = k
    out: dict[Card, Card] = {}
    run: Card = -1
    for c in sorted(owner):
        if run >= 0 and c // 9 == run // 9 and owner[c] == owner[run] and _POINTS[c] == _POINTS[run]:
            out[c] = run
        else:
            run = out[c] = c
    return out


def deck(lowest: Rank) -> frozenset[Card]:
    """Every card from ``lowest`` up to the ace: ``deck(Rank.NINE)`` is the Thousand deck.

    >>> len(deck(Rank.NINE)), len(deck(Rank.SEVEN)), len(deck(Rank.SIX))
    (24, 32, 36)
    """
    return frozenset(c for c in ALL_CARDS if c % 9 >= lowest)
