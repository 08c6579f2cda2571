"""The moves of Bura and its variants and their records, both ways: one translator from a record's
event to a move (:func:`move_of`, used by the checker and by ``parse_move``), one from a
move to a record's event (:func:`node_of`, used by ``format_move`` and to write a table's
game as a record, :func:`append_move`, :func:`record_of`)."""

from __future__ import annotations

from typing import Final

from notation.bura import KIND
from notation.bura.records import (
    COMBOS,
    FAULTS,
    OUTCOMES,
    STATED,
    Answer,
    BuraGame,
    Claim,
    Deal,
    Draw,
    Event,
    Fault,
    Pot,
    Round,
    Show,
    Stated,
    Trick,
)
from notation.cards import Card, card_code
from notation.errors import IllegalMoveError, KgnError
from notation.i18n import N_, tr
from notation.records import Entry, Node, Tag

from ..stock import Before, codes_of, stock_move, stock_node, write_move
from ..stock import before as stock_before
from ..table import Seats, rebuild
from .engine import BuraEngine, RoundResult
from .moves import BuraMove, CommitFault, DealCards, DrawCard, Lay, OpenClaim, ShowCombo

__all__ = [
    "Before",
    "append_move",
    "before",
    "move_of",
    "node_of",
    "record_of",
]


FACE_UP_UNKNOWN: Final = N_("a card played face up is seen by all; it cannot be ?? (write: down ??)")
SHOWN_UNKNOWN: Final = N_("a shown combination is seen by all; its cards cannot be ??")
"""What a card everybody sees cannot be, said when it is (marked once, here: no call on the
way of every move)."""


def _known(cards: list[Card | None], message: str, code: str, clause: str) -> list[Card]:
    """Cards everybody sees: none may be ``??`` (``message``, marked ``N_``, is translated
    only when it is said)."""
    known = [c for c in cards if c is not None]
    if len(known) != len(cards):
        raise IllegalMoveError(tr(message), code=code, clause=clause)
    return known


# ---- a record's event -> a move ---------------------------------------------------------


def lay_move(seat: int, up: list[Card], down: list[Card | None]) -> Lay:
    """The move of a lead or an answer, its seat and cards read: :func:`move_of` of an
    answer, and what the checker calls for the commonest event once it has read them."""
    return Lay(seat, up, down)


def move_of(node: Node, seats: Seats) -> BuraMove:
    """The move one event of a record of Bura or a variant stands for (names and cards read by
    ``seats``, which says what is wrong with them).  A trick is not one move (its leads and
    answers are), nor a draw of several cards (each card is)."""
    if isinstance(node, Answer):
        up = _known(
            seats.cards(node.cards, node),
            FACE_UP_UNKNOWN,
            "unknown-card",
            "B4",
        )
        down = seats.cards(node.down, node) if node.down else []
        return lay_move(seats.seat(node.seat, node), up, down)
    move = stock_move(node, seats)
    if move is not None:
        return move
    if isinstance(node, Claim):
        return OpenClaim(seats.seat(node.seat, node), node.count, node.outcome)
    if isinstance(node, Show):
        cards = _known(
            seats.cards(node.cards, node),
            SHOWN_UNKNOWN,
            "bad-combo",
            "B8",
        )
        return ShowCombo(seats.seat(node.seat, node), node.combo, cards)
    if isinstance(node, Fault):
        return CommitFault(seats.seat(node.seat, node), node.fault)
    if isinstance(node, Draw) and len(node.cards) == 1:
        return move_of(node.cards[0], seats)
    if isinstance(node, Trick) and len(node.answers) == 1 and node.winner is None:
        return move_of(node.answers[0], seats)
    if isinstance(node, Trick):
        raise KgnError(tr("a move is a lead or an answer, not several"), code="bad-move")
    if isinstance(node, Draw):
        raise KgnError(tr("a move is one card drawn, not several"), code="bad-move")
    raise KgnError(tr("not a move: {lower}").format(lower=type(node).__name__.lower()), code="bad-move")


# ---- a move -> a record's event -----------------------------------------------------------


def node_of(players: list[str], move: BuraMove) -> Node:
    """The record's event of one move (a lead or an answer: its :class:`Answer`; a card
    drawn: a draw of that card)."""
    name = players.__getitem__
    if isinstance(move, Lay):
        return Answer(
            seat=name(move.seat), cards=[card_code(c) for c in move.up], down=codes_of(move.down)
        )
    if isinstance(move, DealCards | DrawCard):
        return stock_node(players, move)
    if isinstance(move, OpenClaim):
        outcome = None if move.outcome is None else OUTCOMES[move.outcome]
        return Claim(seat=name(move.seat), count=move.count, outcome=outcome)
    if isinstance(move, ShowCombo):
        return Show(
            seat=name(move.seat),
            combo=COMBOS[move.combo],
            cards=[card_code(c) for c in move.cards],
        )
    return Fault(seat=name(move.seat), fault=FAULTS[move.kind])


def _facts(table: BuraEngine, res: RoundResult) -> list[Event]:
    """What a finished deal left: the pot, or a variant's card points; the scores."""
    names = table.players
    out: list[Event] = []
    if table.HAS_POT:
        out.append(Pot(value=res.pot))
    if res.points:
        out.append(
            Stated(
                kind="points",
                entries=[Entry(seat=names[x], value=v) for x, v in res.points.items()],
            )
        )
    scores = table.round_scores(res)
    out.append(
        Stated(
            kind=STATED[table.SCORE_TALLY],
            entries=[Entry(seat=names[p], value=scores[p]) for p in range(len(names))],
        )
    )
    return out


def _start_tags(table: BuraEngine) -> list[Tag]:
    start = table.start
    tags = []
    if start["ante"] != 1:
        tags.append(Tag(name="Ante", values=[str(start["ante"])]))
    if start["pot"]:
        tags.append(
            Tag(name="Pot", values=[str(start["pot"]), *(["ante"] if start["ante_due"] else [])])
        )
    if start["first_deal"] != 1:
        tags.append(Tag(name="FirstDeal", values=[str(start["first_deal"])]))
    for name, values in (("Chips", start["chips"]), ("Penalty", start["penalty"])):
        if any(values):
            tags.append(Tag(name=name, values=[str(v) for v in values]))
    if start["factor"] != 1:
        tags.append(Tag(name="Factor", values=[str(start["factor"])]))
    if start["first_leader"] is not None:
        tags.append(Tag(name="Leader", values=[table.players[start["first_leader"]]]))
    return tags


def before(table: BuraEngine) -> Before:
    """The position before a move, as :func:`append_move` needs it."""
    return stock_before(len(table.results), table.deal, table.trick_open)


def append_move(record: BuraGame, table: BuraEngine, move: BuraMove, was: Before) -> None:
    """Write ``move`` into ``record``: ``table`` is the table after the move, ``was`` the
    position before it.  A finished trick gets its taker, a finished deal its facts."""
    names = table.players
    facts = _facts(table, table.results[-1]) if len(table.results) > was[0] else []
    node = node_of(names, move)
    if isinstance(node, Deal):
        if facts and record.deals:  # the deal before ended with this one (void, played out)
            record.deals[-1].events.extend(facts)
        assert table.deal is not None
        deal = Round(number=table.deal.number, deal=node)
        record.deals.append(deal)
        if table.HAS_POT:
            deal.events.append(Pot(value=table.match.pot))
        return
    events = record.deals[-1].events
    taker = None if table.trick_open or table.last_winner is None else names[table.last_winner]
    if write_move(KIND, events, node, was, taker):
        pass
    elif isinstance(node, Claim):
        res = table.results[-1]
        if node.count is None:
            node.count = res.claim_count
        if node.outcome is None:
            node.outcome = "win" if res.end == "claim-won" else "fail"
        events.append(node)
    else:
        assert isinstance(node, Show | Fault)
        events.append(node)
    events.extend(facts)


def record_of(table: BuraEngine) -> BuraGame:
    """The moves of ``table`` as a record, with every trick's taker, the pot and each
    finished deal's facts."""
    record = table.NOTATION.record(tags=[])  # Bura's, or a variant's own
    assert isinstance(record, BuraGame)
    rebuild(table, record, _start_tags(table), before, append_move)
    return record
