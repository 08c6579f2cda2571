"""Bura and Burkozel moves as KGN: one move as one event, a table's moves as a record."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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

from ..table import parse_event, seat_of
from .moves import BuraMove, CommitFault, DealCards, DrawCard, Lay, OpenClaim, ShowCombo

if TYPE_CHECKING:
    from .engine import BuraTable, DealResult

__all__ = ["format_move", "parse_move", "record_of"]

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


def parse_move(table: BuraTable, text: str) -> BuraMove:
    """One KGN event as a move of ``table`` (the inverse of :func:`format_move`)."""
    words = text.split(None, 1)
    word = words[0].casefold() if words else ""
    body = text.strip() if word in _EVENT_WORDS else f"1. {text.strip()}"
    record = parse_event(table.game, table.players, body)
    assert isinstance(record, BuraGame)
    deal = record.deals[0]
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


def _facts(table: BuraTable, res: DealResult) -> list[BuraEvent]:
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
            kind=table.SCORE_TALLY,
            entries=[Entry(seat=names[p], value=scores[p]) for p in range(len(names))],
        )
    )
    return out


def _start_tags(table: BuraTable) -> list[Tag]:
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


def record_of(table: BuraTable) -> BuraGame:
    """The moves of ``table`` as a record: replayed on a fresh table of the same start, with
    every trick's taker, the pot and each finished deal's facts."""
    names = table.players
    start = table.start
    fresh = type(table)(
        names,
        dealer=start["dealer"],
        rules=table.rules,
        ante=start["ante"],
        first_deal=start["first_deal"],
        chips=start["chips"],
        penalty=start["penalty"],
        pot=start["pot"],
        ante_due=start["ante_due"],
        first_leader=start["first_leader"],
        factor=start["factor"],
    )
    deals: list[BuraDeal] = []
    deal: BuraDeal | None = None
    trick: BuraTrick | None = None
    stock_known = False
    for move in table.moves:
        done = len(fresh.results)
        trick_no = fresh.deal.trick_no if fresh.deal is not None else 1
        fresh.push(move)
        facts = _facts(fresh, fresh.results[-1]) if len(fresh.results) > done else []
        if facts and deal is not None and isinstance(move, DealCards):
            deal.events.extend(facts)
            facts = []
        if isinstance(move, DealCards):
            stock_known = move.stock is not None and None not in move.stock
            dealing = Dealing(
                hands=[
                    DealHand(seat=names[p], cards=[_code(c) for c in cards])
                    for p, cards in move.hands.items()
                ],
                trump=_code(move.trump),
                stock=None if move.stock is None else [_code(c) for c in move.stock],
            )
            assert fresh.deal is not None
            deal = BuraDeal(number=fresh.deal.number, dealing=dealing)
            deals.append(deal)
            if table.HAS_POT:
                deal.events.append(Pot(value=fresh.match.pot))
            trick = None
            continue
        assert deal is not None
        events: list[BuraEvent] = deal.events
        if isinstance(move, Lay):
            if trick is None:
                trick = BuraTrick(number=trick_no, answers=[])
                events.append(trick)
            trick.answers.append(
                Answer(
                    seat=names[move.seat],
                    cards=[card_code(c) for c in move.up],
                    down=[_code(c) for c in move.down],
                )
            )
            current = fresh.deal
            if current is None or not current.trick:
                assert fresh.last_winner is not None
                trick.winner = Winner(seat=names[fresh.last_winner])
                trick = None
            events.extend(facts)
            continue
        if isinstance(move, DrawCard):
            if stock_known:  # the checker draws from the recorded stock itself
                events.extend(facts)
                continue
            last = events[-1] if events else None
            card = GiveCard(seat=names[move.seat], card=_code(move.card))
            if isinstance(last, Draw):
                last.cards.append(card)
            else:
                events.append(Draw(cards=[card]))
            continue
        trick = None  # a show in the middle of a trick ends the trick's record line
        if isinstance(move, OpenClaim):
            res = fresh.results[-1]
            count = res.claim_count if move.count is None else move.count
            outcome = move.outcome or ("win" if res.end == "claim-won" else "fail")
            events.append(Claim(seat=names[move.seat], count=count, outcome=outcome))
        elif isinstance(move, ShowCombo):
            cards = [card_code(c) for c in move.cards]
            events.append(Show(seat=names[move.seat], combo=move.combo, cards=cards))
        else:
            events.append(Fault(seat=names[move.seat], fault=move.kind))
        events.extend(facts)
    tags = [
        Tag(name="Game", values=[table.game]),
        Tag(name="Players", values=list(names)),
        Tag(name="Dealer", values=[names[start["dealer"]]]),
        Tag(name="Rules", values=[table.rules.text()]),
        *_start_tags(table),
        Tag(name="Result", values=[_result(table)]),
    ]
    return BuraGame(kind=table.game, tags=tags, deals=deals)


def _result(table: Any) -> str:
    outcome = table.outcome()
    return outcome.result if outcome is not None and outcome.result else "*"
