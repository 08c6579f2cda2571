"""What a replay found in a game, as plain data: per game, per hand or deal, per trick.

``kozyr query``, ``stats`` and ``export --to parquet`` read these (``replay.corpus``); each
game kind fills the facts of its own hands (``GameKind.hand_facts``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["GameFacts", "HandFacts", "TrickFacts"]


@dataclass(slots=True)
class TrickFacts:
    number: int
    leader: str
    trump: str | None
    """The suit in force for this trick (``hearts``), or None."""
    winner: str | None = None
    plays: list[tuple[str, str, bool]] = field(default_factory=list)
    """(player, card, face down); a face-down card nobody saw is ``??``."""


@dataclass(slots=True)
class HandFacts:
    """One hand (Thousand) or deal (Bura, Burkozel) as the engine replayed it."""

    number: int
    dealer: str
    finished: bool = False
    position: int = -1
    """The hand's place among the record's hands (0-based)."""
    calls: list[tuple[str, int | None, bool]] = field(default_factory=list)
    tricks: list[TrickFacts] = field(default_factory=list)
    start: dict[str, Any] = field(default_factory=dict)
    """The state before the hand: the start tags that make it a record of its own."""
    # Thousand
    declarer: str | None = None
    contract: int | None = None
    made: bool | None = None
    conceded: bool = False
    redeal: bool = False
    dark: bool = False
    marriages: list[tuple[str, int, str | None]] = field(default_factory=list)
    barrel_start: list[str] = field(default_factory=list)
    barrel_end: list[str] = field(default_factory=list)
    # Bura, Burkozel
    end: str | None = None
    winner: str | None = None
    claim: tuple[str, int | None, bool] | None = None
    """(claimant, count, won)."""
    shows: list[tuple[str, str]] = field(default_factory=list)
    penalties: dict[str, int] = field(default_factory=dict)
    """Penalty points this deal added (Burkozel, Bura with match=penalty-12)."""
    results: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Per player: points, score, total, tricks (Thousand); chips, penalty, points (Bura)."""


@dataclass(slots=True)
class GameFacts:
    kind: str
    players: list[str]
    dealer: str | None
    rules: str
    switches: dict[str, str]
    tags: dict[str, list[str]]
    file: str | None = None
    index: int | None = None
    result: str | None = None
    valid: bool = True
    codes: list[str] = field(default_factory=list)
    wrong_facts: bool = False
    """The record states facts the engine computes otherwise (the facts here are the
    engine's)."""
    totals: dict[str, int] = field(default_factory=dict)
    hands: list[HandFacts] = field(default_factory=list)
