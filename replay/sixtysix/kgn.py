"""Sixty-six's moves and its records, both ways: one translator from a record's event to a
move (:func:`move_of`, used by the checker and by ``parse_move``), one from a move to a
record's event (:func:`node_of`, used by ``format_move`` and to write a table's game as a
record, :func:`append_move`, :func:`record_of`)."""

from __future__ import annotations

from notation.cards import Card, card_code
from notation.errors import IllegalMoveError, KgnError
from notation.i18n import tr
from notation.records import Entry, Node, Tag
from notation.sixtysix import KIND
from notation.sixtysix.records import (
    STATED,
    Close,
    Deal,
    Draw,
    Event,
    Exchange,
    Out,
    Play,
    Round,
    SixtySixGame,
    Stated,
    Trick,
)

from ..stock import Before, stock_move, stock_node, write_move
from ..stock import before as stock_before
from ..table import Seats, rebuild
from . import moves
from .engine import RoundResult, SixtySixEngine
from .moves import DealCards, DrawCard, GoOut, PlayCard, SixtySixMove

__all__ = ["Before", "append_move", "before", "facts", "move_of", "node_of", "record_of"]


# ---- a record's event -> a move ---------------------------------------------------------


def play_move(play: Play, seat: int, card: Card) -> PlayCard:
    """The move of a card played to a trick, its seat and card read: :func:`move_of` of a
    play, and what the checker calls for the commonest event once it has read them."""
    return PlayCard(seat, card, play.marriage)


def move_of(node: Node, seats: Seats) -> SixtySixMove:
    """The move one event of a Sixty-six record stands for (names and cards read by
    ``seats``, which says what is wrong with them).  A trick is not one move (its cards
    are), nor a draw of two cards (each card is)."""
    if isinstance(node, Play):
        card = seats.card(node.card, node)
        if card is None:
            raise IllegalMoveError(
                tr("a card played to a trick is seen by both; it cannot be ??"),
                code="unknown-card",
                clause="S3",
            )
        return play_move(node, seats.seat(node.seat, node), card)
    move = stock_move(node, seats)
    if move is not None:
        return move
    if isinstance(node, Exchange):
        return moves.Exchange(seats.seat(node.seat, node))
    if isinstance(node, Close):
        return moves.Close(seats.seat(node.seat, node))
    if isinstance(node, Out):
        return GoOut(seats.seat(node.seat, node))
    if isinstance(node, Draw) and len(node.cards) == 1:
        return move_of(node.cards[0], seats)
    if isinstance(node, Trick) and len(node.plays) == 1 and node.winner is None:
        return move_of(node.plays[0], seats)
    if isinstance(node, Trick | Draw):
        raise KgnError(tr("a move is one card, not several"), code="bad-move")
    raise KgnError(tr("not a move: {lower}").format(lower=type(node).__name__.lower()), code="bad-move")


# ---- a move -> a record's event -----------------------------------------------------------


def node_of(players: list[str], move: SixtySixMove) -> Node:
    """The record's event of one move (a card played: its :class:`Play`; a card drawn: a
    draw of that card)."""
    name = players.__getitem__
    if isinstance(move, PlayCard):
        return Play(seat=name(move.seat), card=card_code(move.card), marriage=move.marriage)
    if isinstance(move, DealCards | DrawCard):
        return stock_node(players, move)
    if isinstance(move, moves.Exchange):
        return Exchange(seat=name(move.seat))
    if isinstance(move, moves.Close):
        return Close(seat=name(move.seat))
    return Out(seat=name(move.seat))


def facts(res: RoundResult, players: list[str]) -> list[Event]:
    """What a finished deal left, as a record states it: the points, the game points it
    scored, the totals."""
    return [
        Stated(kind=STATED[kind], entries=[Entry(seat=players[p], value=v) for p, v in values.items()])
        for kind, values in (("points", res.points), ("score", res.scores), ("totals", res.totals))
    ]


def _start_tags(table: SixtySixEngine) -> list[Tag]:
    start = table.start
    tags = []
    if start["first_deal"] != 1:
        tags.append(Tag(name="FirstDeal", values=[str(start["first_deal"])]))
    if any(start["totals"]):
        tags.append(Tag(name="Totals", values=[str(v) for v in start["totals"]]))
    if start["bonus"]:
        tags.append(Tag(name="Bonus", values=[str(start["bonus"])]))
    return tags



def before(table: SixtySixEngine) -> Before:
    """The position before a move, as :func:`append_move` needs it."""
    return stock_before(len(table.results), table.deal, table.trick_open)


def append_move(
    record: SixtySixGame, table: SixtySixEngine, move: SixtySixMove, was: Before
) -> None:
    """Write ``move`` into ``record``: ``table`` is the table after the move, ``was`` the
    position before it.  A finished trick gets its taker, a finished deal its facts."""
    names = table.players
    ended = facts(table.results[-1], names) if len(table.results) > was[0] else []
    node = node_of(names, move)
    if isinstance(node, Deal):
        if ended and record.deals:  # the deal before was scored as played out with this one
            record.deals[-1].events.extend(ended)
        assert table.deal is not None
        record.deals.append(Round(number=table.deal.number, deal=node))
        return
    events = record.deals[-1].events
    taker = None if table.trick_open or table.last_winner is None else names[table.last_winner]
    if not write_move(KIND, events, node, was, taker):
        assert isinstance(node, Exchange | Close | Out)
        events.append(node)
    events.extend(ended)


def record_of(table: SixtySixEngine) -> SixtySixGame:
    """The moves of ``table`` as a record, with every trick's taker and every finished
    deal's facts."""
    record = SixtySixGame(tags=[])
    rebuild(table, record, _start_tags(table), before, append_move)
    deal = table.deal
    if deal is not None and deal.phase == "end" and record.deals:
        scored = table.clone()  # every card played: the count decides (S10)
        scored.settle()
        record.deals[-1].events.extend(facts(scored.results[-1], table.players))
    return record
