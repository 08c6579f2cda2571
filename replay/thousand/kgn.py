"""Thousand's moves and its records, both ways: one translator from a record's event to a
move (:func:`move_of`, used by the checker and by ``parse_move``), one from a move to a
record's event (:func:`node_of`, used by ``format_move`` and to write a table's game as a
record, :func:`append_move`, :func:`record_of`)."""

from __future__ import annotations

from notation.cards import UNKNOWN, Card, card_code
from notation.errors import IllegalMoveError, KgnError
from notation.i18n import tr
from notation.records import GiveCard, Hand, Node, Tag, Winner
from notation.thousand.records import (
    Call,
    Concede,
    Contract,
    Deal,
    Give,
    Play,
    Redeal,
    Round,
    ScoreEntry,
    Stated,
    Talon,
    ThousandGame,
    Trick,
)

from ..table import Seats, rebuild
from .engine import RoundResult, ThousandEngine
from .moves import (
    Bid,
    ClaimRedeal,
    ConcedeHand,
    DealCards,
    GiveCards,
    PlayCard,
    ScoreHand,
    SetContract,
    TakeTalon,
    ThousandMove,
)

__all__ = [
    "Before",
    "append_move",
    "before",
    "move_of",
    "node_of",
    "record_of",
    "stated_facts",
]


def _code(card: Card | None) -> str:
    return UNKNOWN if card is None else card_code(card)


def _codes(cards: list[Card | None]) -> list[str]:
    return [_code(c) for c in cards]


# ---- a record's event -> a move ---------------------------------------------------------


def play_move(play: Play, seat: int, card: Card) -> PlayCard:
    """The move of a card played to a trick, its seat and card read: :func:`move_of` of a
    play, and what the checker calls for the commonest event of a record once it has
    read the seat and the card itself (without the general translator's dispatch)."""
    return PlayCard(seat, card, play.marriage)


def move_of(node: Node, seats: Seats) -> ThousandMove:
    """The move one event of a Thousand record stands for (names and cards read by
    ``seats``, which says what is wrong with them).  A trick is not one move: its plays
    are."""
    if isinstance(node, Play):
        card = seats.card(node.card, node)
        if card is None:
            raise IllegalMoveError(
                tr("a card played to a trick is seen by everybody; it cannot be ??"),
                code="unknown-card",
                clause="T5",
            )
        return play_move(node, seats.seat(node.seat, node), card)
    if isinstance(node, Call):
        return Bid(seats.seat(node.seat, node), node.bid, node.dark, ref=node)
    if isinstance(node, Deal):
        deal = DealCards(ref=node)
        for part in node.hands:
            deal.hands[seats.seat(part.seat, part)] = seats.cards(part.cards, part)
        if node.talon is not None:
            talon = seats.cards(node.talon, node)
            # three cards nobody recorded say no more than a talon left out
            deal.talon = None if talon == [None, None, None] else talon
        return deal
    if isinstance(node, Redeal):
        return ClaimRedeal(seats.seat(node.seat, node), ref=node)
    if isinstance(node, Talon):
        return TakeTalon(seats.cards(node.cards, node), ref=node)
    if isinstance(node, Concede):
        return ConcedeHand(ref=node)
    if isinstance(node, Give):
        return GiveCards(
            [(seats.seat(g.seat, g), seats.card(g.card, g)) for g in node.cards], ref=node
        )
    if isinstance(node, Contract):
        return SetContract(node.value, ref=node)
    if isinstance(node, Stated) and node.kind in ("points", "score"):
        values = {seats.seat(e.seat, e): e.value for e in node.entries}
        if node.kind == "points":
            return ScoreHand(points=values, ref=node)
        return ScoreHand(scores=values, ref=node)
    if isinstance(node, Trick):
        if len(node.plays) == 1 and node.winner is None:
            return move_of(node.plays[0], seats)
        raise KgnError(tr("a move is one card; a trick is several"), code="bad-move")
    raise KgnError(tr("not a move of Thousand: {lower}").format(lower=type(node).__name__.lower()), code="bad-move")


# ---- a move -> a record's event -----------------------------------------------------------


def node_of(players: list[str], move: ThousandMove) -> Node:
    """The record's event of one move (its plays: the one card)."""
    name = players.__getitem__
    if isinstance(move, PlayCard):
        return Play(seat=name(move.seat), card=card_code(move.card), marriage=move.marriage)
    if isinstance(move, Bid):
        return Call(seat=name(move.seat), bid=move.bid, dark=move.dark)
    if isinstance(move, DealCards):
        return Deal(
            hands=[Hand(seat=name(p), cards=_codes(cards)) for p, cards in move.hands.items()],
            talon=_codes(move.talon) if move.talon is not None else [UNKNOWN] * 3,
        )
    if isinstance(move, TakeTalon):
        return Talon(cards=_codes(move.cards))
    if isinstance(move, GiveCards):
        return Give(cards=[GiveCard(seat=name(p), card=_code(c)) for p, c in move.cards])
    if isinstance(move, SetContract):
        return Contract(value=move.value)
    if isinstance(move, ConcedeHand):
        return Concede()
    if isinstance(move, ScoreHand):  # a hand ended by its score sheet
        sheet = move.points is not None
        values = (move.points if sheet else move.scores) or {}
        entries = [ScoreEntry(seat=name(p), value=v) for p, v in values.items()]
        return Stated(kind="points" if sheet else "score", entries=entries)
    return Redeal(seat=name(move.seat))


def stated_facts(res: RoundResult, players: list[str]) -> list[Stated]:
    """A finished hand's facts as a record states them: points (unless conceded), scores,
    totals with the barrel marks; each line in seat order."""
    out = []
    if res.points:
        points = [ScoreEntry(seat=players[p], value=v) for p, v in sorted(res.points.items())]
        out.append(Stated(kind="points", entries=points))
    scores = [ScoreEntry(seat=players[p], value=v) for p, v in sorted(res.scores.items())]
    out.append(Stated(kind="score", entries=scores))
    totals = [
        ScoreEntry(seat=players[p], value=v, barrel=p in res.barrel)
        for p, v in sorted(res.totals.items())
    ]
    out.append(Stated(kind="totals", entries=totals))
    return out


def _start_tags(table: ThousandEngine) -> list[Tag]:
    start = table.start
    n = len(table.players)
    tags = []
    if start["first_hand"] != 1:
        tags.append(Tag(name="FirstHand", values=[str(start["first_hand"])]))
    if any(start["totals"]):
        tags.append(Tag(name="Totals", values=[str(v) for v in start["totals"]]))
    if any(b is not None for b in start["barrel"]):
        tags.append(
            Tag(name="Barrel", values=["-" if b is None else str(b) for b in start["barrel"]])
        )
    if any(start["bolts"]) and len(start["bolts"]) == n:
        tags.append(Tag(name="Bolts", values=[str(v) for v in start["bolts"]]))
    return tags


Before = tuple[int, int, int, bool]
"""What a record needs of the position before a move: results so far, the hand number,
the trick number, whether a hand is in progress."""


def before(table: ThousandEngine) -> Before:
    """The position before a move, as :func:`append_move` needs it."""
    hand = table.hand
    return (
        len(table.results),
        table.match.number,
        hand.trick_no if hand else 1,
        hand is not None,
    )


def append_move(
    record: ThousandGame, table: ThousandEngine, move: ThousandMove, was: Before
) -> None:
    """Write ``move`` into ``record``: ``table`` is the table after the move, ``was`` the
    position before it.  A finished trick gets its taker, a finished hand its facts."""
    names = table.players
    done, number, trick_no, in_hand = was
    if isinstance(move, DealCards) or not in_hand or not record.hands:
        hand = Round(number=number)
        record.hands.append(hand)
    else:
        hand = record.hands[-1]
    node = node_of(names, move)
    if isinstance(node, Play):
        if not hand.tricks or hand.tricks[-1].winner is not None:
            hand.tricks.append(Trick(number=trick_no, plays=[]))
        trick = hand.tricks[-1]
        trick.plays.append(node)
        if not table.trick_open and table.last_winner is not None:
            trick.winner = Winner(seat=names[table.last_winner])
    elif isinstance(node, Deal):
        if isinstance(move, DealCards) and (move.hands or move.talon is not None):
            hand.deal = node if move.talon is not None else Deal(hands=node.hands)
    elif isinstance(node, Call):
        hand.auction.append(node)
    elif isinstance(node, Talon):
        hand.talon = node
    elif isinstance(node, Give):
        hand.give = node
    elif isinstance(node, Contract):
        hand.contract = node
    elif isinstance(node, Concede):
        hand.concede = node
    elif isinstance(node, Redeal):
        hand.redeal = node
    # a hand ended by its score sheet: its facts, written below, are what the sheet said
    if len(table.results) > done and not table.results[-1].redeal and not hand.stated:
        hand.stated.extend(stated_facts(table.results[-1], names))


def record_of(table: ThousandEngine) -> ThousandGame:
    """The moves of ``table`` as a record, with every trick's taker and every finished
    hand's points, scores and totals."""
    record = ThousandGame(tags=[])
    rebuild(table, record, _start_tags(table), before, append_move)
    return record
