"""What ``kozyr record`` asks at a Thousand table, and how an answer becomes a KGN event."""

from __future__ import annotations

from notation.cards import card_code
from notation.i18n import N_, tr
from notation.write import seat_text

from ..model import Question, starts_with
from ..table import POOL, cards_text
from .engine import DECK, RoundState, ThousandEngine
from .moves import Bid, ClaimRedeal, ConcedeHand, GiveCards, PlayCard, SetContract, ThousandMove

__all__ = ["HELP", "question"]

HELP = N_("""Type the event the prompt asks for, in KGN:
  a deal        Anna: AS TS KH ... / Boris: ... / talon: TH 9C JS   (Enter if unknown)
  a call        100, 105 ... or pass
  the talon     Enter for the cards as dealt, or the three cards
  the gives     Boris 9S, Vera JS    (Enter if unseen; or concede, where the rules allow it)
  the contract  Enter for the bid, or a higher value
  a card        KH, or KH marriage
  no cards      points Anna 70, Boris 20, Vera 30 (or score ...): the hand as a score
                sheet keeps it, ended by its points or scores
  ??            a card you did not see
The whole event is taken too: deal Anna: ..., bid Boris 110, Anna AS.""")
"""What the recorder's ``help`` says of Thousand's events (``tr(HELP)`` where it is shown)."""

_SHEET = ("points", "score")
"""A hand kept as a score sheet: its points or scores, typed instead of its cards, end it."""
_DECK = tuple(cards_text(DECK).split())


def question(table: ThousandEngine, declined: bool = False) -> Question:
    """The prompt for the next event, the KGN event an answer stands for, the legal
    choices (``declined`` plays no part in Thousand)."""
    hand = table.hand
    if hand is None:
        return _deal(table)
    moves = table.legal_moves()  # the one source of what may be played
    if hand.phase == "auction":
        return _call(table, hand, moves)
    if hand.phase == "talon":
        return _talon(table, hand)
    if hand.phase == "give":
        return _give(table, hand, moves)
    if hand.phase == "contract":
        return _contract(table, hand, moves)
    return _play(table, hand, moves)


def _tally(table: ThousandEngine, hand: RoundState) -> tuple[str, tuple[str, ...]]:
    """A score sheet's points, one per player of the hand."""
    return ("points", tuple(table.players[p] for p in hand.active))


def _deal(table: ThousandEngine) -> Question:
    seats = [f"{seat_text(table.players[p])}:" for p in table.active_seats()]
    return Question(
        tr("hand {number} deal (KGN deal, or Enter if unknown)> ").format(number=table.match.number),
        lambda a: f"deal {a}" if a else "deal talon: ?? ?? ??",
        [],
        ("deal", "redeal"),
        (*seats, "talon:", *_DECK, "??"),
    )


def _call(table: ThousandEngine, hand: RoundState, moves: list[ThousandMove]) -> Question:
    names = table.players
    seat = seat_text(names[hand.turn])
    redeal = [f"redeal {seat_text(names[m.seat])}" for m in moves if isinstance(m, ClaimRedeal)]
    bids = [m for m in moves if isinstance(m, Bid) and not m.dark]
    legal = ["pass" if m.bid is None else str(m.bid) for m in bids]
    dark = ["dark"] if any(isinstance(m, Bid) and m.dark for m in moves) else []
    return Question(
        tr("{player} bids> ").format(player=names[hand.turn]),
        lambda a: f"bid {a}" if starts_with(a, seat) else f"bid {seat} {a}",
        legal,
        ("bid", "bids", "redeal"),
        (*legal, *dark, *redeal),
    )


def _talon(table: ThousandEngine, hand: RoundState) -> Question:
    h = hand.holdings
    shown = " ".join([*cards_text(h.known[POOL]).split(), *["??"] * h.unknown[POOL]])
    return Question(
        tr("talon (the 3 cards; Enter: {shown})> ").format(shown=shown),
        lambda a: f"talon {a or shown}",
        [],
        ("talon", "redeal", *_SHEET),
        (*shown.split(), *_SHEET),
        _tally(table, hand),
    )


def _give(table: ThousandEngine, hand: RoundState, moves: list[ThousandMove]) -> Question:
    names = table.players
    declarer = hand.declarer
    assert declarer is not None
    opp = [names[p] for p in hand.active if p != declarer]
    given = {c for m in moves if isinstance(m, GiveCards) for _, c in m.cards if c is not None}
    legal = cards_text(given).split()
    concede = ["concede"] if any(isinstance(m, ConcedeHand) for m in moves) else []
    unseen = ", ".join(f"{seat_text(o)} ??" for o in opp)
    return Question(
        tr("{declarer} gives ({first} CARD, {second} CARD, Enter if unseen, or concede)> ").format(
            declarer=names[declarer], first=opp[0], second=opp[1]
        ),
        lambda a: f"give {a or unseen}",
        legal,
        ("give", "concede", *_SHEET),
        (*[seat_text(o) for o in opp], *legal, "??", *concede, *_SHEET),
        _tally(table, hand),
    )


def _contract(table: ThousandEngine, hand: RoundState, moves: list[ThousandMove]) -> Question:
    values = [str(m.value) for m in moves if isinstance(m, SetContract)]
    return Question(
        tr("contract (Enter for {bid})> ").format(bid=hand.bid),
        lambda a: f"contract {a or hand.bid}",
        [],
        ("contract", *_SHEET),
        (*values, *_SHEET),
        _tally(table, hand),
    )


def _play(table: ThousandEngine, hand: RoundState, moves: list[ThousandMove]) -> Question:
    seat = table.players[hand.turn]
    plays = [m for m in moves if isinstance(m, PlayCard)]
    legal = list(dict.fromkeys(card_code(m.card) for m in plays))
    marriage = ["marriage"] if any(m.marriage for m in plays) else []
    prompt = tr("trick {number}: {player} leads> ") if not hand.plays else tr("trick {number}: {player} plays> ")
    sheet = _SHEET if hand.trick_no == 1 and not hand.plays else ()
    return Question(
        prompt.format(number=hand.trick_no, player=seat),
        lambda a: f"{seat_text(seat)} {a}",
        legal,
        (seat_text(seat), *sheet),
        (*legal, *marriage, *sheet),
        _tally(table, hand) if sheet else None,
    )
