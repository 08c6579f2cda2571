"""What ``kozyr record`` asks at a Sixty-six table, and how an answer becomes a KGN event.
At any prompt ``exchange``, ``close`` and ``out`` (with or without the player's name) are
events of their own."""

from __future__ import annotations

from dataclasses import dataclass

from notation.cards import card_code
from notation.i18n import N_, tr
from notation.write import seat_text

from ..model import Question
from ..table import cards_text
from .engine import DECK, SixtySixEngine
from .moves import Close, Exchange, GoOut, PlayCard

__all__ = ["HELP", "question"]

HELP = N_("""Type the event the prompt asks for, in KGN:
  a deal        Anna: AS TS KH QH 9C JD / Boris: ... / trump: 9H [/ stock: ...]
  a card        KH, or KH marriage (a marriage shown with the lead)
  a draw        the card, or Enter if unseen
  ??            a card you did not see
The whole event is taken too: hands Anna: ..., Anna AS, draw Boris QD.
Events at any prompt:
  exchange [NAME]          the trump nine for the turned card, before a lead
  close [NAME]             close the stock, before a lead
  out [NAME]               66 declared, after taking a trick or showing a marriage
Without NAME: the player who may (for exchange and close, the player on lead).""")
"""What the recorder's ``help`` says of Sixty-six's events."""

_EVENTS = ("exchange", "close", "out")
_WORDS: dict[type, str] = {Exchange: "exchange", Close: "close", GoOut: "out"}
"""The word of each event of its own that may be typed at any prompt."""
_DECK = tuple(cards_text(DECK).split())


@dataclass(frozen=True)
class _Question(Question):
    """A question that takes ``exchange``, ``close`` and ``out`` without a name: for the
    player who may make that move, else the player to move (whom the engine then tells
    why not)."""

    player: str | None = None

    def event_for(self, answer: str) -> str | None:
        word = answer.strip().lower()
        if word in _EVENTS:
            listed = [e for e in self.legal if e.split(" ", 1)[0] == word]
            if listed:
                return listed[0]
            if self.player is not None:
                return f"{word} {self.player}"
        return super().event_for(answer)


def question(table: SixtySixEngine, declined: bool = False) -> Question:
    """The prompt for the next event, the KGN event an answer stands for (None: nobody
    goes out after the last trick), the legal choices.  ``declined``: that was said
    already."""
    deal = table.deal
    names = table.players
    moves = table.legal_moves()
    # a false out (legal, but it loses the deal) comes last
    kept = sorted((m for m in moves if isinstance(m, Exchange | Close | GoOut)), key=lambda m: table.move_warning(m) is not None)
    events = [f"{_WORDS[type(m)]} {seat_text(names[m.seat])}" for m in kept]
    if deal is None or (declined and deal.phase == "end"):
        number = table.match.number if deal is None else deal.number + 1
        seats = [f"{seat_text(n)}:" for n in names]
        return Question(
            tr("deal {number} (hands ... / trump: CARD [/ stock: ...])> ").format(number=number),
            lambda a: f"hands {a}",
            [],
            ("hands", *_EVENTS),
            (*seats, "trump:", "stock:", *_DECK, "??"),
        )
    if deal.phase == "end":
        return _Question(
            tr("every card is played: out NAME, or Enter for the count> "),
            lambda a: a or None,
            events,
            _EVENTS,
            tuple(events),
        )
    if deal.phase == "draw":
        due = table.next_draw()
        assert due is not None
        who = seat_text(names[due[0]])
        return _Question(
            tr("{player} draws (card, or Enter if unseen{claim})> ").format(player=names[due[0]], claim=""),
            lambda a: f"draw {who} {a or '??'}",
            events,
            (*_EVENTS, "draw"),
            (*_DECK, "??", *events),
            player=who,
        )
    seat = deal.turn
    player = names[seat]
    prompt = tr("trick {number}: {player} leads> ") if deal.phase == "lead" else tr("trick {number}: {player} answers> ")
    plays = [m for m in moves if isinstance(m, PlayCard)]
    legal = list(dict.fromkeys(card_code(m.card) + (" marriage" if m.marriage else "") for m in plays))
    return _Question(
        prompt.format(number=deal.trick_no, player=player),
        lambda a: f"{seat_text(player)} {a}",
        [*legal, *events],
        (*_EVENTS, seat_text(player)),
        (*cards_text(deal.holdings.known[seat]).split(), "marriage", *events),
        player=seat_text(player),
    )
