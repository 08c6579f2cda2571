"""The records of Bura (Бура): what such a record says, as data (a variant read with
Bura's notation names its own game record, a subclass of :class:`BuraGame`).

A game (:class:`BuraGame`) is its tags and its
deals (:class:`Round`), each the cards dealt and the events in the order they happened:
tricks (a lead and the answers, cards face up or down), draws, claims, shows, faults and the
stated facts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Final, Literal

from ..records import (
    TAGGED,
    CardText,
    Comment,
    Count,
    Deal,
    Draw,
    Glyph,
    Nag,
    Node,
    Signed,
    StatedFacts,
    Winner,
)
from ..stock import EventRound, StockGame

__all__ = [
    "COMBOS", "FAULTS", "KEYWORDS", "OUTCOMES", "STATED", "Answer", "BuraGame", "Claim", "Deal",
    "Draw", "Event", "Fault", "Note", "Pot", "Round", "Show", "Stated", "Trick", "Variation",
]


KEYWORDS: Final = frozenset(
    "deal hands trump stock down draw open show fault pot chips wins penalty points win fail "
    "bura molodka moskva small-moskva foreheads out-of-turn double-draw".split()
)
"""The words of the body (``grammar/bura.lark``): a player so named is quoted."""

# The words of the body, each the value of its field (the readers look words up here).
COMBOS: Final[dict[str, Literal["bura", "molodka", "moskva", "small-moskva", "foreheads"]]] = {
    "bura": "bura",
    "molodka": "molodka",
    "moskva": "moskva",
    "small-moskva": "small-moskva",
    "foreheads": "foreheads",
}
FAULTS: Final[dict[str, Literal["out-of-turn", "double-draw"]]] = {
    "out-of-turn": "out-of-turn",
    "double-draw": "double-draw",
}
OUTCOMES: Final[dict[str, Literal["win", "fail"]]] = {"win": "win", "fail": "fail"}
STATED: Final[dict[str, Literal["chips", "wins", "penalty", "points"]]] = {
    "chips": "chips",
    "wins": "wins",
    "penalty": "penalty",
    "points": "points",
}


@dataclass(slots=True, kw_only=True, eq=False)
class Answer(Node):
    """One player's cards in a trick (the lead is the first answer): ``cards`` face up,
    ``down`` face down (``??`` where nobody saw them)."""

    seat: str
    cards: list[CardText] = field(default_factory=list)
    down: list[CardText] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Trick(Node):
    """A trick: the lead and the answers clockwise, and the stated taker."""

    kind: Literal["trick"] = "trick"
    number: Count
    answers: list[Answer]
    winner: Winner | None = None


@dataclass(slots=True, kw_only=True, eq=False)
class Claim(Node):
    """A claim ("open"): the claimant, and the count and outcome when stated."""

    kind: Literal["claim"] = "claim"
    seat: str
    count: Count | None = None
    outcome: Literal["win", "fail"] | None = None
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Show(Node):
    """A combination shown from the hand."""

    kind: Literal["show"] = "show"
    seat: str
    combo: Literal["bura", "molodka", "moskva", "small-moskva", "foreheads"]
    cards: list[CardText] = field(default_factory=list)
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Fault(Node):
    """A fault at the stock."""

    kind: Literal["fault"] = "fault"
    seat: str
    fault: Literal["out-of-turn", "double-draw"]
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Pot(Node):
    """The stated pot at that point."""

    kind: Literal["pot"] = "pot"
    value: Signed
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Stated(StatedFacts):
    """A stated running count: ``chips`` (net winnings), ``wins`` (deals won),
    ``penalty`` points, or a deal's card ``points``."""

    kind: Literal["chips", "wins", "penalty", "points"]


Event = Annotated[Trick | Draw | Claim | Show | Fault | Pot | Stated, TAGGED]


@dataclass(slots=True, kw_only=True, eq=False)
class Variation(Node):
    """Another line of play from before the answer it follows: the rest of that trick,
    then the deal's later events."""

    kind: Literal["variation"] = "variation"
    answers: list[Answer] = field(default_factory=list)
    winner: Winner | None = None
    events: list[Event] = field(default_factory=list)


Note = Annotated[Comment | Glyph | Nag | Variation, TAGGED]


@dataclass(slots=True, kw_only=True, eq=False)
class Round(EventRound):
    """One deal of Bura (a round: the deal and its play)."""

    events: list[Event] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class BuraGame(StockGame):
    """A session of Bura: the header and the deals in order."""

    kind: Literal["bura"] = "bura"
    deals: list[Round] = field(default_factory=list)
