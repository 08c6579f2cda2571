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
from .view import CardCode, Said

__all__ = ["deal_question", "deal_said", "draw_said"]


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
