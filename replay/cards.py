"""Cards for the Python API: every card by name (``KING_HEARTS``, and ``KH`` for the cards
from the jack up), ``card_name``, and how moves show their cards (``repr``).

A card is an int (:data:`notation.cards.Card`); this module is :mod:`notation.cards` beside
the tables, so that ``from replay.cards import KH`` reads as play does.

>>> from replay.cards import KH, NINE_SPADES, card_code, card_name, shown
>>> card_code(KH), card_name(NINE_SPADES), shown([KH, None])
('KH', 'nine of spades', '[KH, ??]')
"""

from __future__ import annotations

from notation.cards import *  # noqa: F403
from notation.cards import __all__ as _CARDS
from notation.cards import card_code

__all__ = [*_CARDS, "shown"]


def shown(value: object) -> str:
    """Cards in a move's value as their codes: a card, ``None`` (a card nobody named, as
    ``??``), a list of them, a (seat, card) pair, or a mapping of seats to cards."""
    if value is None:
        return "??"
    if isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return card_code(value)
    if isinstance(value, tuple):  # (seat, card)
        return f"({value[0]}, {shown(value[1])})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {shown(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    return repr(value)
