"""The records of Thousand (Тысяча): what a Thousand record says, as data.

A game (:class:`ThousandGame`) is its tags and its hands (:class:`Round`), each the cards
dealt and then its events in the order of play (:data:`Event`: the calls, the talon, the
give, the contract, the tricks and the stated facts, any of them left out); a
:class:`Variation` is another line of play from before the move it follows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, ClassVar, Literal, TypeVar

from ..records import (
    TAGGED,
    CardPlay,
    CardText,
    CardTrick,
    Comment,
    Count,
    Entry,
    Flag,
    GameRecord,
    GiveCard,
    Glyph,
    Hand,
    Nag,
    Node,
    Seated,
    StatedFacts,
    Winner,
)

__all__ = [
    "Call", "Concede", "Contract", "Deal", "Event", "Give", "Note", "Play", "Redeal", "Round",
    "ScoreEntry", "Stated", "Talon", "ThousandGame", "Trick", "Variation", "calls_from",
]

_E = TypeVar("_E")


@dataclass(slots=True, kw_only=True, eq=False)
class Call(Node):
    """One call of the auction: a bid (``bid``), a pass (``bid`` is None), or a dark bid."""

    kind: Literal["call"] = "call"
    seat: str
    bid: Count | None = None
    dark: Flag = False
    notes: list[Note] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Play(CardPlay):
    """One card played to a trick; ``marriage`` marks a declaration on the lead."""

    notes: list[Note] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Trick(CardTrick):
    """A trick: its number, the plays from the leader clockwise, the stated winner."""

    plays: list[Play]


@dataclass(slots=True, kw_only=True, eq=False)
class Deal(Node):
    """The deal: the seats' hands and the talon, any of them left out or partial."""

    kind: Literal["deal"] = "deal"
    hands: list[Hand] = field(default_factory=list)
    talon: list[CardText] | None = None
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Redeal(Seated):
    """A player shows four nines and asks for a redeal (switch ``redeal-four-nines``)."""

    kind: Literal["redeal"] = "redeal"


@dataclass(slots=True, kw_only=True, eq=False)
class Talon(Node):
    """The declarer reveals the talon and takes it."""

    kind: Literal["talon"] = "talon"
    cards: list[CardText]
    seat: str | None = None
    """The declarer, when the record names him (``talon Anna: ...``); checked."""
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Concede(Node):
    """The declarer gives the hand up after taking the talon (switch ``concede``)."""

    kind: Literal["concede"] = "concede"
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Give(Node):
    """The declarer gives one card to each opponent."""

    kind: Literal["give"] = "give"
    cards: list[GiveCard]
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Contract(Node):
    """The final contract, after the declarer's optional raise."""

    kind: Literal["contract"] = "contract"
    value: Count
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class ScoreEntry(Entry):
    """One seat's number in a score line; ``barrel`` marks a player on the barrel (a
    total)."""

    barrel: Flag = False


@dataclass(slots=True, kw_only=True, eq=False)
class Stated(StatedFacts):
    """A stated fact of a hand, checked by the engine: ``points``, ``score`` or ``totals``."""

    kind: Literal["points", "score", "totals"]
    entries: list[ScoreEntry]


Event = Annotated[Redeal | Call | Talon | Concede | Give | Contract | Trick | Stated, TAGGED]
"""An event of a hand after its deal, in the order of play: a redeal, the calls of the
auction, the talon taken, a concession, the give, the contract, the tricks and the facts
stated at its end."""


def calls_from(events: list[Event], start: int = 0) -> list[Call]:
    """The run of calls in ``events`` from ``start`` on: a ``bid`` line, or the calls a
    variation starts with."""
    end = start
    while end < len(events) and type(events[end]) is Call:
        end += 1
    return events[start:end]  # type: ignore[return-value]  # calls only


class _Events:
    """What a hand and a variation say of their events, read in order: read only (tuples),
    since a record changes through its ``events``."""

    __slots__ = ()
    events: list[Event]

    @property
    def auction(self) -> tuple[Call, ...]:
        """The calls."""
        return tuple([e for e in self.events if type(e) is Call])

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The tricks, in order."""
        return tuple([e for e in self.events if type(e) is Trick])

    @property
    def stated(self) -> tuple[Stated, ...]:
        """The facts stated at the end."""
        return tuple([e for e in self.events if type(e) is Stated])

    @property
    def redeal(self) -> Redeal | None:
        """The redeal (T2), or None."""
        return self._one(Redeal)

    @property
    def talon(self) -> Talon | None:
        """The talon taken (T4.1), or None."""
        return self._one(Talon)

    @property
    def concede(self) -> Concede | None:
        """The declarer's concession (T4), or None."""
        return self._one(Concede)

    @property
    def give(self) -> Give | None:
        """The give (T4.2), or None."""
        return self._one(Give)

    @property
    def contract(self) -> Contract | None:
        """The contract set after the talon (T4.3), or None."""
        return self._one(Contract)

    def _one(self, kind: type[_E]) -> _E | None:
        """The first event of a kind (a hand holds one at most)."""
        return next((e for e in self.events if type(e) is kind), None)


@dataclass(slots=True, kw_only=True, eq=False)
class Variation(Node, _Events):
    """Another line of play from before the move it follows (to the end of the hand at
    most): further calls, or the rest of the trick in progress (``plays`` and its taker),
    then the hand's later events."""

    kind: Literal["variation"] = "variation"
    plays: list[Play] = field(default_factory=list)
    winner: Winner | None = None
    events: list[Event] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Round(Node, _Events):
    """One hand of Thousand (a round: the deal and its play), numbered from 1 (or from the
    ``FirstHand`` tag): the cards dealt, then its events in the order of play."""

    kind: Literal["hand"] = "hand"
    number: Count
    notes: list[Comment] = field(default_factory=list)
    deal: Deal | None = None
    events: list[Event] = field(default_factory=list)


Note = Annotated[Comment | Glyph | Nag | Variation, TAGGED]
"""An annotation of a move."""


@dataclass(slots=True, kw_only=True, eq=False)
class ThousandGame(GameRecord):
    """A session of Thousand: the header and the hands in order."""

    kind: Literal["thousand"] = "thousand"
    hands: list[Round] = field(default_factory=list)

    ROUNDS: ClassVar[str] = "hands"
    """The field that holds the game's rounds: its hands."""

    @property
    def rounds(self) -> list[Round]:
        """The hands, in order (every game record has ``rounds``)."""
        return self.hands
