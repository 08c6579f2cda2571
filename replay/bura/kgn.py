"""Bura and Burkozel moves as KGN: one move as one event, a table's moves as a record."""

from __future__ import annotations

from typing import Any, cast

from notation.cards import UNKNOWN, Card, card_code, parse_card
from notation.errors import KgnError
from notation.records import (
    Answer,
    BuraDeal,
    BuraEvent,
    BuraGame,
    BuraTrick,
    Claim,
    DealHand,
    Dealing,
    Draw,
    Entry,
    Fault,
    GiveCard,
    Pot,
    Show,
    Tag,
    Tally,
    Winner,
)
from notation.write import seat_text

from ..table import parse_event, rebuild, seat_of
from .engine import BuraEngine, DealResult
from .moves import BuraMove, CommitFault, DealCards, DrawCard, Lay, OpenClaim, ShowCombo

__all__ = [
    "Before",
    "append_move",
    "before",
    "format_move",
    "parse_move",
    "record_of",
]

_EVENT_WORDS = ("hands", "draw", "open", "show", "fault")


def _code(card: Card | None) -> str:
    return UNKNOWN if card is None else card_code(card)


def _card(text: str) -> Card | None:
    return None if text == UNKNOWN else parse_card(text)


def format_move(players: list[str], move: BuraMove) -> str:
    """One move as one KGN event."""
    name = players.__getitem__
    if isinstance(move, Lay):
        parts = [seat_text(name(move.seat)), *(card_code(c) for c in move.up)]
        if move.down:
            parts += ["down", *(_code(c) for c in move.down)]
        return " ".join(parts)
    if isinstance(move, DrawCard):
        return f"draw {seat_text(name(move.seat))} {_code(move.card)}"
    if isinstance(move, DealCards):
        parts = [
            f"{seat_text(name(p))}: {' '.join(_code(c) for c in cards)}"
            for p, cards in move.hands.items()
        ]
        parts.append(f"trump: {_code(move.trump)}")
        if move.stock is not None:
            parts.append(f"stock: {' '.join(_code(c) for c in move.stock)}")
        return "hands " + " / ".join(parts)
    if isinstance(move, OpenClaim):
        text = f"open {seat_text(name(move.seat))}"
        if move.count is not None:
            text += f" {move.count}"
        return text + (f" {move.outcome}" if move.outcome else "")
    if isinstance(move, ShowCombo):
        cards = " ".join(card_code(c) for c in move.cards)
        return f"show {seat_text(name(move.seat))} {move.combo} {cards}"
    return f"fault {seat_text(name(move.seat))} {move.kind}"


def parse_move(table: BuraEngine, text: str) -> BuraMove:
    """One KGN event as a move of ``table`` (the inverse of :func:`format_move`)."""
    deal: BuraDeal = parse_event(table.game, table.unit, table.players, text, _EVENT_WORDS)[0]
    players = table.players

    def seat(name: str) -> int:
        return seat_of(players, name)

    moves: list[BuraMove] = []
    d = deal.dealing
    if d is not None:
        moves.append(
            DealCards(
                {seat(h.seat): [_card(c) for c in h.cards] for h in d.hands},
                _card(d.trump) if d.trump is not None else None,
                None if d.stock is None else [_card(c) for c in d.stock],
            )
        )
    for ev in deal.events:
        if isinstance(ev, BuraTrick):
            if ev.winner is not None:
                raise KgnError(
                    "a move is one lead or answer; the taker is not a move", code="bad-move"
                )
            moves.extend(
                Lay(seat(a.seat), [parse_card(c) for c in a.cards], [_card(c) for c in a.down])
                for a in ev.answers
            )
        elif isinstance(ev, Draw):
            moves.extend(DrawCard(seat(g.seat), _card(g.card)) for g in ev.cards)
        elif isinstance(ev, Claim):
            moves.append(OpenClaim(seat(ev.seat), ev.count, ev.outcome))
        elif isinstance(ev, Show):
            moves.append(ShowCombo(seat(ev.seat), ev.combo, [parse_card(c) for c in ev.cards]))
        elif isinstance(ev, Fault):
            moves.append(CommitFault(seat(ev.seat), ev.fault))
        else:
            raise KgnError(f"not a move: {text!r}", code="bad-move")
    if len(moves) != 1:
        raise KgnError(f"not one move: {text!r}", code="bad-move")
    return moves[0]


def _facts(table: BuraEngine, res: DealResult) -> list[BuraEvent]:
    """What a finished deal left: the pot (Bura), the card points (Burkozel), the scores."""
    names = table.players
    out: list[BuraEvent] = []
    if table.HAS_POT:
        out.append(Pot(value=res.pot))
    if res.points:
        out.append(
            Tally(
                kind="points",
                entries=[Entry(seat=names[x], value=v) for x, v in res.points.items()],
            )
        )
    scores = getattr(res, table.SCORE_TALLY)
    out.append(
        Tally(
            kind=cast(Any, table.SCORE_TALLY),
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
    for name, key in (("Chips", "chips"), ("Penalty", "penalty")):
        if any(start[key]):
            tags.append(Tag(name=name, values=[str(v) for v in start[key]]))
    if start["factor"] != 1:
        tags.append(Tag(name="Factor", values=[str(start["factor"])]))
    if start["first_leader"] is not None:
        tags.append(Tag(name="Leader", values=[table.players[start["first_leader"]]]))
    return tags


Before = tuple[int, int, bool, bool]
"""What a record needs of the position before a move: results so far, the trick number,
whether a trick is open, whether the stock's order is known."""


def before(table: BuraEngine) -> Before:
    """The position before a move, as :func:`append_move` needs it."""
    deal = table.deal
    known = deal is not None and deal.stock is not None and None not in deal.stock
    return (len(table.results), deal.trick_no if deal else 1, table.trick_open, known)


def append_move(record: BuraGame, table: BuraEngine, move: BuraMove, was: Before) -> None:
    """Write ``move`` into ``record``: ``table`` is the table after the move, ``was`` the
    position before it.  A finished trick gets its taker, a finished deal its facts."""
    names = table.players
    done, trick_no, trick_open, stock_known = was
    facts = _facts(table, table.results[-1]) if len(table.results) > done else []
    if isinstance(move, DealCards):
        if facts and record.deals:  # the deal before ended with this one (void, played out)
            record.deals[-1].events.extend(facts)
        dealing = Dealing(
            hands=[
                DealHand(seat=names[p], cards=[_code(c) for c in cards])
                for p, cards in move.hands.items()
            ],
            trump=_code(move.trump),
            stock=None if move.stock is None else [_code(c) for c in move.stock],
        )
        assert table.deal is not None
        deal = BuraDeal(number=table.deal.number, dealing=dealing)
        record.deals.append(deal)
        if table.HAS_POT:
            deal.events.append(Pot(value=table.match.pot))
        return
    events: list[BuraEvent] = record.deals[-1].events
    if isinstance(move, Lay):
        last = events[-1] if events else None
        if trick_open and isinstance(last, BuraTrick) and last.winner is None:
            trick = last
        else:
            trick = BuraTrick(number=trick_no, answers=[])
            events.append(trick)
        trick.answers.append(
            Answer(
                seat=names[move.seat],
                cards=[card_code(c) for c in move.up],
                down=[_code(c) for c in move.down],
            )
        )
        if not table.trick_open and table.last_winner is not None:
            trick.winner = Winner(seat=names[table.last_winner])
    elif isinstance(move, DrawCard):
        if not stock_known:  # a known stock: the checker draws from it itself
            last = events[-1] if events else None
            card = GiveCard(seat=names[move.seat], card=_code(move.card))
            if isinstance(last, Draw):
                last.cards.append(card)
            else:
                events.append(Draw(cards=[card]))
    elif isinstance(move, OpenClaim):
        res = table.results[-1]
        count = res.claim_count if move.count is None else move.count
        outcome = move.outcome or ("win" if res.end == "claim-won" else "fail")
        events.append(Claim(seat=names[move.seat], count=count, outcome=cast(Any, outcome)))
    elif isinstance(move, ShowCombo):
        cards = [card_code(c) for c in move.cards]
        events.append(Show(seat=names[move.seat], combo=cast(Any, move.combo), cards=cards))
    else:
        events.append(Fault(seat=names[move.seat], fault=cast(Any, move.kind)))
    events.extend(facts)


def record_of(table: BuraEngine) -> BuraGame:
    """The moves of ``table`` as a record, with every trick's taker, the pot and each
    finished deal's facts."""
    record = BuraGame(kind=cast(Any, table.game), tags=[])
    rebuild(table, record, _start_tags(table), before, append_move)
    return record
