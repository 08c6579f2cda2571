"""What the games played with a stock and a turned-up trump card share (Bura and its
variants, Sixty-six): the draw from the stock, and when the stock's order makes the next
moves known.  Compiled with the engines (setup.py)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mypy_extensions import mypyc_attr

from notation.cards import UNKNOWN, Card, card_code
from notation.errors import IllegalMoveError
from notation.i18n import ntr, tr
from notation.records import Deal, Draw, GiveCard, Hand, Node, StockShape, Winner

from .cards import shown
from .table import POOL, Holdings, Seats, display_order

__all__ = [
    "Before",
    "DealCards",
    "DrawCard",
    "before",
    "cards_placed",
    "place_deal",
    "random_deal",
    "stock_known",
    "stock_move",
    "stock_node",
    "write_move",
]


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class DealCards:
    """The deal, a chance move: per seat its cards (a seat left out: not recorded; a None
    card: not named), the trump card turned up, and the stock above it, top first."""

    hands: dict[int, list[Card | None]] = field(default_factory=dict)
    trump: Card | None = None
    stock: list[Card | None] | None = None

    def __repr__(self) -> str:
        trump = "None" if self.trump is None else shown(self.trump)
        stock = "None" if self.stock is None else shown(self.stock)
        return f"DealCards(hands={shown(self.hands)}, trump={trump}, stock={stock})"


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


def place_deal(
    ev: DealCards, h: Holdings, seats: list[str], size: int, trump: Card, clause: str
) -> list[Card | None] | None:
    """B2, S2: a deal's cards placed in ``h``: each seat's ``size`` cards (a seat left out:
    that many unknown), the ``trump`` card turned up under the stock, and the stock above it
    when its order is written (the rest of the deck, unknown, when not); then whether the
    whole deal is possible.  The stock's order, top first and the trump card last, or None.
    A hand or a stock of another size is refused, citing ``clause``."""
    for seat, cards in ev.hands.items():
        if len(cards) != size:
            raise IllegalMoveError(
                tr("{player} is dealt {plural}, not {size}").format(
                    player=seats[seat], plural=ntr("{n} card", "{n} cards", len(cards)).format(n=len(cards)), size=size
                ),
                code="deal-size",
                clause=clause,
            )
        h.place_all(seat, cards)
    for seat in range(len(seats)):
        if seat not in ev.hands:
            h.unknown[seat] = size
    h.place(POOL, trump)
    above = len(h.deck) - size * len(seats) - 1
    stock: list[Card | None] | None = None
    if ev.stock is not None:
        if len(ev.stock) != above:
            raise IllegalMoveError(
                tr("the stock must hold {plural} above the trump card; {n} are written").format(
                    plural=ntr("{n} card", "{n} cards", above).format(n=above), n=len(ev.stock)
                ),
                code="deal-size",
                clause=clause,
            )
        h.place_all(POOL, ev.stock)
        stock = [*ev.stock, trump]
    else:
        h.unknown[POOL] = above
    h.check_feasible()
    return stock


def random_deal(rng: random.Random, deck: Iterable[Card], seats: int, size: int) -> DealCards:
    """A deal shuffled by ``rng``: ``size`` cards to each seat (sorted as a hand shows
    them), the next card turned up as trump under the stock, the rest the stock's order."""
    cards = sorted(deck)
    rng.shuffle(cards)
    hands: dict[int, list[Card | None]] = {
        p: sorted(cards[size * p : size * p + size], key=display_order) for p in range(seats)
    }
    rest: list[Card | None] = list(cards[size * seats :])
    return DealCards(hands=hands, trump=rest[-1], stock=rest[:-1])


def stock_known(stock: Sequence[Card | None] | None) -> bool:
    """Whether the stock's order is known: every card of it recorded."""
    return stock is not None and None not in stock


def cards_placed(stock: Sequence[Card | None] | None, holdings: Holdings, seats: int) -> bool:
    """Whether every card's place is known: the stock's order, and every hand."""
    return stock_known(stock) and all(holdings.fully_known(s) for s in range(seats))


Before = tuple[int, int, bool, bool]
"""What a record needs of the position before a move: results so far, the trick number,
whether a trick is open, whether the stock's order is known."""


def before(results: int, deal: Any, trick_open: bool) -> Before:
    """The position before a move (``results``: the deals finished; ``deal``: the one in
    progress, or None), as a recorder needs it to write the move (:func:`write_move`)."""
    known = deal is not None and stock_known(deal.stock)
    return (results, deal.trick_no if deal is not None else 1, trick_open, known)


def write_move(
    notation: StockShape, events: list[Any], node: Node, was: Before, taker: str | None
) -> bool:
    """What the recorders of the games with a stock write alike at the end of a deal's
    ``events``: a move (``notation.MOVE``) into its trick, or a new trick where none was open
    (``was``: the position before it), with its ``taker`` once the trick is complete; a
    draw, joined to the draw just before it, and none where the stock's order is known
    (the checker draws from it).  False: ``node`` is one of the game's own events."""
    _, trick_no, trick_open, known = was
    last = events[-1] if events else None
    if isinstance(node, notation.MOVE):
        if trick_open and isinstance(last, notation.TRICK) and last.winner is None:
            trick = last
        else:
            trick = notation.TRICK(number=trick_no, **{notation.MOVES: []})
            events.append(trick)
        getattr(trick, notation.MOVES).append(node)
        if taker is not None:
            trick.winner = Winner(seat=taker)
        return True
    if isinstance(node, Draw):
        if not known:
            if isinstance(last, Draw):
                last.cards.extend(node.cards)
            else:
                events.append(node)
        return True
    return False


def stock_move(node: Node, seats: Seats) -> DealCards | DrawCard | None:
    """The move of a deal or of one card drawn (names and cards read by ``seats``, which
    says what is wrong with them); None for any other event."""
    if isinstance(node, GiveCard):
        return DrawCard(seats.seat(node.seat, node), seats.card(node.card, node))
    if isinstance(node, Deal):
        deal = DealCards()
        for part in node.hands:
            deal.hands[seats.seat(part.seat, part)] = seats.cards(part.cards, part)
        deal.trump = seats.card(node.trump, node) if node.trump is not None else None
        if node.stock is not None:
            deal.stock = seats.cards(node.stock, node)
        return deal
    return None


def code_of(card: Card | None) -> str:
    """A card as a record writes it (``??``: not named)."""
    return UNKNOWN if card is None else card_code(card)


def codes_of(cards: list[Card | None]) -> list[str]:
    """Cards as a record writes them."""
    return [code_of(c) for c in cards]


def stock_node(players: list[str], move: DealCards | DrawCard) -> Node:
    """The record's event of a deal, or of one card drawn (a draw of that card)."""
    if isinstance(move, DrawCard):
        return Draw(cards=[GiveCard(seat=players[move.seat], card=code_of(move.card))])
    return Deal(
        hands=[Hand(seat=players[p], cards=codes_of(cards)) for p, cards in move.hands.items()],
        trump=code_of(move.trump),
        stock=None if move.stock is None else codes_of(move.stock),
    )
