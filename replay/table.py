"""What every game's table shares: the hidden-card tracker, and push, pop and clone.

The :class:`Holdings` tracker knows, for every card, whether its place is known (a seat's
hand, the talon or stock, played) or not, how many unknown cards each place holds, and which
suits a seat has shown out of.  Play reveals cards; a move that contradicts what is known
raises :class:`IllegalMoveError` at that move.

>>> from notation.cards import parse_card, deck, Rank
>>> h = Holdings(deck(Rank.NINE), 3, deal_clause="T2", play_clause="T2", follow_clause="T5.1")
>>> h.deal_unknown([7, 7, 7], pool=3)
>>> h.play(0, parse_card("AS"))
>>> h.play(1, parse_card("AS"))
Traceback (most recent call last):
...
notation.errors.IllegalMoveError: <input>: error[T2 card-played-twice]: AS was played already
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, Protocol, TypeVar, cast, overload

from mypy_extensions import mypyc_attr, trait

from notation.cards import Card, Suit, card_code, parse_card, rank_no, suit_no, suit_of
from notation.errors import IllegalMoveError, KgnError
from notation.i18n import N_, ntr, round_text, rounds_counted, tr
from notation.records import MAX_ITEMS, MAX_NUMBER, MAX_ROUNDS, GameRecord, Tag, count_items

from .rules import Rulebook, RuleSet

if TYPE_CHECKING:
    from notation.kinds import NotationKind
    from notation.records import Node

    from .view import View

__all__ = [
    "PLAYED",
    "POOL",
    "AnyTable",
    "Holdings",
    "Moves",
    "Names",
    "Outcome",
    "PlayCard",
    "RoundResult",
    "Search",
    "Seats",
    "StartTag",
    "Table",
    "cards_text",
    "display_order",
    "label_generated",
    "unordered",
]

_SUIT_CARDS: Final = tuple(frozenset(range(9 * s, 9 * s + 9)) for s in range(4))
"""The cards of each suit (as ``suit * 9 + rank``)."""

PLAYED: Final = -1
"""Place of a card that is out of play (played to a trick, or set aside)."""
POOL: Final = -2
"""Place index of the cards dealt to no seat (a pile, a stock)."""


def display_order(card: Card | None) -> tuple[int, int]:
    """The order cards are shown in: by suit, then rank high to low."""
    return (9, 0) if card is None else (suit_no(card), -rank_no(card))


def unordered(cards: Iterable[Card | None]) -> list[tuple[int, int]]:
    """Cards in a canonical order, for comparing sets of cards written in any order."""
    return sorted(display_order(c) for c in cards)


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as canonical text, sorted by suit then rank high to low."""
    return " ".join(card_code(c) for c in sorted(cards, key=display_order))


@dataclass(slots=True, init=False)
class PlayCard:
    """A card to the trick, the move of the games whose trick is one card a player
    (Thousand: T5, T6; Sixty-six: S3, S6); ``marriage`` declares the marriage its lead
    shows."""

    seat: int
    card: Card
    marriage: bool

    def __init__(self, seat: int, card: Card, marriage: bool = False) -> None:
        # written out (init=False): compiled (setup.py), the dataclass's own __init__ would
        # run as Python, and a card played is the commonest move
        self.seat, self.card, self.marriage = seat, card, marriage

    def __reduce__(self) -> tuple[object, ...]:  # copy and pickle through __init__ (compiled)
        return (PlayCard, (self.seat, self.card, self.marriage))

    def __repr__(self) -> str:
        return f"PlayCard(seat={self.seat}, card={card_code(self.card)}, marriage={self.marriage})"


@dataclass(init=False)
class Holdings:
    """Where every card of the deck is, as far as the record tells.

    ``known[p]`` are the cards known to be at place ``p`` (a seat, or ``POOL``),
    ``unknown[p]`` how many cards of ``p`` nobody has named yet.  A card not in ``where`` is
    one of those unknown cards.
    """

    deck: frozenset[Card]
    seats: int
    deal_clause: str
    """The clause cited for a card dealt twice or not in the deck (each game names its own)."""
    play_clause: str
    """The clause cited for a card played twice or not held."""
    follow_clause: str
    """The clause cited for a card that contradicts a show-out."""
    names: dict[int, str]
    """What each place is called in a message: a player's name, or the pile's (``the
    stock``; a place not named is "that player")."""
    SHARED_ON_COPY: ClassVar[tuple[str, ...]] = ("deck", "names")
    """What :meth:`copy` shares with the original: set once, never changed."""
    known: dict[int, set[Card]]
    unknown: dict[int, int]
    where: dict[Card, int]
    void: dict[int, set[int]]
    played_by: dict[int, list[Card]]

    def __init__(
        self,
        deck: frozenset[Card],
        seats: int,
        *,
        deal_clause: str,
        play_clause: str,
        follow_clause: str,
        names: dict[int, str] | None = None,
    ) -> None:
        # written out (init=False): compiled (setup.py), the dataclass's own __init__ would
        # run as Python, once for every deal
        self.deck, self.seats = deck, seats
        self.names = {} if names is None else names
        self.deal_clause, self.play_clause, self.follow_clause = (
            deal_clause,
            play_clause,
            follow_clause,
        )
        places = [*range(seats), POOL]
        self.known = {p: set() for p in places}
        self.unknown = dict.fromkeys(places, 0)
        self.where = {}
        self.void = {p: set() for p in places}
        self.played_by = {p: [] for p in places}

    def copy(self) -> Holdings:
        """An independent copy (each place's cards copied; :attr:`SHARED_ON_COPY` shared)."""
        other = Holdings(
            self.deck,
            self.seats,
            deal_clause=self.deal_clause,
            play_clause=self.play_clause,
            follow_clause=self.follow_clause,
            names=self.names,
        )
        other.known = {p: set(v) for p, v in self.known.items()}
        other.unknown = dict(self.unknown)
        other.where = dict(self.where)
        other.void = {p: set(v) for p, v in self.void.items()}
        other.played_by = {p: list(v) for p, v in self.played_by.items()}
        return other

    def __reduce__(self) -> tuple[object, ...]:
        """``copy`` and ``pickle``: a like tracker given these places (see :func:`_rebuilt`)."""
        return (_rebuilt, (Holdings, (self.deck, self.seats), self._clauses(), self._places()))

    def _clauses(self) -> dict[str, object]:
        return {
            "deal_clause": self.deal_clause,
            "play_clause": self.play_clause,
            "follow_clause": self.follow_clause,
            "names": self.names,
        }

    def _places(self) -> dict[str, Mapping[int, object]]:
        return {
            "known": self.known,
            "unknown": self.unknown,
            "where": self.where,
            "void": self.void,
            "played_by": self.played_by,
        }

    # -- set-up ---------------------------------------------------------------------------

    def deal_unknown(self, sizes: list[int], pool: int) -> None:
        for p, n in enumerate(sizes):
            self.unknown[p] = n
        self.unknown[POOL] = pool

    def place(self, place: int, card: Card | None) -> None:
        """A card dealt to ``place`` (``None``: an unknown card)."""
        if card is None:
            self.unknown[place] += 1
            return
        self._check_in_deck(card)
        if card in self.where:
            err = IllegalMoveError(
                tr("{card} is dealt twice").format(card=card_code(card)), code="duplicate-card", clause=self.deal_clause
            )
            err.card, err.card_nth = card_code(card), 1  # its second appearance
            raise err
        self.where[card] = place
        self.known[place].add(card)

    def place_all(self, place: int, cards: list[Card | None]) -> None:
        """The cards dealt to ``place``, as :meth:`place` takes each (known ones at once)."""
        deck, where = self.deck, self.where
        named: set[Card] = set()
        for card in cards:  # plain loops: compiled, a set's methods would be called by name
            if card is None or card not in deck or card in where:
                break
            named.add(card)
        if len(named) == len(cards):  # every card known, in the deck, placed once
            known = self.known[place]
            for card in named:
                where[card] = place
                known.add(card)
            return
        for card in cards:  # an unknown card, or one that is wrong: each in turn, as dealt
            self.place(place, card)

    def _check_in_deck(self, card: Card) -> None:
        if card not in self.deck:
            err = IllegalMoveError(
                ntr(
                    "{card} is not in this deck ({n} card)",
                    "{card} is not in this deck ({n} cards)",
                    len(self.deck),
                ).format(card=card_code(card), n=len(self.deck)),
                code="not-in-deck",
                clause=self.deal_clause,
            )
            err.card = card_code(card)
            raise err

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
        if not self.known[place].isdisjoint(_SUIT_CARDS[suit]):
            return True
        if self.unknown[place] == 0 or suit in self.void[place]:
            return False
        return None

    # -- moves ----------------------------------------------------------------------------

    def reveal(self, place: int, card: Card, what: str) -> None:
        """``card`` is now known to be at ``place`` (revealed by play or a declaration)."""
        if card in self.known[place]:
            return  # known there, so dealt there: in the deck
        self._check_in_deck(card)
        where = self.where.get(card)
        if where == PLAYED:
            raise IllegalMoveError(
                tr("{card} was played already").format(card=card_code(card)),
                code="card-played-twice",
                clause=self.play_clause,
            )
        if where is not None:
            raise IllegalMoveError(
                tr("{doing}{card} is not among {whose} cards; it is known to be {at}").format(
                    doing=_doing(what),
                    card=card_code(card),
                    whose=self._whose(place),
                    at=self._at(where),
                ),
                code="card-not-held",
                clause=self.play_clause,
            )
        if suit_of(card) in self.void[place]:
            raise IllegalMoveError(
                tr("{doing}{card} contradicts an earlier show-out of {noun}").format(
                    doing=_doing(what), card=card_code(card), noun=tr(suit_of(card).noun)
                ),
                code="showed-out",
                clause=self.follow_clause,
            )
        if self.unknown[place] == 0:
            raise IllegalMoveError(
                tr("{doing}{card} is not among {whose} cards").format(
                    doing=_doing(what), card=card_code(card), whose=self._whose(place)
                ),
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

    def _whose(self, place: int) -> str:
        """``Anna's``, ``the talon's``: the owner of a place's cards, in a message (a pile's
        phrase is one of :data:`PLACE_PHRASES`)."""
        name = self.names.get(place)
        if name is None:
            return tr("that player's")
        if place < 0:
            phrase = f"{name}'s"  # one of PLACE_PHRASES
            return tr(phrase)
        return tr("{player}'s").format(player=name)

    def _at(self, place: int) -> str:
        """Where a place is, in a message: ``in Anna's hand``, ``in the talon``."""
        name = self.names.get(place)
        if name is None:
            return tr("elsewhere")
        if place < 0:
            phrase = f"in {name}"  # one of PLACE_PHRASES
            return tr(phrase)
        return tr("in {player}'s hand").format(player=name)

    def play(self, place: int, card: Card) -> None:
        """``place`` plays ``card``: it leaves the hand and is out of play."""
        known = self.known[place]
        if card in known:  # known there, so dealt there: in the deck
            known.remove(card)
        else:
            self.reveal(place, card, "play")
            known.discard(card)
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
        self.reveal(src, card, what)  # checks what knowing the card at src implies
        self.known[src].discard(card)  # a known card moving changes no count: still feasible
        self.known[dst].add(card)
        self.where[card] = dst

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
        if max(self.unknown.values(), default=0) <= 0:
            return  # every card's place is known
        holders = [p for p, n in self.unknown.items() if n > 0]
        free: dict[int, int] = {}
        for card in self.deck:
            if card not in self.where:
                s = suit_no(card)
                free[s] = free.get(s, 0) + 1
        slots = sum(self.unknown[p] for p in holders)
        if sum(free.values()) == slots and not any(self.void[p] for p in holders):
            return  # nobody has shown out: any card may be anywhere
        # Max flow, suits -> places (capacity: free cards of the suit / unknown slots).
        flow = _max_flow(free, {p: self.unknown[p] for p in holders}, self.void)
        if flow < sum(free.values()) or flow < sum(self.unknown[p] for p in holders):
            for suit, count in sorted(free.items()):
                room = sum(self.unknown[p] for p in holders if suit not in self.void[p])
                if count > room:
                    cards = [c for c in sorted(self.deck) if suit_no(c) == suit and c not in self.where]
                    noun = tr(Suit(suit).noun)
                    raise IllegalMoveError(
                        tr(
                            "{cards_text} ({noun} nobody recorded) have no place left: every "
                            "hand that could hold them has shown out of {noun}"
                        ).format(
                            cards_text=cards_text(cards), noun=noun
                        ),
                        code="hidden-contradiction",
                        clause=self.play_clause,
                    )
            raise IllegalMoveError(
                tr(
                    "the cards nobody recorded cannot be shared out: the record contradicts "
                    "itself (a card shown twice, or a suit played after showing out of it)"
                ),
                code="hidden-contradiction",
                clause=self.play_clause,
            )


FULL: Final = {
    "hand": N_(
        "the record of this game is nearly full (a record holds at most {MAX_ITEMS:,} items); "
        "no hand may follow"
    ),
    "deal": N_(
        "the record of this game is nearly full (a record holds at most {MAX_ITEMS:,} items); "
        "no deal may follow"
    ),
}
"""A record too full for one more round, in each game's word for it."""

PLACE_PHRASES: Final = (
    N_("the talon's"),
    N_("in the talon"),
    N_("the stock's"),
    N_("in the stock"),
    N_("the tricks taken, face down's"),
    N_("in the tricks taken, face down"),
)
"""How the piles the games name (``places`` below the seats) read in a message: the
catalogue holds these phrases whole, as a language needs them."""


def _doing(what: str) -> str:
    """What was being done, at the head of a message (a card played needs no word)."""
    return "" if what == "play" else f"{what}: "


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


_MOST_ITEMS_A_MOVE: Final = 16
"""More than the items any move but a deal adds to a record (a lay of five cards with its
answer, trick and taker, and the facts of the deal it ends)."""
_MOST_ITEMS_A_DEAL: Final = 60
"""More than the items a round's deal adds (six hands and a stock)."""
_ROOM: Final = 600
"""More than the items one hand or deal adds to a record: what must be left for another."""

M = TypeVar("M")
"""A game's move type."""
R = TypeVar("R")
"""A game's result type (one per finished hand or deal)."""


@mypyc_attr(serializable=True)
@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended."""

    result: str | None
    """The winner's name (a side ``"Anna+Vera"`` where pairs play), ``"draw"``, or None
    when the session stopped at its limit without a result."""
    scores: dict[str, int]
    """Per player, what the game counts: points, net chips, penalty points (the table's
    ``SCORE_UNIT``)."""


@dataclass(frozen=True, slots=True)
class StartTag:
    """A tag that starts a record in the middle of a session (``Totals 2 5``): its name,
    the table's start keyword it gives (``totals``), and how its values read."""

    name: str
    key: str
    per_seat: bool = False
    """One value per player, in seat order (else one number)."""
    least: int | None = 0
    """The least number it may hold (None: any)."""
    unset: int = 0
    """A tag of one number: where a game starts without it (not written there)."""
    blank: bool = False
    """Per seat: ``-`` for a seat without a value (None); a value set is any but None."""


class RoundResult(Protocol):
    """What every game's result of a finished round has."""

    number: int
    dealer: int
    notes: list[str]


class Moves(Sequence[M]):
    """The moves of a table, read-only: a view of the table's own list."""

    __slots__ = ("_log",)

    def __init__(self, log: list[M]) -> None:
        self._log = log

    def __len__(self) -> int:
        return len(self._log)

    @overload
    def __getitem__(self, index: int) -> M: ...

    @overload
    def __getitem__(self, index: slice) -> list[M]: ...

    def __getitem__(self, index: int | slice) -> M | list[M]:
        return self._log[index]

    def __iter__(self) -> Iterator[M]:
        return iter(list(self._log))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __hash__(self) -> int:
        raise TypeError("the moves of a table change: they cannot be hashed")

    def __repr__(self) -> str:
        return f"Moves({list(self)!r})"


class Search(Protocol):
    """What the analysis asks of an exact search of one round: the game-free
    :class:`replay.solve.Solver`, or a game's own faster one
    (:meth:`replay.model.GameKind.faster_search`), equal in every value."""

    COST: ClassVar[float]
    """What one of its positions costs, in positions of :class:`replay.solve.Solver`."""

    @property
    def nodes(self) -> int: ...

    def ended(self, table: AnyTable) -> bool: ...

    def value(self, table: AnyTable, seat: int) -> float: ...

    def reaches(self, table: AnyTable, seat: int, target: float) -> bool: ...


class Table(Generic[M, R]):
    """What every game's table shares: the move stack, ``push`` and ``pop``, ``clone``.

    A game's table names its state attributes in ``STATE`` and implements ``_apply`` (one
    move, raising :class:`IllegalMoveError` when it is illegal).  ``push`` is atomic: an
    illegal move leaves the table as it was.  ``pop`` is always available: the state is
    saved before every chance move (a deal, which starts a new hand) and the moves since
    are replayed, so neither ``push`` nor a checker that never undoes pays for copies."""

    STATE: ClassVar[tuple[str, ...]] = ("match", "round", "last_winner", "last_trick")
    """The attributes that hold a table's state: the game across rounds (``match``), the
    round in progress (``round``, None between rounds), who took the last trick and the
    trick just completed."""
    RULEBOOK: ClassVar[Rulebook]
    """The game's switches and presets (a table started without rules plays its
    ``classic``)."""
    game: ClassVar[str]
    """The game's name (the ``Game`` tag): a game names itself here, once (its kind,
    :class:`replay.model.GameKind`, and its checker read it)."""
    title: ClassVar[str]
    """The game's name in prose, as its players write it (``Sixty-six``)."""
    HAS_POT: ClassVar[bool] = False
    """Whether the game is played for a pot (an ante each deal: ``record --ante``)."""
    round_word: ClassVar[str]
    """What the game calls a round (one dealing of the cards and its play)."""
    players: list[str]
    """The players' names in seat order."""
    results: list[R]
    """One per finished round."""

    rules: RuleSet
    @property
    def start(self) -> Mapping[str, object]:
        """How the table was started: the keyword arguments that start one like it (its
        first dealer, and each game's own start position)."""
        raise NotImplementedError

    last_winner: int | None
    """The seat that took the last complete trick (None before the first)."""
    last_trick: Sequence[Any] | None
    """The trick just completed, until the next card or deal (each game's moves)."""

    def name(self, seat: int) -> str:
        """A seat's player's name."""
        return self.players[seat]

    @property
    def result(self) -> str | None:
        """The winner, ``draw``, or None while the game goes on."""
        raise NotImplementedError

    @property
    def phase(self) -> str:
        """Where the game stands (``deal``, ``play`` ..., ``over``)."""
        raise NotImplementedError

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is; None while a chance move is due or at the end."""
        raise NotImplementedError

    @property
    def trump(self) -> Suit | None:
        """The trump suit in force now (None: none, or between rounds)."""
        raise NotImplementedError

    @property
    def trick_open(self) -> bool:
        """Whether cards of an unfinished trick lie on the table."""
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        """None while the game goes on; then the winner (or ``draw``) and the scores.  A
        round that nobody can continue (:attr:`settles`) counts as scored."""
        table = self._settled()
        if table.phase != "over":
            return self.stopped(table.scores())
        return Outcome(table.result, dict(zip(self.players, table.scores(), strict=True)))

    def _settled(self: _T) -> _T:
        """The table with a round nobody can continue scored (:meth:`settle`): itself, or a
        copy when there is something to score."""
        if not self.settles:
            return self
        other = self.clone()
        other.settle()
        return other

    # -- what the analysis reads (replay/solve.py: one solver and sampler for every game) --

    SCORES_FALL: ClassVar[bool] = False
    """Whether a lower score is better (Burkozel's penalty points)."""
    SCORE_UNIT: ClassVar[str] = "points"
    """What :meth:`scores` counts, in words (``chips``, ``penalty points``, ``game points``)."""

    def scores(self) -> list[int]:
        """Per seat, what the game counts now: points, net chips, penalty points."""
        raise NotImplementedError

    def side(self, seat: int) -> int:
        """The side a seat plays for (a seat of its own, unless partners play)."""
        return seat

    @property
    def settles(self) -> bool:
        """Whether the round's play is over and the round ends when nobody takes the move
        still open (Bura's claim after the last trick, Sixty-six's going out):
        :meth:`settle` then ends it."""
        return False

    def settle(self) -> None:
        """End a round whose play is over (:attr:`settles`) as the rules end it when nobody
        takes the move still open; nothing otherwise."""

    def open_cards(self) -> bool:
        """Whether the rest of the round is played with every card known to every player
        (the stock gone and the hands known), so that it is solved exactly; False in a game
        whose hands stay hidden (Thousand)."""
        return False

    def hand_sizes(self) -> list[int]:
        """How many cards each seat holds now (none between rounds)."""
        raise NotImplementedError

    def cards_placed(self) -> bool:
        """Whether every card of the round in progress is known where it lies, the stock's
        order included, so that the rest of the round can be searched (a layout of a record
        that did not write its stock cannot be); False by default."""
        return False

    def consistent(self) -> bool:
        """Whether the round so far agrees with what the game infers beyond its moves'
        legality (a layout of the hidden cards that breaks it is drawn again,
        replay/sample.py); True by default."""
        return True

    def distinct_moves(self, moves: list[M]) -> list[M]:
        """One move of each set that leads to the same play (a card of a run of equal
        cards, :func:`notation.cards.equal_cards`): what the solver searches.  All of
        them by default."""
        return moves

    def position_key(self) -> Hashable | None:
        """Everything the rest of the round depends on, as a value that can be hashed (the
        solver's transposition table); None where the game gives none (no table)."""
        return None

    def deal_value(self, start: Sequence[int], seat: int) -> float:
        """What the scores now are worth to ``seat`` against ``start`` (the scores when the
        analysis began): its side's gain less the mean gain of the other sides, in the
        game's own unit, negated where a lower score is better."""
        now = self.scores()
        gains: dict[int, int] = {}
        for s, (a, b) in enumerate(zip(now, start, strict=True)):
            gains[self.side(s)] = gains.get(self.side(s), 0) + a - b
        mine = gains.pop(self.side(seat))
        value = mine - (sum(gains.values()) / len(gains) if gains else 0)
        return -value if self.SCORES_FALL else value

    def __init__(self) -> None:
        self._log: list[M] = []
        """The moves pushed so far: the objects pushed, which the table owns from then on."""
        self._marks: list[tuple[int, tuple[tuple[object, ...], int]]] = [(0, self._snapshot())]
        self._counted: tuple[int, int, int] = (0, 0, 0)
        """The moves, record items and units when the record was last counted
        (:meth:`_check_room`)."""
        self._counting = False
        """The record is being written to be counted (its end asks :meth:`outcome`, which
        must not count it again)."""

    # -- what each game supplies -------------------------------------------------------

    def _apply(self, move: M) -> None:
        raise NotImplementedError

    CHANCE: ClassVar[type] = type(None)
    """The game's chance move (its deal): the state is saved before each one."""

    snapshots = True
    """Whether the state is saved before each chance move, so that ``pop`` (and an illegal
    move's undoing) replays at most one deal's moves.  A caller that never takes a move
    back (the batch checker) turns it off: each deal then costs no copy of the state, and
    ``pop`` still works, replaying from the last state saved."""

    def legal_moves(self) -> list[M]:
        raise NotImplementedError

    def chance_move(self, rng: random.Random) -> M | None:
        raise NotImplementedError

    def is_legal(self, move: M) -> bool:
        """Whether ``push(move)`` would accept ``move`` (tried on a copy of the table, which is
        then dropped: a move it refuses is not undone, as ``push`` would undo it by replaying
        the moves since the deal)."""
        trial = self.clone()
        try:
            if type(move) is self.CHANCE:
                trial.push(move)  # with the record's room checked
            else:
                trial._apply(move)
        except IllegalMoveError:
            return False
        return True

    def full(self) -> bool:
        """Whether the record is full: no hand or deal would fit it any more (see
        :meth:`_check_room`)."""
        try:
            self._check_room()
        except IllegalMoveError:
            return True
        return False

    def stopped(self, scores: Sequence[int]) -> Outcome | None:
        """The outcome of a game that can go on no further because its record is full (no
        move left and no room for another hand or deal): no result, the scores so far; None
        while it can go on."""
        if self._counting or not self.snapshots or not self.full() or self.legal_moves():
            return None  # (a record being checked or rebuilt fits: it was read or written)
        return Outcome(None, dict(zip(self.players, scores, strict=True)))

    def random_move(self, rng: random.Random) -> M:
        """A random chance move where one is due (or may come: a deal after a Bura deal
        whose cards are all played), else a random legal move.  At the end of the game it
        raises ``IllegalMoveError`` (code ``game-over``); a game ends too when its record is
        full (no deal fits a record KGN reads back: ``chance_move`` offers none)."""
        moves = self.legal_moves()
        chance = self.chance_move(rng)
        if chance is not None and (not moves or rng.random() < 0.5):
            return chance
        if not moves:
            if self.outcome() is not None:
                raise IllegalMoveError(tr("no move: the game is over"), code="game-over")
            raise self._no_move()
        return rng.choice(moves)

    def _no_move(self) -> IllegalMoveError:
        """Why no move can be listed while the game goes on."""
        return IllegalMoveError(
            tr("no move can be listed here: the cards of the player to move are not known"),
            code="unknown-cards",
        )

    # -- the stack ---------------------------------------------------------------------

    def _snapshot(self) -> tuple[tuple[object, ...], int]:
        return (tuple(_copy(getattr(self, name)) for name in self.STATE), len(self.results))

    def _restore(self, snap: tuple[tuple[object, ...], int]) -> None:
        values, count = snap
        for name, value in zip(self.STATE, values, strict=True):
            setattr(self, name, _copy(value))
        del self.results[count:]

    def push(self, move: M) -> None:
        """Play ``move``; an illegal one raises :class:`IllegalMoveError` and changes
        nothing."""
        log = self._log
        if type(move) is self.CHANCE and self.snapshots:
            self._check_room()
            if self._marks[-1][0] != len(log):
                self._marks.append((len(log), self._snapshot()))
        try:
            self._apply(move)
        except IllegalMoveError:
            self._rewind(len(log))
            raise
        log.append(move)

    NOTATION: ClassVar[NotationKind]
    """The game's notation (its events read and written by :meth:`parse_move` and
    :meth:`format_move`)."""

    def move_of(self, node: Node, seats: Seats | None = None) -> M:
        """The move one event of a record stands for: the game's one translator from
        records to moves, which the checker (reporting a wrong name or card at the node,
        ``seats``) and :meth:`parse_move` (a name not at the table is no move) share."""
        raise NotImplementedError

    def play_move(self, play: Any, seat: int, card: Card) -> M:
        """The move of a card played to a trick, its seat and card read: what
        :meth:`move_of` makes of a play, and what the checker makes of the commonest event
        of a record once it has read them itself (:meth:`replay.checker.Checker.push_play`),
        in a game whose move is one card."""
        raise NotImplementedError

    def played(self, play: Any, seats: Seats, message: str, clause: str) -> M:
        """The move of a card played to a trick, its seat and card read by ``seats``: a
        card everybody sees, never ``??`` (``message``, marked ``N_``, citing ``clause``)."""
        card = seats.seen_cards([play.card], play, message, "unknown-card", clause)[0]
        return self.play_move(play, seats.seat(play.seat, play), card)

    def node_of(self, move: M) -> Node:
        """The record's event of one move: the game's one translator from moves to records
        (:meth:`format_move` writes it; the game's ``record()`` and the recorder put it in
        place)."""
        raise NotImplementedError

    def view(self) -> View:
        """What the table shows now: each seat's cards, the trick, the piles, the scores.
        Each game draws its round and its own lines (the ``view`` of the ``view.py`` of its
        table's package, found by its name as the kind finds its hooks, and loaded when a
        table is first shown); every table adds the trick just taken and its taker, the
        seats, the player to move, the totals (``scores()``) and the result."""
        from importlib import import_module

        package = type(self).__module__.rpartition(".")[0]
        show: Callable[[Table[Any, Any]], View] = import_module(f"{package}.view").view
        view = show(self)  # the round's part, and the game's own lines
        names = self.players
        if self.last_trick and self.last_winner is not None:
            view.trick = self.trick_shown(self.last_trick)
            view.taker = names[self.last_winner]
        view.seats = list(names)
        who = self.to_move
        view.to_move = None if who is None else names[who]
        view.totals = dict(zip(names, self.scores(), strict=True))
        if self.result:
            view.lines.append(("result", self.result))
        return view

    def trick_shown(self, trick: Sequence[Any]) -> list[tuple[str, list[str], list[str]]]:
        """A trick as a view shows it: per move the player, the cards face up and those
        face down (``??`` where unseen); a trick of (seat, card) pairs by default."""
        names = self.players
        return [(names[p], [card_code(c)], []) for p, c in trick]

    def _repr_html_(self) -> str:
        """The table in Jupyter: each seat's cards, the cards on the table, the piles and
        the scores, as an HTML card table (python-chess's boards draw themselves alike)."""
        from .view import view_html  # loaded when a table is first shown

        return view_html(self.view())

    def format_move(self, move: M) -> str:
        """One move as one KGN event: ``bid Boris 110``, ``Anna KH marriage``, ``draw
        Ilya 8D`` ..."""
        return self.NOTATION.write_event(self.node_of(move))

    def parse_move(self, text: str) -> M:
        """One KGN event as a move (the inverse of :meth:`format_move`); a malformed event,
        an unknown player or a text that is no event raises :class:`KgnError` (code
        ``bad-move``).  What the recorder takes at a position (``100`` for the player to
        bid) is its question's to turn into an event: ``replay.GAMES[game].question(table)``
        ``.event_for(text)``."""
        from notation.larkread import read_event  # the grammar loads only here

        node = read_event(text, self.NOTATION, self.players)
        try:
            return self.move_of(node)
        except KgnError as exc:
            raise KgnError(tr("not a move: {strip!r} ({message})").format(strip=text.strip(), message=exc.message), code="bad-move") from None

    def record(self) -> GameRecord:
        """The game so far as a record: the header (the game, players, dealer, rules and
        the game's :meth:`start_tags`), then the moves, replayed on a fresh table of the
        same start and each written by the game's :meth:`append_move`, then the Result
        tag."""
        names = self.players
        dealer = self.start["dealer"]
        assert isinstance(dealer, int)
        record = self.NOTATION.record(tags=[
            Tag(name="Game", values=[self.game]),
            Tag(name="Players", values=list(names)),
            Tag(name="Dealer", values=[names[dealer]]),
            Tag(name="Rules", values=[self.rules.text()]),
            *self.start_tags(),
        ])  # fmt: skip
        fresh = self.restart()
        fresh.snapshots = False  # replayed once, never taken back (and the moves fit: no check)
        for move in self.moves:
            was = fresh.position_before()
            fresh.push(move)
            fresh.append_move(record, move, was)
        outcome = self.outcome()
        result = outcome.result if outcome is not None and outcome.result else "*"
        record.tags.append(Tag(name="Result", values=[result]))
        return record

    def push_into(self, record: GameRecord, move: M, *, written: bool = False) -> None:
        """Push ``move`` and write it at the end of ``record``, a record of this game whose
        moves are the table's so far (the recorder extends the record it resumed, comments
        and all, through the game's translator); ``written``: a move the record may leave
        out (a draw from a known stock) is written too (it was entered where it was not
        the only move: a resumed record must show that it was made)."""
        assert isinstance(record, self.NOTATION.record), "a record of another game"
        was = self.position_before(written)
        self.push(move)
        self.append_move(record, move, was)

    START: ClassVar[tuple[StartTag, ...]] = ()
    """The tags that start a record in the middle of a session, in the order they are
    written (each the start keyword it gives: :attr:`start`)."""

    def start_tags(self) -> list[Tag]:
        """The tags that start a record where the table started in the middle of a game
        (``FirstDeal``, ``Totals`` ...): each of :attr:`START` whose value is not where a
        game starts anyway."""
        tags = []
        for spec in self.START:
            values = self.start_tag_values(spec, self.start.get(spec.key))
            if values:
                tags.append(Tag(name=spec.name, values=values))
        return tags

    def start_tag_values(self, spec: StartTag, value: Any) -> list[str] | None:
        """A start tag's values for the start keyword's ``value`` (None: not written): one
        number unless it is the tag's ``unset``; per seat, when one is set."""
        if not spec.per_seat:
            return None if value == spec.unset else [str(value)]
        if len(value) != len(self.players) or all(v is None if spec.blank else not v for v in value):
            return None
        return ["-" if v is None else str(v) for v in value]

    def position_before(self, written: bool = False) -> Any:
        """What :meth:`append_move` needs of the position before a move (``written``: see
        :meth:`push_into`)."""
        raise NotImplementedError

    def append_move(self, record: GameRecord, move: M, was: Any) -> None:
        """Write ``move``, just pushed, at the end of ``record`` (``was``: the
        :meth:`position_before` it): a move into its trick, with its taker once the trick
        is complete, a finished round's facts after it."""
        raise NotImplementedError

    def move_warning(self, move: M) -> str | None:
        """What a legal move costs the player who makes it, where the rules let him make a
        losing one (Sixty-six's false out: "loses the deal"), else None.  The recorder lists
        such a move last and says it."""
        return None

    def automatic_move(self) -> M | None:
        """A move that follows by itself (a card drawn from a stock whose order is known),
        else None (a game that has none)."""
        return None

    def left_out(self) -> M | None:
        """The move a record may leave out here, as the notation lets it (docs/notation.md):
        a draw that is due (its card when the stock's order is known, else unseen),
        Thousand's talon taken or cards given unseen; None where no move may be."""
        return None

    def next_number(self) -> int:
        """The number the next hand or deal will have."""
        raise NotImplementedError

    def _check_room(self) -> None:
        """A new hand or deal must fit the record ``record()`` writes, which KGN must read
        back: at most MAX_ROUNDS of them, numbered with at most nine digits, and a record of
        at most MAX_ITEMS items (counted exactly only once the game is long enough to come
        near it).  The batch checker, which replays a record that was read, skips this
        (``snapshots`` off)."""
        number = self.next_number()
        if len(self.results) + 1 > MAX_ROUNDS or number > MAX_NUMBER:
            raise IllegalMoveError(
                tr(
                    "a record holds at most {MAX_ROUNDS:,} {rounds}, numbered up to "
                    "{MAX_NUMBER:,}; {this} would not fit"
                ).format(
                    MAX_ROUNDS=MAX_ROUNDS,
                    rounds=rounds_counted(self.round_word),
                    MAX_NUMBER=MAX_NUMBER,
                    this=round_text(self.round_word, number),
                ),
                code="record-limit",
            )
        moves, items, units = self._counted
        if moves > len(self._log):  # counted before moves were taken back
            moves, items, units = self._counted = (0, 0, 0)
        most = (
            items
            + _MOST_ITEMS_A_MOVE * (len(self._log) - moves)
            + _MOST_ITEMS_A_DEAL * (len(self.results) + 1 - units)
        )
        if most > MAX_ITEMS - _ROOM:  # perhaps near the limit: count exactly
            self._counting = True
            try:
                written = self.record()
            finally:
                self._counting = False
            items = count_items(written)[1]
            self._counted = (len(self._log), items, len(self.results) + 1)
            if items > MAX_ITEMS - _ROOM:
                raise IllegalMoveError(
                    tr(FULL[self.round_word]).format(MAX_ITEMS=MAX_ITEMS),
                    code="record-limit",
                )

    def pop(self) -> M:
        """Take back the last move and return it (``IndexError`` when there is none)."""
        if not self._log:
            raise IndexError("pop from a table with no moves")
        move: M = self._log.pop()
        self._rewind(len(self._log))
        return move

    @property
    def moves(self) -> Moves[M]:
        """The moves pushed so far, the first first: a read-only sequence over the table's
        own list (``len``, indexing and iteration cost nothing up front)."""
        return Moves(self._log)

    @property
    def move_count(self) -> int:
        """How many moves were pushed (``len(moves)`` without unpacking them)."""
        return len(self._log)

    def _rewind(self, count: int) -> None:
        """Put the table back to the position after the first ``count`` moves."""
        while len(self._marks) > 1 and self._marks[-1][0] > count:
            self._marks.pop()
        at, snap = self._marks[-1]
        self._restore(snap)
        for move in self._log[at:count]:
            self._apply(move)

    def mark(self) -> None:
        """Save the state as it is now: a checker calls this after changing the table other
        than by a move (a record without its auction), so that ``pop`` starts from here."""
        self._marks.append((len(self._log), self._snapshot()))

    def clone(self: _T) -> _T:
        """An independent copy, with the same moves (for variations)."""
        state = self._state()
        for name in self.STATE:
            state[name] = _copy(state[name])
        for name in ("results", "_log", "_marks"):
            kept = state[name]
            assert isinstance(kept, list)
            state[name] = list(kept)
        other: _T = _rebuilt(type(self), (self.players,), self._start_options(), state)
        return other

    def __reduce__(self) -> tuple[object, ...]:
        """``copy`` and ``pickle`` make a like table and give it this one's state (its
        state objects themselves: ``copy.deepcopy`` copies them, :meth:`clone` is cheaper)."""
        return (_rebuilt, (type(self), (self.players,), self._start_options(), self._state()))

    def _state(self) -> dict[str, object]:
        """What a like table is given to become this one: ``STATE``, the results, the moves
        and the saved positions."""
        state = {name: getattr(self, name) for name in self.STATE}
        state.update(
            results=self.results, _log=self._log, _marks=self._marks, snapshots=self.snapshots
        )
        return state

    def _start_options(self) -> dict[str, object]:
        """How a like table is started: its players, then these keywords."""
        return {"rules": self.rules, **self.start}

    def restart(self: _T) -> _T:
        """A table started as this one was, without its moves."""
        return _rebuilt(type(self), (self.players,), self._start_options(), {})


_O = TypeVar("_O")


def _rebuilt(
    cls: Callable[..., _O],
    args: tuple[object, ...],
    options: Mapping[str, object],
    state: Mapping[str, object],
) -> _O:
    """``cls(*args, **options)``, then ``state`` set on it: how an object whose class is
    compiled (setup.py) is copied and pickled, since its ``__init__`` always runs."""
    obj = cls(*args, **options)
    for name, value in state.items():
        setattr(obj, name, value)
    return obj


AnyTable = Table[Any, Any]
"""A table of any game (its moves and results are that game's own)."""

_T = TypeVar("_T", bound=AnyTable)
G = TypeVar("G", bound=GameRecord)


_V = TypeVar("_V")


def _copy(value: _V) -> _V:
    """A copy of a piece of table state: scalars and tuples (values nobody changes) as they
    are, what has a ``copy()`` of its own by it, a round's or a game's state (a dataclass)
    by :func:`copy_state`, anything else deeply."""
    if value is None or isinstance(value, int | str | tuple):
        return value
    if isinstance(value, list) and not value:
        return copy.copy(value)  # nothing to copy deeply
    own = getattr(value, "copy", None)
    if own is not None and not isinstance(value, list | dict | set):
        copied: _V = own()  # the holdings
        return copied
    if is_dataclass(value) and not isinstance(value, type):
        return copy_state(value)
    return copy.deepcopy(value)


_SHARED: Final = frozenset({"int", "str", "bool", "float", "None", "Card", "Suit"})
"""What a field of a state that is never copied holds (or a tuple): values nobody changes."""
_FIELDS: dict[type, tuple[tuple[str, ...], bool]] = {}
"""Per state class: the fields :func:`copy_state` looks at, and whether the class is
compiled (it gives its fields as a dict), found once."""


def _may_change(kind: object) -> bool:
    """Whether a field of this annotation may hold what is changed in place: not when it
    holds numbers, words, cards, tuples (``int | None`` ...); the annotation is a string, or
    a type where the class is compiled (a union is then ``type``)."""
    if isinstance(kind, type):
        return kind.__name__ not in _SHARED and kind is not tuple
    parts = [part.strip() for part in str(kind).split("|")]
    return not all(part in _SHARED or part.startswith("tuple[") for part in parts)


def copy_state(state: _V) -> _V:
    """An independent copy of a round's or a game's state (a dataclass): every list, set
    and dict it holds copied (a dict's lists too), what has a ``copy()`` of its own (the
    holdings) by it; cards, numbers, words and tuples shared, as nobody changes them.  So a
    field a game adds to its state is copied without a word."""
    kind = type(state)
    known = _FIELDS.get(kind)
    if known is None:
        found = fields(kind)  # type: ignore[arg-type]
        names = tuple(f.name for f in found if _may_change(f.type))
        known = _FIELDS[kind] = (names, hasattr(kind, "__setstate__"))
    names, compiled = known
    values = cast("dict[str, object]", state.__getstate__() if compiled else dict(vars(state)))
    for name in names:
        values[name] = _copied(values[name])
    other: Any = cast(Any, kind).__new__(kind)
    if compiled:
        other.__setstate__(values)
    else:
        other.__dict__ = values
    return cast("_V", other)


def _copied(value: object) -> object:
    """A field's value for a copy of its state: a list, set or dict copied (a dict's lists
    too), what has a ``copy()`` by it, the rest itself."""
    if type(value) is list:
        return value[:]
    if type(value) is dict:
        return {k: v[:] if type(v) is list else v for k, v in value.items()}
    if type(value) is set:
        return set(value)
    own = getattr(value, "copy", None)
    return value if own is None else own()


@trait
class Seats:
    """How a translator from record nodes to moves reads the names and cards of a node: a
    checker reports what is wrong at the node (:class:`replay.checker.Checker`), a table
    reading one event says it is not a move (:class:`Names`).  A trait (a base class both
    inherit), not a protocol: compiled, the translator calls its methods directly, as it
    does for every card of every record checked."""

    def seat(self, name: str, node: Node | None) -> int:
        """The seat of the player named ``name``."""
        raise NotImplementedError

    def card(self, text: str, node: Node | None) -> Card | None:
        """The card ``text`` names (None: ``??``, a card nobody recorded)."""
        raise NotImplementedError

    def cards(self, texts: list[str], node: Node | None) -> list[Card | None]:
        """The cards ``texts`` name."""
        raise NotImplementedError

    def seen_cards(self, texts: list[str], node: Node, message: str, code: str, clause: str) -> list[Card]:
        """The cards ``texts`` name where every player sees them (played face up, shown):
        none may be ``??`` (``message``, marked ``N_``, is translated only when it is said)."""
        cards = self.cards(texts, node)
        known = [c for c in cards if c is not None]
        if len(known) != len(cards):
            raise IllegalMoveError(tr(message), code=code, clause=clause)
        return known


class Names(Seats):
    """:class:`Seats` of a table's players, for one event read alone: a name not at the
    table is no move (``bad-move``)."""

    def __init__(self, players: list[str]) -> None:
        self.players = players

    def seat(self, name: str, node: Node | None) -> int:
        if name in self.players:
            return self.players.index(name)
        raise KgnError(
            tr("{name!r} is not one of the players ({list})").format(
                name=name, list=', '.join(self.players)
            ), code="bad-move"
        )

    def card(self, text: str, node: Node | None) -> Card | None:
        return None if text == "??" else parse_card(text)

    def cards(self, texts: list[str], node: Node | None) -> list[Card | None]:
        return [self.card(t, node) for t in texts]


def label_generated(record: G, seed: int) -> G:
    """Mark a record the bots played: ``Event "kozyr generate"`` and the seed as ``Round``,
    before its Result tag."""
    at = next(i for i, t in enumerate(record.tags) if t.name == "Result")
    record.tags[at:at] = [
        Tag(name="Event", values=["kozyr generate"]),
        Tag(name="Round", values=[str(seed)]),
    ]
    return record
