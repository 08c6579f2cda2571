"""Thousand moves as KGN: one move as one event, and a table's moves as a record."""

from __future__ import annotations

from notation.cards import UNKNOWN, Card, card_code, parse_card
from notation.errors import KgnError
from notation.records import (
    Call,
    Concede,
    Contract,
    Deal,
    DealHand,
    Entry,
    Give,
    GiveCard,
    Hand,
    Play,
    Redeal,
    Stated,
    Tag,
    Talon,
    ThousandGame,
    Trick,
    Winner,
)
from notation.write import seat_text, stated_text

from ..table import parse_event, rebuild, seat_of
from .engine import HandResult, ThousandEngine
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
    "format_move",
    "parse_move",
    "record_of",
    "stated_facts",
]

_EVENT_WORDS = (
    "deal", "redeal", "bid", "bids", "talon", "concede", "give", "contract", "points", "score",
)  # fmt: skip


def _code(card: Card | None) -> str:
    return UNKNOWN if card is None else card_code(card)


def _codes(cards: list[Card | None]) -> str:
    return " ".join(_code(c) for c in cards)


def format_move(players: list[str], move: ThousandMove) -> str:
    """One move as one KGN event."""
    name = players.__getitem__
    if isinstance(move, PlayCard):
        text = f"{seat_text(name(move.seat))} {card_code(move.card)}"
        return text + " marriage" if move.marriage else text
    if isinstance(move, Bid):
        call = "pass" if move.bid is None else f"dark {move.bid}" if move.dark else str(move.bid)
        return f"bid {seat_text(name(move.seat))} {call}"
    if isinstance(move, DealCards):
        parts = [f"{seat_text(name(p))}: {_codes(cards)}" for p, cards in move.hands.items()]
        parts.append(f"talon: {_codes(move.talon or [None, None, None])}")
        return "deal " + " / ".join(parts)
    if isinstance(move, TakeTalon):
        return f"talon {_codes(move.cards)}"
    if isinstance(move, GiveCards):
        return "give " + ", ".join(f"{seat_text(name(p))} {_code(c)}" for p, c in move.cards)
    if isinstance(move, SetContract):
        return f"contract {move.value}"
    if isinstance(move, ConcedeHand):
        return "concede"
    if isinstance(move, ScoreHand):  # a hand ended by its score sheet
        sheet = move.points is not None
        values = (move.points if sheet else move.scores) or {}
        entries = [Entry(seat=name(p), value=v) for p, v in values.items()]
        return stated_text(Stated(kind="points" if sheet else "score", entries=entries))
    return f"redeal {seat_text(name(move.seat))}"


def _card(text: str) -> Card | None:
    return None if text == UNKNOWN else parse_card(text)


def parse_move(table: ThousandEngine, text: str) -> ThousandMove:
    """One KGN event as a move of ``table`` (the inverse of :func:`format_move`)."""
    hand: Hand = parse_event("thousand", table.unit, table.players, text, _EVENT_WORDS)[0]
    players = table.players

    def seat(name: str) -> int:
        return seat_of(players, name)

    events: list[ThousandMove] = []
    if hand.deal is not None:
        talon = [_card(c) for c in hand.deal.talon] if hand.deal.talon is not None else None
        if talon is not None and all(c is None for c in talon) and len(talon) == 3:
            talon = None
        events.append(
            DealCards({seat(h.seat): [_card(c) for c in h.cards] for h in hand.deal.hands}, talon)
        )
    if hand.redeal is not None:
        events.append(ClaimRedeal(seat(hand.redeal.seat)))
    events.extend(Bid(seat(c.seat), c.bid, c.dark) for c in hand.auction)
    if hand.talon is not None:
        events.append(TakeTalon([_card(c) for c in hand.talon.cards]))
    if hand.concede is not None:
        events.append(ConcedeHand())
    if hand.give is not None:
        events.append(GiveCards([(seat(g.seat), _card(g.card)) for g in hand.give.cards]))
    if hand.contract is not None:
        events.append(SetContract(hand.contract.value))
    for trick in hand.tricks:
        events.extend(PlayCard(seat(p.seat), parse_card(p.card), p.marriage) for p in trick.plays)
        if trick.winner is not None:
            raise KgnError("a move is one card; the trick's taker is not a move", code="bad-move")
    if len(hand.stated) == 1 and hand.stated[0].kind in ("points", "score") and not events:
        values = {seat(e.seat): e.value for e in hand.stated[0].entries}
        sheet = hand.stated[0].kind == "points"
        events.append(ScoreHand(points=values) if sheet else ScoreHand(scores=values))
        hand.stated = []
    if len(events) != 1 or hand.stated:
        raise KgnError(f"not one move: {text!r}", code="bad-move")
    return events[0]


def stated_facts(res: HandResult, players: list[str]) -> list[Stated]:
    """A finished hand's facts as a record states them: points (unless conceded), scores,
    totals with the barrel marks."""
    out = []
    if res.points:
        points = [Entry(seat=players[p], value=v) for p, v in res.points.items()]
        out.append(Stated(kind="points", entries=points))
    scores = [Entry(seat=players[p], value=v) for p, v in res.scores.items()]
    out.append(Stated(kind="score", entries=scores))
    totals = [
        Entry(seat=players[p], value=v, barrel=p in res.barrel) for p, v in res.totals.items()
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
        table.session.number,
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
        hand = Hand(number=number)
        record.hands.append(hand)
    else:
        hand = record.hands[-1]
    if isinstance(move, DealCards):
        if move.hands or move.talon is not None:
            hand.deal = Deal(
                hands=[
                    DealHand(seat=names[p], cards=[_code(c) for c in cards])
                    for p, cards in move.hands.items()
                ],
                talon=None if move.talon is None else [_code(c) for c in move.talon],
            )
    elif isinstance(move, PlayCard):
        if not hand.tricks or hand.tricks[-1].winner is not None:
            hand.tricks.append(Trick(number=trick_no, plays=[]))
        trick = hand.tricks[-1]
        trick.plays.append(
            Play(seat=names[move.seat], card=card_code(move.card), marriage=move.marriage)
        )
        if not table.trick_open and table.last_winner is not None:
            trick.winner = Winner(seat=names[table.last_winner])
    elif isinstance(move, Bid):
        hand.auction.append(Call(seat=names[move.seat], bid=move.bid, dark=move.dark))
    elif isinstance(move, TakeTalon):
        hand.talon = Talon(cards=[_code(c) for c in move.cards])
    elif isinstance(move, GiveCards):
        hand.give = Give(cards=[GiveCard(seat=names[p], card=_code(c)) for p, c in move.cards])
    elif isinstance(move, SetContract):
        hand.contract = Contract(value=move.value)
    elif isinstance(move, ConcedeHand):
        hand.concede = Concede()
    elif isinstance(move, ScoreHand):
        pass  # the hand's facts, written below, are what the score sheet said
    else:
        hand.redeal = Redeal(seat=names[move.seat])
    if len(table.results) > done and not table.results[-1].redeal and not hand.stated:
        hand.stated.extend(stated_facts(table.results[-1], names))


def record_of(table: ThousandEngine) -> ThousandGame:
    """The moves of ``table`` as a record, with every trick's taker and every finished
    hand's points, scores and totals."""
    record = ThousandGame(tags=[])
    rebuild(table, record, _start_tags(table), before, append_move)
    return record
