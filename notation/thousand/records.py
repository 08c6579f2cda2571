"""The records of Thousand (Тысяча): what a Thousand record says, as data.

A game (:class:`ThousandGame`) is its tags and its hands (:class:`Round`), each a deal, an
auction, the talon, the gives, the contract, the tricks and the stated facts, any of them
left out; a :class:`Variation` is another line of play from before the move it follows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, ClassVar, Literal

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
    Winner,
)

__all__ = [
    "Call",
    "Concede",
    "Contract",
    "Deal",
    "Give",
    "LineOfPlay",
    "Note",
    "Play",
    "Redeal",
    "Round",
    "ScoreEntry",
    "Stated",
    "Talon",
    "ThousandGame",
    "Trick",
    "Variation",
]


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
class Stated(Node):
    """A stated fact of a hand, checked by the engine: ``points``, ``score`` or ``totals``."""

    kind: Literal["points", "score", "totals"]
    entries: list[ScoreEntry]
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class LineOfPlay(Node):
    """What a hand and a variation share: the events from the auction to the end."""

    auction: list[Call] = field(default_factory=list)
    talon: Talon | None = None
    concede: Concede | None = None
    give: Give | None = None
    contract: Contract | None = None
    tricks: list[Trick] = field(default_factory=list)
    stated: list[Stated] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Variation(LineOfPlay):
    """Another line of play from before the move it follows (to the end of the hand at
    most): further calls, the rest of the trick in progress, then the usual events."""

    kind: Literal["variation"] = "variation"
    plays: list[Play] = field(default_factory=list)
    winner: Winner | None = None


@dataclass(slots=True, kw_only=True, eq=False)
class Round(LineOfPlay):
    """One hand of Thousand (a round: the deal and its play), numbered from 1 (or from the
    ``FirstHand`` tag)."""

    kind: Literal["hand"] = "hand"
    number: Count
    notes: list[Comment] = field(default_factory=list)
    deal: Deal | None = None
    redeal: Redeal | None = None


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
