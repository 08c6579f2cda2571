"""One layout sampler for every game: the cards a seat has not seen, dealt at random
consistently with everything it saw.

What a seat saw is what the table showed it, as every screen of kozyr shows it
(:meth:`replay.view.View.seen_by` and :meth:`replay.view.Said.seen_by`, the views ``kozyr
serve`` gives each seat): its own cards, every card played face up or shown, a card turned
up, its own face-down cards and draws.  Every other card of the round is *hidden* from it,
wherever it lies: another hand, the stock, a face-down card of another player.

A layout exchanges the hidden cards among themselves at random and replays the round with
them through the engine: every card the seat saw stays where it saw it, and a layout that
makes an earlier move illegal (a card another player could not have held, by the rules of
following suit) is drawn again.  A game may refuse more layouts (its inferences, such as a
bid over 120 proving a marriage): :meth:`replay.table.Table.consistent`.

Moves are relabelled through the record's event each stands for (the table's translator,
``node_of`` and ``move_of``): every card code in the event is exchanged, wherever it lies,
and nothing here knows a game's moves.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable
from typing import Any

from notation.cards import CARD_OF_CODE
from notation.errors import IllegalMoveError, KgnError
from notation.records import Node

from .steps import describe
from .table import AnyTable
from .view import CardCode, View

__all__ = ["TRIES", "Sampler", "cards_seen", "cards_shown"]

TRIES = 50
"""Layouts drawn at most for each one kept (a layout the moves so far make impossible is
drawn again)."""


def cards_shown(view: View) -> set[str]:
    """The cards a view shows (``??`` are backs)."""
    out: set[str] = set()
    for _, cards, _ in view.hands:
        out.update(cards)
    for _, up, down in view.trick:
        out.update(up)
        out.update(down)
    for pile in view.piles:
        out.update(pile.cards)
    out.discard("??")
    return {c for c in out if c in CARD_OF_CODE}


def cards_seen(steps: Iterable[tuple[AnyTable, Node | None]], seat: str) -> set[str]:
    """The cards ``seat`` saw at the positions ``steps`` (each table after a move, and the
    move's node): on the table, and in what each move did as the seat may read it."""
    out: set[str] = set()
    for table, node in steps:
        out |= cards_shown(table.view().seen_by(seat))
        if node is not None:
            said = describe(table, node).seen_by(seat)
            out.update(p for p in said.parts if isinstance(p, CardCode) and p != "??" and p in CARD_OF_CODE)
    return out


class Sampler:
    """Layouts of a position for one seat: the position ``table`` (in a round whose chance
    move, its deal, is among the table's moves) and the cards the seat ``saw``: every other
    card of the deal is hidden from it."""

    def __init__(self, table: AnyTable, saw: Iterable[str], rng: random.Random) -> None:
        self.table = table
        self.rng = rng
        moves = table.moves
        self.start = max((i for i, m in enumerate(moves) if type(m) is table.CHANCE), default=-1)
        if self.start < 0:
            raise ValueError("the round's deal is not among the table's moves")
        start = table.restart() if self.start == 0 else table.clone()
        while start.move_count > self.start:
            start.pop()
        self.before = start
        """The table before the round's deal (each layout replays the round from a copy)."""
        self.dealt = _cards_in(start.node_of(moves[self.start]))
        """The cards of the round, as its deal names them."""
        self.hidden = sorted(self.dealt - set(saw))
        """The cards hidden from the seat."""
        self.drawn = 0
        """Layouts drawn (kept or not)."""

    def layout(self) -> AnyTable | None:
        """One layout (None when :data:`TRIES` draws in a row were impossible)."""
        for _ in range(TRIES):
            self.drawn += 1
            shuffled = self.hidden[:]
            self.rng.shuffle(shuffled)
            found = self._replayed(dict(zip(self.hidden, shuffled, strict=True)))
            if found is not None:
                return found
        return None

    def _replayed(self, swap: dict[str, str]) -> AnyTable | None:
        """The round replayed with every hidden card ``c`` as ``swap[c]`` (None: some move
        is then illegal, or the game refuses the layout)."""
        original = self.table
        if not swap or all(k == v for k, v in swap.items()):
            return original.clone()
        moves = list(original.moves)
        base = self.before.clone()

        def exchanged(code: str) -> str:
            return swap.get(code, code)

        for k in range(self.start, len(moves)):
            # a move's event, read back with the hidden cards exchanged
            try:
                base.push(base.move_of(_relabelled(base.node_of(moves[k]), exchanged)))
            except (IllegalMoveError, KgnError):
                return None
        return base if base.consistent() else None


def _cards_in(event: Any) -> set[str]:
    """The card codes in an event of a record, wherever they lie: the strings
    :func:`_relabelled` would exchange that are cards."""
    found: set[str] = set()

    def note(text: str) -> str:
        if text in CARD_OF_CODE:
            found.add(text)
        return text

    _relabelled(event, note)
    return found


_KEPT = frozenset({"seat", "kind", "pos"})
"""The fields of an event that hold no card: a player's name, the event's word, its place."""


def _relabelled(value: Any, swap: Callable[[str], str]) -> Any:
    """An event of a record (or a field of one) with every string ``c`` in it as
    ``swap(c)``, wherever it lies: a field, a list, an event within (a player's name stays,
    though it looked like a card)."""
    if isinstance(value, str):
        return swap(value)
    if isinstance(value, list):
        return [_relabelled(v, swap) for v in value]
    fields = getattr(value, "__dataclass_fields__", None)
    if fields is None:
        return value
    out = copy.copy(value)
    for name in fields:
        if name not in _KEPT:
            setattr(out, name, _relabelled(getattr(value, name), swap))
    return out
