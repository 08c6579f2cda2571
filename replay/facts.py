"""What a replay found in a game, as plain data: per game, per round, per trick.

``kozyr query``, ``stats`` and ``export --to parquet`` read these (``replay.corpus``).  The
shared facts are the same for every game (the round's number, dealer, tricks, the state
before it, each player's result); what only one game has (a contract, a claim ...) is that
game's own dataclass in ``RoundFacts.own``, filled by the game kind's hooks
(``GameKind.watch``, ``GameKind.round_facts``) and read by its own filters, statistics
and tables.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from notation.cards import Suit, card_code, card_points, parse_card
from notation.records import Deal

from .checker import Progress
from .table import AnyTable

__all__ = [
    "CARD_COLUMNS",
    "MARRIAGE_COLUMNS",
    "PLAY_COLUMNS",
    "RESULT_COLUMNS",
    "TRICK_COLUMNS",
    "Column",
    "DealFacts",
    "GameFacts",
    "OwnRows",
    "PlayerStats",
    "RoundFacts",
    "TrickFacts",
    "card_rows",
    "deal_tables",
    "dealt_cards",
    "play_cards",
    "strip_stated",
    "tidy_rows",
    "tidy_tables",
    "trick_rows",
]

Own = TypeVar("Own")
Value = int | str | bool | None
"""A value of a fact: what a table's cell holds."""


@dataclass(frozen=True)
class Column:
    """One column of a Parquet table: its name and type (``string``, ``int64`` or
    ``bool_``)."""

    name: str
    type: str


@dataclass(slots=True)
class TrickFacts:
    number: int
    leader: str
    trump: str | None
    """The suit in force for this trick (``hearts``), or None."""
    winner: str | None = None
    plays: list[tuple[str, str, bool]] = field(default_factory=list)
    """(player, card, mark): a card nobody saw is ``??``; ``mark`` is the game's own flag
    of a card played (something declared with it, or laid face down)."""


@dataclass(slots=True)
class RoundFacts:
    """One round (a hand, a deal) as the engine replayed it."""

    number: int
    dealer: str
    finished: bool = False
    position: int = -1
    """The round's place among the record's rounds (0-based)."""
    tricks: list[TrickFacts] = field(default_factory=list)
    start: dict[str, list[str]] = field(default_factory=dict)
    """The state before the round: the start tags that make it a record of its own."""
    results: dict[str, dict[str, Value]] = field(default_factory=dict)
    """Per player, what the round gave him (the columns of the game's ``results`` table)."""
    own: object = None
    """What only this game has of the round: its kind's own facts (``watch`` and
    ``round_facts`` fill them)."""

    def own_as(self, kind: type[Own]) -> Own:
        """What only this game has of the round, as its game's dataclass ``kind`` (made
        empty the first time it is asked for)."""
        own = self.own
        if not isinstance(own, kind):
            own = self.own = kind()
        return own


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
    rounds: list[RoundFacts] = field(default_factory=list)


def dealt_cards(deal: Deal, table: AnyTable, where: Progress) -> list[tuple[str, str | None, str]]:
    """Where the cards of a game played with a stock went at the deal, in order: each
    seat's (``dealt``), the ``trump`` card turned up, the ``stock`` from the top."""
    names = table.players
    out: list[tuple[str, str | None, str]] = []
    for part in deal.hands:
        who = names[where.seat(part.seat, part)]
        out.extend(("dealt", who, card) for card in part.cards)
    if deal.trump is not None:
        out.append(("trump", None, deal.trump))
    out.extend(("stock", None, card) for card in deal.stock or [])
    return out


@dataclass(slots=True)
class DealFacts:
    """What every deal of a game played with a stock has (``RoundFacts.own``): how it ended,
    who won it and where its cards went; a game's own facts of a deal subclass it."""

    end: str | None = None
    """How the deal ended, in the game's word (``out``, ``claim-won``, ``played-out`` ...)."""
    winner: str | None = None
    cards: list[tuple[str, str | None, str]] = field(default_factory=list)
    """The deal: (how: ``dealt``, ``trump`` or ``stock`` (top first), to whom (None: the
    table), card (``??``: unknown))."""

    def ended(self, end: str, winner: int | None, names: list[str]) -> None:
        """A finished deal: how it ended, and its winner's seat (None: nobody won it)."""
        self.end = end
        self.winner = None if winner is None else names[winner]

    def row(self, **columns: Value) -> tuple[dict[str, Value], list[tuple[str, str | None, str]]]:
        """The deal's own columns (how it ended, its winner, then the game's ``columns``)
        and where its cards went: what ``tidy_rows`` asks of a round."""
        return {"end": self.end, "winner": self.winner, **columns}, self.cards


def play_cards(
    facts: RoundFacts, table: AnyTable, where: Progress, cards: list[tuple[str, str, bool]]
) -> None:
    """Cards a player put on the table, ``(name as written, card, mark)`` each: into the
    trick they belong to (a new one after a complete trick), which gets its taker once it
    is complete."""
    names = table.players
    trick = facts.tricks[-1] if facts.tricks else None
    number = where.trick_no or len(facts.tricks) + 1
    if trick is None or trick.number != number or trick.winner is not None:
        trump = table.trump
        leader = names[where.seat(cards[0][0], None)]
        trick = TrickFacts(number, leader, None if trump is None else Suit(trump).noun)
        facts.tricks.append(trick)
    for seat, card, mark in cards:
        trick.plays.append((names[where.seat(seat, None)], card, mark))
    if not table.trick_open and table.last_winner is not None:
        trick.winner = names[table.last_winner]


class PlayerStats:
    """The base of a game's own statistics (:class:`replay.model.Stats`): a counter per
    player with the game's ``columns``, and no groupings of its own unless the game adds
    them."""

    columns: tuple[str, ...] = ()

    def __init__(self) -> None:
        self.players: dict[str, dict[str, int]] = {}

    def counts(self, name: str) -> dict[str, int]:
        """The counters of one player (zero at first)."""
        return self.players.setdefault(name, dict.fromkeys(self.columns, 0))

    def player(self, name: str) -> dict[str, object]:
        return dict(self.counts(name))

    def groups(self) -> dict[str, list[dict[str, object]]]:
        return {}

    @staticmethod
    def made_and_failed(noun: str, counts: list[int]) -> list[tuple[str, object]]:
        """The summary's rows ``claims made`` and ``claims failed`` (``noun``; ``counts``:
        made, failed), where any was made or failed."""
        return [(f"{noun} made", counts[0]), (f"{noun} failed", counts[1])] if any(counts) else []


TRICK_COLUMNS = (
    Column("trick", "int64"),
    Column("leader", "string"),
    Column("trump", "string"),
    Column("winner", "string"),
    Column("points", "int64"),
)
"""The columns of a ``tricks`` table after the game and round."""

RESULT_COLUMNS = (
    Column("player", "string"),
    Column("points", "int64"),
    Column("score", "int64"),
    Column("total", "int64"),
    Column("tricks", "int64"),
)
"""The columns of a ``results`` table after the game and round, in the games that count
card points and score a round (Thousand, Sixty-six): each player's points, score, running
total and tricks taken."""

MARRIAGE_COLUMNS = (
    Column("player", "string"),
    Column("suit", "string"),
    Column("value", "int64"),
)
"""The columns of a ``marriages`` table after the game and round: who declared which
marriage, and what it counted."""

CARD_COLUMNS = (
    Column("seq", "int64"),
    Column("how", "string"),
    Column("player", "string"),
    Column("card", "string"),
)
"""The columns of a ``cards`` table after the game and round: where each card went, in
order (dealt, drawn, given, taken with the talon)."""


def card_rows(key: dict[str, Value], cards: Sequence[tuple[str, str | None, str]]) -> list[dict[str, Value]]:
    """The rows of the ``cards`` table of one round (``key``: its game and round columns):
    each (how, to whom, card) in order, an unknown card (``??``) as null."""
    return [
        {**key, "seq": k, "how": how, "player": to, "card": None if card == "??" else card}
        for k, (how, to, card) in enumerate(cards, 1)
    ]


PLAY_COLUMNS = (
    Column("trick", "int64"),
    Column("seq", "int64"),
    Column("player", "string"),
    Column("seat", "int64"),
    Column("card", "string"),
    Column("rank", "string"),
    Column("suit", "string"),
    Column("trump", "string"),
    Column("leader", "string"),
    Column("winner", "string"),
    Column("points", "int64"),
)
"""The columns of a ``plays`` table after the game and round (the game adds its mark)."""


Rows = dict[str, list[dict[str, Value]]]
"""Per table, the rows one game adds to it."""


def tidy_tables(
    round_word: str, columns: Iterable[Column], own: dict[str, tuple[Column, ...]], mark: str
) -> dict[str, tuple[Column, ...]]:
    """A game's tidy tables, in the shape every game shares: a row per round (its key,
    dealer, whether it finished, and the game's ``columns``), each player's ``results``
    and the game's ``own`` tables (after the key), then the ``cards``, the ``tricks`` and
    the ``plays`` (``mark``: the column of a card's mark)."""
    key = (Column("game_id", "int64"), Column(round_word, "int64"))
    return {
        f"{round_word}s": (*key, Column("dealer", "string"), Column("finished", "bool_"), *columns),
        **{name: (*key, *more) for name, more in own.items()},
        "cards": (*key, *CARD_COLUMNS),
        "tricks": (*key, *TRICK_COLUMNS),
        "plays": (*key, *PLAY_COLUMNS, Column(mark, "bool_")),
    }


def deal_tables(columns: Iterable[Column], own: dict[str, tuple[Column, ...]], mark: str) -> dict[str, tuple[Column, ...]]:
    """The tidy tables of a game played with a stock (:func:`tidy_tables`): a row per deal
    starts with how it ended and its winner (:class:`DealFacts`), then the game's
    ``columns``."""
    return tidy_tables("deal", (Column("end", "string"), Column("winner", "string"), *columns), own, mark)


OwnRows = Callable[[dict[str, Value], RoundFacts, Rows], tuple[dict[str, Value], list[tuple[str, str | None, str]]]]
"""A game's own part of a round's rows: given the round's key columns, its facts and the
rows so far, it adds the game's own rows and gives the round's own columns and where its
cards went (a game's ``facts.own_rows``)."""


def tidy_rows(g: GameFacts, game_id: int, tables: Mapping[str, tuple[Column, ...]], round_word: str, own: OwnRows) -> Rows:
    """The rows one game adds to its ``tables`` (:func:`tidy_tables`): per round its row
    (with what ``own`` gives), each player's ``results``, its ``cards``; then the
    ``tricks`` and the ``plays`` (whose last column is the mark of a card)."""
    mark = tables["plays"][-1].name
    out: Rows = {name: [] for name in tables}
    rounds = out[f"{round_word}s"]
    for r in g.rounds:
        key: dict[str, Value] = {"game_id": game_id, round_word: r.number}
        columns, cards = own(key, r, out)
        rounds.append({**key, "dealer": r.dealer, "finished": r.finished, **columns})
        for player, values in r.results.items():
            out["results"].append({**key, "player": player, **values})
        out["cards"] += card_rows(key, cards)
    out["tricks"], out["plays"] = trick_rows(g, game_id, round_word, mark)
    return out


def strip_stated(rounds: Iterable[Any], stated: tuple[type, ...]) -> None:
    """Drop from the rounds of a game with a stock what the engine computes: its stated
    facts (events of the classes ``stated``) and the trick takers."""
    for r in rounds:
        r.events = [e for e in r.events if not isinstance(e, stated)]
        for ev in r.events:
            if hasattr(ev, "winner"):
                ev.winner = None


def trick_rows(
    g: GameFacts, game_id: int, round_word: str, mark: str
) -> tuple[list[dict[str, Value]], list[dict[str, Value]]]:
    """The rows of the ``tricks`` and ``plays`` tables of a game's rounds: ``round_word``
    names the round's column, ``mark`` the column of a card's mark (``marriage``,
    ``face_down``)."""
    tricks: list[dict[str, Value]] = []
    plays: list[dict[str, Value]] = []
    for r in g.rounds:
        for t in r.tricks:
            points = sum(card_points(parse_card(c)) for _, c, _ in t.plays if c != "??")
            tricks.append(
                {"game_id": game_id, round_word: r.number, "trick": t.number, "leader": t.leader,
                 "trump": t.trump, "winner": t.winner, "points": points}
            )  # fmt: skip
            for k, (player, card, flag) in enumerate(t.plays, 1):
                code = card_code(parse_card(card)) if card != "??" else None
                plays.append(
                    {
                        "game_id": game_id, round_word: r.number, "trick": t.number, "seq": k,
                        "player": player, "seat": g.players.index(player) if player in g.players else None,
                        "card": code, "rank": code[0] if code else None,
                        "suit": code[1] if code else None, mark: flag,
                        "trump": t.trump, "leader": t.leader, "winner": t.winner,
                        "points": card_points(parse_card(code)) if code else None,
                    }
                )  # fmt: skip
    return tricks, plays
