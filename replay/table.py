"""What every game's engine shares: seats, the hidden-card tracker, snapshots and undo.

The :class:`Holdings` tracker knows, for every card, whether its place is known (a seat's
hand, the talon or stock, played) or not, how many unknown cards each place holds, and which
suits a seat has shown out of.  Play reveals cards; a move that contradicts what is known
raises :class:`IllegalMoveError` at that move.

>>> from notation.cards import parse_card, deck, Rank
>>> h = Holdings(deck(Rank.NINE), seats=3)
>>> h.deal_unknown([7, 7, 7], talon=3)
>>> h.play(0, parse_card("AS"))
>>> h.play(1, parse_card("AS"))
Traceback (most recent call last):
...
notation.errors.IllegalMoveError: <input>: error[T2 card-played-twice]: AS was played already
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from notation.cards import Card, card_code, suit_of
from notation.errors import IllegalMoveError

__all__ = ["PLAYED", "POOL", "Holdings", "Stepper", "cards_text"]

PLAYED = -1
"""Place of a card that is out of play (played to a trick, or set aside)."""
POOL = -2
"""Place index of the talon (Thousand) or the stock (Bura)."""


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as canonical text, sorted by suit then rank high to low."""
    return " ".join(card_code(c) for c in sorted(cards, key=lambda c: (c // 9, -(c % 9))))


@dataclass
class Holdings:
    """Where every card of the deck is, as far as the record tells.

    ``known[p]`` are the cards known to be at place ``p`` (a seat, or ``POOL``),
    ``unknown[p]`` how many cards of ``p`` nobody has named yet.  A card not in ``where`` is
    one of those unknown cards.
    """

    deck: frozenset[Card]
    seats: int
    deal_clause: str = "T2"
    """The clause cited for a card dealt wrongly, played twice, or not held (T2; B4, K4)."""
    play_clause: str = "T2"
    follow_clause: str = "T5.1"
    known: dict[int, set[Card]] = field(default_factory=dict)
    unknown: dict[int, int] = field(default_factory=dict)
    where: dict[Card, int] = field(default_factory=dict)
    void: dict[int, set[int]] = field(default_factory=dict)
    played_by: dict[int, list[Card]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for p in [*range(self.seats), POOL]:
            self.known.setdefault(p, set())
            self.unknown.setdefault(p, 0)
            self.void.setdefault(p, set())
            self.played_by.setdefault(p, [])

    # -- set-up ---------------------------------------------------------------------------

    def deal_unknown(self, sizes: list[int], talon: int) -> None:
        for p, n in enumerate(sizes):
            self.unknown[p] = n
        self.unknown[POOL] = talon

    def place(self, place: int, card: Card | None) -> None:
        """A card dealt to ``place`` (``None``: an unknown card)."""
        if card is None:
            self.unknown[place] += 1
            return
        self._check_in_deck(card)
        if card in self.where:
            raise IllegalMoveError(
                f"{card_code(card)} is dealt twice", code="duplicate-card", clause=self.deal_clause
            )
        self.where[card] = place
        self.known[place].add(card)

    def _check_in_deck(self, card: Card) -> None:
        if card not in self.deck:
            raise IllegalMoveError(
                f"{card_code(card)} is not in this deck ({len(self.deck)} cards)",
                code="not-in-deck",
                clause=self.deal_clause,
            )

    # -- queries --------------------------------------------------------------------------

    def size(self, place: int) -> int:
        return len(self.known[place]) + self.unknown[place]

    def fully_known(self, place: int) -> bool:
        return self.unknown[place] == 0

    def may_hold(self, place: int, card: Card) -> bool:
        """Whether ``card`` can be at ``place`` as far as is known."""
        if card in self.known[place]:
            return True
        return (
            card not in self.where
            and self.unknown[place] > 0
            and suit_of(card) not in self.void[place]
        )

    def holds_suit(self, place: int, suit: int) -> bool | None:
        """True: a known card of that suit; False: surely none; None: cannot tell."""
        if any(c // 9 == suit for c in self.known[place]):
            return True
        if self.unknown[place] == 0 or suit in self.void[place]:
            return False
        return None

    # -- moves ----------------------------------------------------------------------------

    def claim(self, place: int, card: Card, what: str) -> None:
        """``card`` is now known to be at ``place`` (revealed by play or a declaration)."""
        self._check_in_deck(card)
        if card in self.known[place]:
            return
        where = self.where.get(card)
        if where == PLAYED:
            raise IllegalMoveError(
                f"{card_code(card)} was played already",
                code="card-played-twice",
                clause=self.play_clause,
            )
        if where is not None:
            raise IllegalMoveError(
                f"{what}: {card_code(card)} is not among that player's cards (it is known to be elsewhere)",
                code="card-not-held",
                clause=self.play_clause,
            )
        if suit_of(card) in self.void[place]:
            raise IllegalMoveError(
                f"{what}: {card_code(card)} contradicts an earlier show-out of "
                f"{suit_of(card).noun}",
                code="showed-out",
                clause=self.follow_clause,
            )
        if self.unknown[place] == 0:
            raise IllegalMoveError(
                f"{what}: {card_code(card)} is not among that player's cards",
                code="card-not-held",
                clause=self.play_clause,
            )
        self.unknown[place] -= 1
        self.known[place].add(card)
        self.where[card] = place
        try:
            self.check_feasible()
        except IllegalMoveError:
            self.unknown[place] += 1
            self.known[place].discard(card)
            del self.where[card]
            raise

    def play(self, place: int, card: Card) -> None:
        """``place`` plays ``card``: it leaves the hand and is out of play."""
        self.claim(place, card, "play")
        self.known[place].discard(card)
        self.where[card] = PLAYED
        self.played_by[place].append(card)

    def move(self, src: int, dst: int, card: Card | None, what: str) -> None:
        """A card passes from one place to another (talon to declarer, a give)."""
        if card is None:
            if self.unknown[src] == 0:
                self.forget(src)
            self.unknown[src] -= 1
            self.unknown[dst] += 1
            return
        self.claim(src, card, what)
        self.known[src].discard(card)
        self.known[dst].add(card)
        self.where[card] = dst
        self.check_feasible()

    def forget(self, place: int) -> None:
        """Forget which known cards ``place`` holds (an unknown card left it)."""
        for card in self.known[place]:
            del self.where[card]
        self.unknown[place] += len(self.known[place])
        self.known[place].clear()

    def show_out(self, place: int, suit: int) -> None:
        """``place`` has shown it holds no card of ``suit``."""
        if suit in self.void[place]:
            return
        self.void[place].add(suit)
        if self.unknown[place]:
            self.check_feasible()

    # -- consistency ----------------------------------------------------------------------

    def check_feasible(self) -> None:
        """Raise when the unknown cards cannot be shared out among the unknown places."""
        holders = [p for p, n in self.unknown.items() if n > 0]
        if not holders:
            return
        free: dict[int, int] = {}
        for card in self.deck:
            if card not in self.where:
                s = card // 9
                free[s] = free.get(s, 0) + 1
        # Max flow, suits -> places (capacity: free cards of the suit / unknown slots).
        flow = _max_flow(free, {p: self.unknown[p] for p in holders}, self.void)
        if flow < sum(free.values()) or flow < sum(self.unknown[p] for p in holders):
            for suit, count in sorted(free.items()):
                room = sum(self.unknown[p] for p in holders if suit not in self.void[p])
                if count > room:
                    cards = [c for c in sorted(self.deck) if c // 9 == suit and c not in self.where]
                    noun = ("spades", "clubs", "diamonds", "hearts")[suit]
                    raise IllegalMoveError(
                        f"{cards_text(cards)} ({noun} nobody recorded) have no place left: "
                        f"every hand that could hold them has shown out of {noun}",
                        code="hidden-contradiction",
                        clause=self.play_clause,
                    )
            raise IllegalMoveError(
                "the cards nobody recorded cannot be shared out: the record contradicts "
                "itself (a card shown twice, or a suit played after showing out of it)",
                code="hidden-contradiction",
                clause=self.play_clause,
            )


def _max_flow(free: dict[int, int], slots: dict[int, int], void: dict[int, set[int]]) -> int:
    suits = list(free)
    places = list(slots)
    cap: dict[tuple[str, int], dict[tuple[str, int], int]] = {("s", 0): {}, ("t", 0): {}}
    for s in suits:
        cap[("s", 0)][("u", s)] = free[s]
        cap.setdefault(("u", s), {})
        for p in places:
            if s not in void.get(p, set()):
                cap[("u", s)][("p", p)] = free[s]
    for p in places:
        cap.setdefault(("p", p), {})[("t", 0)] = slots[p]
    total = 0
    while True:
        # BFS for an augmenting path.
        parent: dict[tuple[str, int], tuple[str, int]] = {}
        queue = [("s", 0)]
        seen = {("s", 0)}
        while queue and ("t", 0) not in seen:
            node = queue.pop(0)
            for nxt, c in cap.get(node, {}).items():
                if c > 0 and nxt not in seen:
                    seen.add(nxt)
                    parent[nxt] = node
                    queue.append(nxt)
        if ("t", 0) not in seen:
            return total
        path = []
        node = ("t", 0)
        while node != ("s", 0):
            path.append((parent[node], node))
            node = parent[node]
        push = min(cap[a][b] for a, b in path)
        for a, b in path:
            cap[a][b] -= push
            cap.setdefault(b, {})
            cap[b][a] = cap[b].get(a, 0) + push
        total += push


class Stepper:
    """What every table shares: step forward (``apply``) and back (``undo``), snapshots and
    clones.  A table names its state attributes in ``STATE``; they are deep-copied for
    snapshots, and ``results`` (one per finished hand or deal) is cut back on restore."""

    STATE: tuple[str, ...] = ()
    results: list[Any]
    keep_history: bool
    _history: list[Any]

    def _apply(self, ev: Any) -> None:
        raise NotImplementedError

    def snapshot(self) -> tuple[tuple[Any, ...], int]:
        """A copy of the whole state (what ``undo`` goes back to)."""
        return (tuple(copy.deepcopy(getattr(self, name)) for name in self.STATE), len(self.results))

    def restore(self, snap: tuple[tuple[Any, ...], int]) -> None:
        values, count = snap
        for name, value in zip(self.STATE, values, strict=True):
            setattr(self, name, copy.deepcopy(value))
        del self.results[count:]

    def undo(self) -> None:
        """Take back the last event (needs ``keep_history=True``)."""
        if not self._history:
            raise IndexError("nothing to undo")
        self.restore(self._history.pop())

    def clone(self: _S) -> _S:
        """An independent copy (for variations), without history."""
        other = copy.copy(self)
        for name in self.STATE:
            setattr(other, name, copy.deepcopy(getattr(self, name)))
        other.results = list(self.results)
        other._history = []
        other.keep_history = False
        return other

    def apply(self, ev: Any) -> None:
        """Apply one event; an illegal one raises :class:`IllegalMoveError`.  After an error
        the table is only guaranteed unchanged with ``keep_history=True``."""
        snap = self.snapshot() if self.keep_history else None
        try:
            self._apply(ev)
        except IllegalMoveError:
            if snap is not None:
                self.restore(snap)
            raise
        if snap is not None:
            self._history.append(snap)


_S = TypeVar("_S", bound=Stepper)
