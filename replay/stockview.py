"""What the tables of the games played with a stock show and ask alike (Bura and its
variants, Sixty-six): a deal and a draw in words, and the recorder's question for the next
deal.  Loaded with a game's ``view.py``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from notation.cards import card_code
from notation.i18n import tr
from notation.write import seat_text

from .model import Question
from .table import cards_text
from .view import CardCode, Said, View, round_title, sorted_codes, trick_title

__all__ = ["deal_question", "deal_said", "deal_view", "draw_question", "draw_said"]


def deal_view(t: Any, *phase: str) -> View:
    """What a table of a game with a stock shows first: between deals the title (after the
    last deal, or before the first); in a deal the title (the deal, the trick, a ``phase``
    word), the dealer, every hand and the trick on the table."""
    deal = t.round
    if deal is None:
        last = t.results[-1] if t.results else None
        return View(t.game, round_title("deal", last.number, after=True) if last else round_title("deal", t.match.number))
    shown = deal.trick_no - 1 if t.last_trick else deal.trick_no  # a trick just taken
    view = View(t.game, round_title("deal", deal.number, trick_title(shown), *phase))
    view.dealer = t.players[deal.dealer]
    h = deal.holdings
    view.hands = [(name, sorted_codes(h.known[p]), h.unknown[p]) for p, name in enumerate(t.players)]
    view.trick = t.trick_shown(deal.trick)
    return view


def deal_said(table: Any) -> Said:
    """A deal of a game with a stock, in words: who deals and the trump card turned."""
    deal = table.round
    if deal is None:
        return Said("deal", [tr("a new deal")])
    opened = tr("deal {number}: {dealer} deals, trump").format(number=deal.number, dealer=table.players[deal.dealer])
    return Said("deal", [opened + " ", CardCode(card_code(deal.trump_card))])


def draw_said(seat: str, card: str, public: bool) -> Said:
    """A card drawn, in words: seen by its drawer alone, unless it is ``public`` (the
    turned trump card)."""
    return Said("other", [tr("{player} draws").format(player=seat) + " ", CardCode(card, None if public else (seat,))])


def deal_question(table: Any, deck: Iterable[int], whole: tuple[str, ...]) -> Question:
    """What the recorder asks for the next deal of a game with a stock: the hands, the
    trump card and the stock (``deck``: the cards that may be named; ``whole``: the words
    an answer that is a whole event starts with)."""
    deal = table.round
    number = table.match.number if deal is None else deal.number + 1
    return Question(
        tr("deal {number} (hands ... / trump: CARD [/ stock: ...])> ").format(number=number),
        lambda a: f"hands {a}",
        [],
        whole,
        (*(f"{seat_text(n)}:" for n in table.players), "trump:", "stock:", *cards_text(deck).split(), "??"),
    )


def draw_question(
    table: Any, whole: tuple[str, ...], events: list[str], legal: list[str], claim: str = "", alone: tuple[str, ...] = ()
) -> Question:
    """What the recorder asks for the next card drawn from the stock: the card, or Enter
    when the recorder did not see it.  ``whole``: the words an answer that is a whole event
    starts with, besides ``draw``; ``events``: the game's own events that may come now;
    ``legal``: the choices to list; ``claim``: what the prompt adds; ``alone``: the words
    of events that may be typed alone (for the drawer, where no legal choice starts with
    one)."""
    names = table.players
    seat = table.next_draw()[0]
    who = seat_text(names[seat])
    return Question(
        tr("{player} draws (card, or Enter if unseen{claim})> ").format(player=names[seat], claim=claim),
        lambda a: f"draw {who} {a or '??'}",
        legal,
        (*whole, "draw"),
        (*cards_text(table.deck).split(), "??", *events),
        alone=alone,
        player=who,
    )
