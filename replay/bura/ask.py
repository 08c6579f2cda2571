"""What ``kozyr record`` asks at a Bura table (or a variant's), and how an answer becomes a KGN
event.  At any prompt ``open NAME ...``, ``show NAME COMBO CARDS`` and ``fault NAME KIND``
are events of their own."""

from __future__ import annotations

from notation.cards import card_code
from notation.i18n import N_, tr
from notation.write import seat_text

from ..model import Question
from ..table import cards_text
from .engine import BuraEngine, RoundState
from .moves import BuraMove, Lay, OpenClaim, ShowCombo

__all__ = ["HELP", "question"]

HELP = N_("""Type the event the prompt asks for, in KGN:
  a deal        Anna: TH 6H 9C / Boris: ... / trump: KH [/ stock: ...]
  a lead        TH 6H
  an answer     the cards, face up or face down: TH 6H, down 6S 7D
  a draw        the card, or Enter if unseen
  ??            a card you did not see
The whole event is taken too: hands Anna: ..., Oleg 7H, draw Oleg 7H.
Events at any prompt:
  open NAME [N] [win|fail] a claim (31 in the tricks taken)
  show NAME COMBO CARDS    a combination (bura, molodka, moskva, ...)
  fault NAME KIND          a fault (out-of-turn, double-draw)""")
"""What the recorder's ``help`` says of the events of Bura and its variants."""

_EVENTS = ("open", "show", "fault")


def question(table: BuraEngine, declined: bool = False) -> Question:
    """The prompt for the next event, the KGN event an answer stands for (None: nobody
    claims, no second bura), the legal choices.  ``declined``: that was said already."""
    deal = table.deal
    moves = table.legal_moves() if deal is not None else []
    events = _events(table, moves)

    if deal is None or (declined and deal.phase in ("end", "bura")):
        return _deal_question(table)
    if deal.phase == "draw":
        return _draw_question(table, deal, events)
    if deal.phase == "end":
        return Question(
            tr("claim? (open NAME, or Enter: nobody claims)> "),
            lambda a: a or None,
            [],
            (),
            tuple(events),
        )
    if deal.phase == "bura":
        return Question(
            tr("a second bura? (show NAME bura CARDS, or Enter)> "),
            lambda a: a or None,
            [],
            (),
            tuple(events),
        )
    return _lay_question(table, deal, moves, events)


def _lay_question(table: BuraEngine, deal: RoundState, moves: list[BuraMove], events: list[str]) -> Question:
    """A lead (the legal ones listed) or an answer, face up or face down."""
    seat = deal.right[0] if deal.right and not deal.trick else deal.turn
    player = table.players[seat]
    prompt = tr("trick {number}: {player} leads> ") if not deal.trick else tr("trick {number}: {player} answers> ")
    lays = [m for m in moves if isinstance(m, Lay) and m.seat == seat]
    legal = [" ".join(card_code(c) for c in m.up) for m in lays if not m.down][:10]
    cards = cards_text(deal.holdings.known[seat]).split()
    down = ["down"] if any(m.down for m in lays) else []
    return Question(
        prompt.format(number=deal.trick_no, player=player),
        lambda a: f"{seat_text(player)} {a}",
        legal if not deal.trick else [],
        (*_EVENTS, seat_text(player)),
        (*cards, *down, *events),
    )


def _deal_question(table: BuraEngine) -> Question:
    """The next deal's cards: the hands, the trump card and the stock."""
    deal = table.deal
    number = deal.number + 1 if deal is not None else table.match.number
    seats = [f"{seat_text(n)}:" for n in table.players]
    return Question(
        tr("deal {number} (hands ... / trump: CARD [/ stock: ...])> ").format(number=number),
        lambda a: f"hands {a}",
        [],
        (*_EVENTS, "hands"),
        (*seats, "trump:", "stock:", *_deck(table), "??"),
    )


def _draw_question(table: BuraEngine, deal: RoundState, events: list[str]) -> Question:
    """A card drawn from the stock (or, where it is open, a claim before the draw)."""
    names = table.players
    seat, _ = table.next_draw() or (0, None)
    claim = (
        tr("; or open {player} to claim").format(player=names[deal.claim_window])
        if deal.claim_window is not None
        else ""
    )
    who = seat_text(names[seat])
    return Question(
        tr("{player} draws (card, or Enter if unseen{claim})> ").format(player=names[seat], claim=claim),
        lambda a: f"draw {who} {a or '??'}",
        [],
        (*_EVENTS, "draw"),
        (*_deck(table), "??", *events),
    )


def _events(table: BuraEngine, moves: list[BuraMove]) -> list[str]:
    """The events of their own that may be typed now (a claim, a combination), as the
    words that start them: ``open Anna``, ``show Boris``."""
    names = table.players
    out = [f"open {seat_text(names[m.seat])}" for m in moves if isinstance(m, OpenClaim)]
    out += [f"show {seat_text(names[m.seat])}" for m in moves if isinstance(m, ShowCombo)]
    return list(dict.fromkeys(out))


def _deck(table: BuraEngine) -> tuple[str, ...]:
    return tuple(cards_text(table.deck).split())
