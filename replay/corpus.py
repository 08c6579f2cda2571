"""Corpus tools: what happened in every game, as the engine computes it.

:func:`facts_of` replays a record once (through the same checker as ``kozyr validate``)
and keeps, per round (a hand, a deal), the facts the corpus commands need: each trick with
its leader, trump and winner, each player's result, the state before the round (for
cutting it out as a record of its own), and what the game itself counts (its kind's
``watch`` and ``round_facts``: a contract, a claim ...).  Numbers come from the engine, never from the facts a
record states, so a file with wrong stated scores still gives true statistics.

``kozyr query`` filters games and rounds (:class:`Filters`, with each game's own
filters), ``kozyr stats`` counts (:class:`Stats`, with each game's own statistics),
``kozyr export --to parquet`` writes tidy tables (:class:`ParquetTables`: the games, and
each game's own tables), ``kozyr dedupe`` compares :func:`moves_key`.  See docs/data.md.

>>> import notation
>>> from pathlib import Path
>>> game = notation.loads(Path("samples/thousand/01-first-hand.kgn").read_text())
>>> facts = facts_of(game, detail=True)
>>> first = facts.rounds[0]
>>> (first.own.declarer, first.own.contract, first.own.made, [t.winner for t in first.tricks][:3])
('Anna', 120, True, ['Anna', 'Anna', 'Boris'])
"""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, cast

from notation.api import write_game
from notation.jsonio import to_dict
from notation.records import Comment, GameRecord, Glyph, Nag, Node, Tag, fold_name, record_items

from .checker import Progress
from .checking import Visitor, replay_record
from .facts import Column, GameFacts, RoundFacts, TrickFacts, Value
from .games import GAMES
from .model import RoundResult, Stats
from .table import AnyTable

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from pyarrow import Schema
    from pyarrow.parquet import ParquetWriter

    from notation.gametext import GameText

    from .games import Kind

__all__ = [
    "Filters",
    "GameFacts",
    "ParquetTables",
    "RoundFacts",
    "Statistics",
    "Stats",
    "TrickFacts",
    "cut_round",
    "examine",
    "facts_of",
    "moves_key",
]


def _start_tags() -> tuple[str, ...]:
    """Every game's start tags (what a cut-out round's header replaces)."""
    return tuple(dict.fromkeys(t for kind in GAMES.values() for t in kind.start_tags))


# ---- Facts ----------------------------------------------------------------------------------


class _Watcher(Visitor):
    """A replay observer that keeps the main line's facts per round (the game's ``watch``
    says what)."""

    def __init__(self, kind: Kind) -> None:
        self.kind = kind
        self.rounds: dict[int, RoundFacts] = {}

    def visit_move(self, table: AnyTable, node: Node, where: Progress) -> None:
        number = where.round_no
        if self.depth or number is None:
            return
        facts = self.rounds.get(number)
        if facts is None:
            facts = self.rounds[number] = RoundFacts(number, "")
        self.kind.watch(facts, table, node, where)


def facts_of(
    game: GameRecord,
    *,
    file: str | None = None,
    index: int | None = None,
    source: Callable[[int], str | None] | None = None,
    detail: bool = False,
) -> GameFacts:
    """Replay ``game`` and gather its facts (and its diagnostics' codes).  With ``detail``
    also every move the game's ``watch`` keeps (calls, tricks: what the tidy tables need;
    it costs a replay observer)."""
    kind = GAMES[game.kind]
    watcher = _Watcher(kind) if detail else None
    report, table = replay_record(
        game, file=file, index=index, source=source, visitor=watcher, undo=False
    )
    out = GameFacts(
        kind=game.kind,
        players=list(game.players),
        dealer=game.dealer,
        rules=game.rules,
        switches=dict(table.rules.settings) if table is not None else {},
        tags={t.name: list(t.values) for t in game.tags},
        file=file,
        index=index,
        result=report.result,
        valid=report.ok,
        codes=[d.code for d in report.diagnostics if d.severity == "error"],
        totals=dict(report.totals),
    )
    out.wrong_facts = any(c.startswith("wrong-") for c in out.codes)
    names = list(game.players)
    seen = watcher.rounds if watcher is not None else {}
    previous: RoundResult | None = None
    for position, res in enumerate(report.rounds):
        facts = seen.get(res.number) or RoundFacts(res.number, names[res.dealer])
        facts.dealer = names[res.dealer]
        facts.finished = True
        facts.position = position
        kind.round_facts(facts, res, previous, names, game)
        previous = res
        out.rounds.append(facts)
    finished = {r.number for r in out.rounds}
    out.rounds.extend(r for n, r in sorted(seen.items()) if n not in finished)
    return out


# ---- Cutting a round out ----------------------------------------------------------------------


def cut_round(game: GameRecord, facts: RoundFacts) -> GameRecord:
    """Round ``facts.number`` of ``game`` as a record of its own: the header, the round's
    dealer, and start tags that give the state before it, so that it validates alone (a
    Result tag is left out).  The new record shares the round with ``game``."""
    keep = [t for t in game.tags if t.name not in ("Dealer", "Result", *_start_tags())]
    tags = list(keep)
    at = next((i for i, t in enumerate(tags) if t.name == "Rules"), len(tags) - 1) + 1
    extra = [Tag(name="Dealer", values=[facts.dealer]), *GAMES[game.kind].cut_tags(game, facts)]
    cut = copy.copy(game)
    cut.tags = [*tags[:at], *extra, *tags[at:]]
    if facts.position != 0:  # the game's comment stands before its first round only
        cut.notes = []
    setattr(cut, game.ROUNDS, _rounds(game.rounds, facts))
    return cut


def _rounds(rounds: Sequence[Node], facts: RoundFacts) -> list[Node]:
    """The record's round the facts are about: by its place, else by its number."""
    if 0 <= facts.position < len(rounds):
        return [rounds[facts.position]]
    return [r for r in rounds if getattr(r, "number", None) == facts.number][:1]


# ---- Duplicates -------------------------------------------------------------------------------


def moves_key(game: GameRecord) -> str:
    """A digest of what was dealt and played: the same for two records of one game whatever
    their other tags, comments, glyphs, variations, stated facts or layout."""
    bare = copy.deepcopy(game)
    bare.tags = [
        t for t in bare.tags if t.name in ("Game", "Players", "Dealer", "Rules", *_start_tags())
    ]
    _strip(bare)
    GAMES[bare.kind].strip_facts(bare)
    return hashlib.sha1(write_game(bare).encode("utf-8")).hexdigest()


def _strip(node: object) -> None:
    """Remove comments, glyphs, $n codes and variations everywhere."""
    if isinstance(node, list):
        for item in node:
            _strip(item)
        return
    if not hasattr(node, "__dataclass_fields__"):
        return
    for key, value in record_items(node):
        if key == "notes" and isinstance(value, list):
            value[:] = [
                n
                for n in value
                if not isinstance(n, Comment | Glyph | Nag)
                and getattr(n, "kind", "") != "variation"
            ]
        elif isinstance(value, list) or hasattr(value, "__dataclass_fields__"):
            _strip(value)


# ---- Filters ----------------------------------------------------------------------------------


@dataclass(slots=True)
class Filters:
    """What ``kozyr query`` keeps: every filter given must match (round filters, each a
    game's own: at least one round of the game)."""

    player: str | None = None
    tags: list[tuple[str, str]] = field(default_factory=list)
    tags_contain: list[tuple[str, str]] = field(default_factory=list)
    kind: str | None = None
    switches: list[tuple[str, str]] = field(default_factory=list)
    result: str | None = None
    valid: bool | None = None
    code: str | None = None
    rounds: dict[str, object] = field(default_factory=dict)
    """The games' own filters given, by name (``declarer``: ``Anna``): a round matches
    when its game has every one of them and each matches."""

    @property
    def on_rounds(self) -> bool:
        return bool(self.rounds)

    def game(self, g: GameFacts) -> bool:
        fold = str.casefold
        if self.player and fold_name(self.player) not in map(fold_name, g.players):
            return False
        if self.kind and g.kind != self.kind:
            return False
        if not self._tags_match(g):
            return False
        if self.result:
            winners = [fold(g.result or ""), *map(fold, (g.result or "").split("+"))]
            if fold(self.result) not in winners:
                return False
        if self.valid is not None and g.valid != self.valid:
            return False
        if self.code and self.code not in g.codes:
            return False
        return True

    def _tags_match(self, g: GameFacts) -> bool:
        """Whether the game's tags hold the values (or the texts) asked for, and its rules
        the switches."""
        fold = str.casefold
        return (
            all(value in g.tags.get(name, []) for name, value in self.tags)
            and all(any(fold(text) in fold(v) for v in g.tags.get(name, [])) for name, text in self.tags_contain)
            and all(g.switches.get(name) == value for name, value in self.switches)
        )

    def round(self, kind: str, facts: RoundFacts) -> bool:
        """Whether a round of a game of ``kind`` matches every round filter given."""
        own = {f.name: f for f in GAMES[kind].filters}
        return all(
            name in own and own[name].matches(facts, value) for name, value in self.rounds.items()
        )


# ---- Statistics -------------------------------------------------------------------------------


class Statistics:
    """Counts over a corpus, from the engine's facts: what every game has, and each game's
    own statistics (its kind's ``stats``)."""

    def __init__(self) -> None:
        self.games = 0
        self.rounds = 0
        self.invalid = 0
        self.wrong_facts = 0
        self.kinds: dict[str, int] = {}
        self.players: dict[tuple[str, str], dict[str, float]] = {}
        self.rules: dict[str, dict[str, int]] = {}
        self.lengths: list[int] = []
        self.own: dict[str, Stats] = {}

    def add(self, g: GameFacts) -> None:
        self.games += 1
        self.kinds[g.kind] = self.kinds.get(g.kind, 0) + 1
        self.invalid += not g.valid
        self.wrong_facts += g.wrong_facts
        played = sum(r.finished for r in g.rounds)
        self.rounds += played
        self.lengths.append(played)
        by_rules = self.rules.setdefault(g.rules, {"games": 0, "hands": 0})
        by_rules["games"] += 1
        by_rules["hands"] += played
        for name in g.players:
            p = self.players.setdefault(
                (g.kind, name), {"games": 0, "decided": 0, "wins": 0, "final_total": 0}
            )
            p["games"] += 1
            if g.result:  # a game with a winner (or a draw): a session for a pot has none
                p["decided"] += 1
                p["wins"] += name in g.result.split("+")
            p["final_total"] += g.totals.get(name, 0)
        own = self.own.get(g.kind)
        if own is None:
            own = self.own[g.kind] = GAMES[g.kind].stats()
        own.add(g)

    # -- views --------------------------------------------------------------------------------

    def summary(self) -> list[tuple[str, object]]:
        rows: list[tuple[str, object]] = [("games", self.games), ("hands/deals", self.rounds)]
        rows += [(f"{k} games", v) for k, v in sorted(self.kinds.items())]
        if self.lengths:
            average = round(sum(self.lengths) / len(self.lengths), 2)
            rows.append(("average game length (hands/deals)", average))
        own: dict[str, object] = {}  # a statistic two games count is added up
        for name in GAMES:
            if name in self.own:
                for label, value in self.own[name].summary():
                    was = own.get(label)
                    both = isinstance(was, int) and isinstance(value, int)
                    own[label] = cast(int, was) + cast(int, value) if both else value
        rows += own.items()
        rows.append(("invalid games", self.invalid))
        return rows

    def by_player(self) -> list[dict[str, object]]:
        """A row per player and game kind (a final total in one game's points and another's
        chips cannot be averaged together); a column the game does not have is None, and
        so are the wins and the win rate of a player none of whose games had a winner (a
        session played for a pot: its chips tell)."""
        columns = list(dict.fromkeys(c for kind in GAMES.values() for c in kind.stats().columns))
        out: list[dict[str, object]] = []
        for (kind, name), p in sorted(self.players.items()):
            games = p["games"] or 1
            decided = int(p["decided"])
            row: dict[str, object] = {
                "game": kind,
                "player": name,
                "games": int(p["games"]),
                "wins": int(p["wins"]) if decided else None,
                "win_rate": round(p["wins"] / decided, 4) if decided else None,
                "average_final_total": round(p["final_total"] / games, 2),
            }
            has = self.own[kind].player(name)
            row.update({c: has.get(c) for c in columns})
            out.append(row)
        return out

    def groups(self) -> dict[str, list[dict[str, object]]]:
        """The rows of every ``--by`` grouping: ``player``, ``rules``, and each game's own
        (``contract`` ...)."""
        out: dict[str, list[dict[str, object]]] = {}
        for name in GAMES:
            for group in GAMES[name].stats().groups():
                out.setdefault(group, [])
                if name in self.own:
                    out[group] += self.own[name].groups()[group]
        out["player"] = self.by_player()
        out["rules"] = [{"rules": r, **v} for r, v in sorted(self.rules.items())]
        return out


def groupings() -> list[str]:
    """What ``kozyr stats --by`` takes: ``summary``, ``player``, each game's own grouping,
    ``rules``."""
    own = [g for kind in GAMES.values() for g in kind.stats().groups()]
    return ["summary", "player", *dict.fromkeys(own), "rules"]


# ---- Work units for many processes --------------------------------------------------------------


@dataclass(slots=True)
class Found:
    """What one game gave a corpus command: its facts (None: it did not parse), the
    output texts for ``query``, and the error that stopped reading it."""

    file: str | None
    index: int
    facts: GameFacts | None = None
    texts: list[str] = field(default_factory=list)
    error: str | None = None
    key: str | None = None


def examine(
    gtext: GameText,
    filters: Filters | None = None,
    output: str = "kgn",
    cut: bool = False,
    keys: bool = False,
    detail: bool = False,
) -> Found:
    """Parse and replay one game; with ``filters``, the texts of what matches (whole
    games, or with ``cut`` the matching rounds cut out, each a record of its own)."""
    import json

    from notation.errors import KgnError
    from notation.jsonio import json_safe
    from notation.parse import parse_game

    file, index = gtext.file, gtext.index
    found = Found(file, index)
    try:
        game = parse_game(gtext)
    except KgnError as exc:
        found.error = exc.format()
        return found
    facts = found.facts = facts_of(
        game, file=file, index=index, source=gtext.source_line, detail=detail
    )
    if keys:
        found.key = moves_key(game)
        found.texts.append(write_game(game))
    if filters is None or not filters.game(facts):
        return found
    if filters.on_rounds:
        chosen = [r for r in facts.rounds if filters.round(game.kind, r)]
        if not chosen:
            return found
        records = [cut_round(game, r) for r in chosen] if cut else [game]
    else:
        records = [game]
    for record in records:
        if output == "count":
            found.texts.append("")
        elif output == "jsonl":
            found.texts.append(
                json_safe(json.dumps(to_dict(record), ensure_ascii=False)) + "\n"
            )
        else:
            found.texts.append(write_game(record))
    return found


# ---- Parquet ------------------------------------------------------------------------------------

GAMES_TABLE = (
    Column("game_id", "int64"),
    Column("file", "string"),
    Column("game_index", "int64"),
    Column("kind", "string"),
    Column("players", "string"),
    Column("dealer", "string"),
    Column("rules", "string"),
    Column("event", "string"),
    Column("date", "string"),
    Column("result", "string"),
    Column("valid", "bool_"),
    Column("first_error", "string"),
    Column("rounds", "int64"),
)
"""The ``games`` table: a row per game, of every kind."""


def game_row(g: GameFacts, game_id: int) -> dict[str, Value]:
    """A game's row of the ``games`` table."""
    return {
        "game_id": game_id, "file": g.file, "game_index": g.index, "kind": g.kind,
        "players": ",".join(g.players), "dealer": g.dealer, "rules": g.rules,
        "event": next(iter(g.tags.get("Event", [])), None),
        "date": next(iter(g.tags.get("Date", [])), None),
        "result": g.result, "valid": g.valid, "first_error": g.codes[0] if g.codes else None,
        "rounds": sum(r.finished for r in g.rounds),
    }  # fmt: skip


class ParquetTables:
    """Tidy tables written in batches (flat memory), one Parquet file per table in a
    folder: ``games.parquet`` for every game, and each game's own tables in a folder of
    its name (``thousand/hands.parquet`` ...), made when its first game comes.  Needs
    pyarrow (``pip install '.[data]'`` in kozyr's source folder, or ``pip install
    pyarrow``)."""

    def __init__(self, folder: Path, batch_rows: int = 50_000) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        self.pa, self.pq = pa, pq
        self.folder = folder
        self.batch_rows = batch_rows
        self.schemas: dict[str, Schema] = {}
        self.rows: dict[str, list[dict[str, Value]]] = {}
        self.writers: dict[str, ParquetWriter] = {}
        self.games = 0
        self._open("games", GAMES_TABLE)

    def _open(self, path: str, columns: tuple[Column, ...]) -> None:
        schema = self.pa.schema([(c.name, getattr(self.pa, c.type)()) for c in columns])
        target = self.folder / f"{path}.parquet"
        target.parent.mkdir(parents=True, exist_ok=True)
        self.schemas[path] = schema
        self.rows[path] = []
        self.writers[path] = self.pq.ParquetWriter(str(target), schema)

    def add(self, g: GameFacts) -> None:
        self.games += 1
        kind = GAMES[g.kind]
        if f"{g.kind}/{next(iter(kind.tables))}" not in self.rows:  # its first game
            for name, columns in kind.tables.items():
                self._open(f"{g.kind}/{name}", columns)
        self._extend("games", [game_row(g, self.games)])
        for name, rows in kind.rows(g, self.games).items():
            self._extend(f"{g.kind}/{name}", rows)

    def _extend(self, path: str, rows: list[dict[str, Value]]) -> None:
        kept = self.rows[path]
        kept.extend(rows)
        if len(kept) >= self.batch_rows:
            self._flush(path)

    def _flush(self, path: str) -> None:
        rows = self.rows[path]
        if rows:
            table = self.pa.Table.from_pylist(rows, schema=self.schemas[path])
            self.writers[path].write_table(table)
            rows.clear()

    def written(self) -> list[str]:
        """The tables written, as paths in the folder (``thousand/hands.parquet``)."""
        return [f"{path}.parquet" for path in self.rows]

    def close(self) -> None:
        for path in self.rows:
            self._flush(path)
            self.writers[path].close()
