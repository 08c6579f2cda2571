"""Corpus tools: what happened in every game, as the engine computes it.

:func:`facts_of` replays a record once (through the same checker as ``kozyr validate``)
and keeps, per hand or deal, the facts the corpus commands need: the auction, each trick
with its leader, trump and winner, the declarer, contract and outcome, marriages, the
barrel, claims, combinations and penalties, and the state before the hand (for cutting a
hand out as a record of its own).  Numbers come from the engine, never from the facts a
record states, so a file with wrong stated scores still gives true statistics.

``kozyr query`` filters games and hands (:class:`Filters`), ``kozyr stats`` counts
(:class:`Stats`), ``kozyr export --to parquet`` writes tidy tables (:func:`table_rows`),
``kozyr dedupe`` compares :func:`moves_key`.  See docs/data.md.

>>> import notation
>>> from pathlib import Path
>>> game = notation.loads(Path("samples/thousand/01-first-hand.kgn").read_text())
>>> facts = facts_of(game, detail=True)
>>> h = facts.hands[0]
>>> (h.declarer, h.contract, h.made, [t.winner for t in h.tricks][:3])
('Anna', 120, True, ['Anna', 'Anna', 'Boris'])
"""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from notation.cards import Suit, card_code, card_points, parse_card
from notation.jsonio import to_dict
from notation.records import (
    Answer,
    AnyGame,
    Call,
    Comment,
    Glyph,
    Nag,
    Play,
    Tag,
    record_items,
)
from notation.write import write_game

from .checking import Visitor, replay_record
from .facts import GameFacts, HandFacts, TrickFacts
from .games import GAMES

if TYPE_CHECKING:
    from notation.gametext import GameText

__all__ = [
    "Filters",
    "GameFacts",
    "HandFacts",
    "Stats",
    "TrickFacts",
    "cut_hand",
    "facts_of",
    "moves_key",
    "table_rows",
]

START_TAGS = tuple(dict.fromkeys(t for kind in GAMES.values() for t in kind.start_tags))


# ---- Facts ----------------------------------------------------------------------------------


class _Watcher(Visitor):
    """A replay observer that records the main line's facts per hand or deal."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.hands: dict[int, HandFacts] = {}
        self.trick: TrickFacts | None = None

    def _hand(self, table: Any, checker: Any) -> HandFacts | None:
        number = checker.hand_no
        if number is None:
            return None
        hf = self.hands.get(number)
        if hf is None:
            hf = self.hands[number] = HandFacts(number, "")
            self.trick = None
        return hf

    def visit_move(self, table: Any, node: Any, checker: Any) -> None:
        if self.depth:
            return
        hf = self._hand(table, checker)
        if hf is None:
            return
        if isinstance(node, Call):
            hf.calls.append((table.players[checker.seat(node.seat, node)], node.bid, node.dark))
        elif isinstance(node, Play):
            self._card(table, checker, hf, [(node.seat, node.card, False)])
        elif isinstance(node, Answer):
            cards = [(node.seat, c, False) for c in node.cards]
            cards += [(node.seat, c, True) for c in node.down]
            self._card(table, checker, hf, cards)

    def _card(
        self, table: Any, checker: Any, hf: HandFacts, cards: list[tuple[str, str, bool]]
    ) -> None:
        names = table.players
        trick = self.trick
        number = checker.trick_no or len(hf.tricks) + 1
        if trick is None or trick.number != number or trick.winner is not None:
            trump = table.trump
            leader = names[checker.seat(cards[0][0], None)]
            trick = self.trick = TrickFacts(
                number, leader, None if trump is None else Suit(trump).noun
            )
            hf.tricks.append(trick)
        for seat, card, down in cards:
            trick.plays.append((names[checker.seat(seat, None)], card, down))
        if not table.trick_open and table.last_winner is not None:
            trick.winner = names[table.last_winner]


def facts_of(
    game: AnyGame,
    *,
    file: str | None = None,
    index: int | None = None,
    source: Any = None,
    detail: bool = False,
) -> GameFacts:
    """Replay ``game`` and gather its facts (and its diagnostics' codes).  With ``detail``
    also every call and trick (what the tidy tables need; it costs a replay observer)."""
    watcher = _Watcher(game) if detail else None
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
    seen = watcher.hands if watcher is not None else {}
    previous: Any = None
    for position, res in enumerate(report.hands):
        hf = seen.get(res.number) or HandFacts(res.number, names[res.dealer])
        hf.dealer = names[res.dealer]
        hf.finished = True
        hf.position = position
        GAMES[game.kind].hand_facts(hf, res, previous, names, game)
        previous = res
        out.hands.append(hf)
    finished = {h.number for h in out.hands}
    out.hands.extend(h for n, h in sorted(seen.items()) if n not in finished)
    return out


# ---- Cutting a hand out -----------------------------------------------------------------------


def cut_hand(game: AnyGame, facts: HandFacts) -> AnyGame:
    """Hand (deal) ``facts.number`` of ``game`` as a record of its own: the header, the
    hand's dealer, and start tags that give the state before it, so that it validates
    alone (a Result tag is left out).  The new record shares the hand with ``game``."""
    keep = [t for t in game.tags if t.name not in ("Dealer", "Result", *START_TAGS)]
    tags = list(keep)
    at = next((i for i, t in enumerate(tags) if t.name == "Rules"), len(tags) - 1) + 1
    extra = [Tag(name="Dealer", values=[facts.dealer]), *GAMES[game.kind].cut_tags(game, facts)]
    fields: dict[str, Any] = {
        "kind": game.kind,
        "tags": [*tags[:at], *extra, *tags[at:]],
        game.UNITS: _units(game.units, facts),
    }
    return type(game)(**fields)


def _units(units: list[Any], facts: HandFacts) -> list[Any]:
    """The record's hand (deal) the facts are about: by its place, else by its number."""
    if 0 <= facts.position < len(units):
        return [units[facts.position]]
    return [u for u in units if u.number == facts.number][:1]


# ---- Duplicates -------------------------------------------------------------------------------


def moves_key(game: AnyGame) -> str:
    """A digest of what was dealt and played: the same for two records of one game whatever
    their other tags, comments, glyphs, variations, stated facts or layout."""
    bare = copy.deepcopy(game)
    bare.tags = [
        t for t in bare.tags if t.name in ("Game", "Players", "Dealer", "Rules", *START_TAGS)
    ]
    _strip(bare)
    GAMES[bare.kind].strip_facts(bare)
    return hashlib.sha1(write_game(bare).encode("utf-8")).hexdigest()


def _strip(node: Any) -> None:
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
    """What ``kozyr query`` keeps: every filter given must match (hand filters: at least one
    hand of the game)."""

    player: str | None = None
    tags: list[tuple[str, str]] = field(default_factory=list)
    tags_contain: list[tuple[str, str]] = field(default_factory=list)
    kind: str | None = None
    switches: list[tuple[str, str]] = field(default_factory=list)
    result: str | None = None
    valid: bool | None = None
    code: str | None = None
    declarer: str | None = None
    contract_min: int | None = None
    contract_max: int | None = None
    made: bool | None = None
    marriage: str | None = None
    """A suit noun, or ``any``."""
    barrel: bool = False
    redeal: bool = False
    claim: str | None = None
    """``made`` or ``failed``."""
    combo: str | None = None
    penalty: bool = False

    @property
    def on_hands(self) -> bool:
        return any(
            (
                self.declarer, self.contract_min is not None, self.contract_max is not None,
                self.made is not None, self.marriage, self.barrel, self.redeal, self.claim,
                self.combo, self.penalty,
            )
        )  # fmt: skip

    def game(self, g: GameFacts) -> bool:
        fold = str.casefold
        if self.player and fold(self.player) not in map(fold, g.players):
            return False
        if self.kind and g.kind != self.kind:
            return False
        for name, value in self.tags:
            if value not in g.tags.get(name, []):
                return False
        for name, text in self.tags_contain:
            if not any(fold(text) in fold(v) for v in g.tags.get(name, [])):
                return False
        for name, value in self.switches:
            if g.switches.get(name) != value:
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

    def hand(self, h: HandFacts) -> bool:
        fold = str.casefold
        if self.declarer and fold(h.declarer or "") != fold(self.declarer):
            return False
        if self.contract_min is not None and (h.contract is None or h.contract < self.contract_min):
            return False
        if self.contract_max is not None and (h.contract is None or h.contract > self.contract_max):
            return False
        if self.made is not None and h.made is not self.made:
            return False
        if self.marriage and not any(self.marriage in ("any", suit) for _, _, suit in h.marriages):
            return False
        if self.barrel and not (h.barrel_start or h.barrel_end):
            return False
        if self.redeal and not h.redeal:
            return False
        if self.claim and (h.claim is None or h.claim[2] != (self.claim == "made")):
            return False
        if self.combo and not any(c == self.combo for _, c in h.shows):
            return False
        if self.penalty and not h.penalties:
            return False
        return True


# ---- Statistics -------------------------------------------------------------------------------


PLAYER_COLUMNS = (
    "declared", "made", "barrel_visits", "barrel_falls", "claims", "claims_won", "chips",
    "penalty_points",
)  # fmt: skip
"""The columns of ``stats --by player`` that belong to one game or another
(``GameKind.player_stats`` says which)."""


class Stats:
    """Counts over a corpus, from the engine's facts."""

    def __init__(self) -> None:
        self.games = 0
        self.hands = 0
        self.invalid = 0
        self.wrong_facts = 0
        self.kinds: dict[str, int] = {}
        self.players: dict[tuple[str, str], dict[str, float]] = {}
        self.contracts: dict[int, list[int]] = {}
        self.marriages: dict[str, int] = {}
        self.rules: dict[str, dict[str, int]] = {}
        self.claims = [0, 0]
        self.combos: dict[str, int] = {}
        self.lengths: list[int] = []
        self.penalties = 0

    def _player(self, kind: str, name: str) -> dict[str, float]:
        return self.players.setdefault(
            (kind, name),
            {"games": 0, "decided": 0, "wins": 0, "final_total": 0, "declared": 0, "made": 0,
             "barrel_visits": 0, "barrel_falls": 0, "penalty_points": 0, "chips": 0, "claims": 0,
             "claims_won": 0},
        )  # fmt: skip

    def add(self, g: GameFacts) -> None:
        self.games += 1
        self.kinds[g.kind] = self.kinds.get(g.kind, 0) + 1
        self.invalid += not g.valid
        self.wrong_facts += g.wrong_facts
        played = [h for h in g.hands if h.finished]
        self.hands += len(played)
        self.lengths.append(len(played))
        by_rules = self.rules.setdefault(g.rules, {"games": 0, "hands": 0})
        by_rules["games"] += 1
        by_rules["hands"] += len(played)
        tally = {"chips": "chips", "penalty": "penalty_points"}.get(GAMES[g.kind].score_tally)
        for name in g.players:
            p = self._player(g.kind, name)
            p["games"] += 1
            if g.result:  # a game with a winner (or a draw): a Bura session for a pot has none
                p["decided"] += 1
                p["wins"] += name in g.result.split("+")
            total = g.totals.get(name, 0)
            p["final_total"] += total
            if tally is not None:  # net chips (Bura) or penalty points (Burkozel)
                p[tally] += total
        for h in played:
            self._hand(g.kind, h)

    def _hand(self, kind: str, h: HandFacts) -> None:
        if h.declarer is not None and not h.redeal:
            p = self._player(kind, h.declarer)
            p["declared"] += 1
            if h.contract is not None and h.made is not None:
                self.contracts.setdefault(h.contract, [0, 0])[0] += 1
                self.contracts[h.contract][1] += bool(h.made)
                p["made"] += bool(h.made)
        for _, _, suit in h.marriages:
            key = suit or "aces"
            self.marriages[key] = self.marriages.get(key, 0) + 1
        for name in set(h.barrel_end) - set(h.barrel_start):
            self._player(kind, name)["barrel_visits"] += 1
        for name in set(h.barrel_start) - set(h.barrel_end):
            if (h.results.get(name, {}).get("total") or 0) < 1000:
                self._player(kind, name)["barrel_falls"] += 1
        if h.claim is not None:
            self.claims[0 if h.claim[2] else 1] += 1
            c = self._player(kind, h.claim[0])
            c["claims"] += 1
            c["claims_won"] += h.claim[2]
        for _, combo in h.shows:
            self.combos[combo] = self.combos.get(combo, 0) + 1
        self.penalties += sum(h.penalties.values())

    # -- views --------------------------------------------------------------------------------

    def summary(self) -> list[tuple[str, Any]]:
        rows: list[tuple[str, Any]] = [("games", self.games), ("hands/deals", self.hands)]
        rows += [(f"{k} games", v) for k, v in sorted(self.kinds.items())]
        if self.lengths:
            rows.append(
                (
                    "average game length (hands/deals)",
                    round(sum(self.lengths) / len(self.lengths), 2),
                )
            )
        declared = sum(n for n, _ in self.contracts.values())
        if declared:
            made = sum(m for _, m in self.contracts.values())
            rows.append(("contracts played", declared))
            rows.append(("contracts made", f"{made} ({100 * made / declared:.1f}%)"))
        if self.hands:
            for suit in ("spades", "clubs", "diamonds", "hearts", "aces"):
                if suit in self.marriages:
                    rows.append(
                        (f"{suit} marriages per hand", round(self.marriages[suit] / self.hands, 4))
                    )
        if any(self.claims):
            rows.append(("claims made", self.claims[0]))
            rows.append(("claims failed", self.claims[1]))
        for combo, n in sorted(self.combos.items()):
            rows.append((f"{combo} shown", n))
        if self.penalties:
            rows.append(("penalty points given", self.penalties))
        rows.append(("invalid games", self.invalid))
        return rows

    def by_player(self) -> list[dict[str, Any]]:
        """A row per player and game kind (a final total in Thousand points, Bura chips and
        Burkozel penalty points cannot be averaged together); a column the game does not
        have (chips in Thousand) is None, and so are the wins and the win rate of a player
        none of whose games had a winner (a Bura session played for a pot: chips tell)."""
        out = []
        for (kind, name), p in sorted(self.players.items()):
            games = p["games"] or 1
            decided = int(p["decided"])
            row: dict[str, Any] = {
                "game": kind,
                "player": name,
                "games": int(p["games"]),
                "wins": int(p["wins"]) if decided else None,
                "win_rate": round(p["wins"] / decided, 4) if decided else None,
                "average_final_total": round(p["final_total"] / games, 2),
            }
            has = GAMES[kind].player_stats
            row.update({c: int(p[c]) if c in has else None for c in PLAYER_COLUMNS})
            out.append(row)
        return out

    def by_contract(self) -> list[dict[str, Any]]:
        return [
            {"contract": c, "played": n, "made": m, "make_rate": round(m / n, 4)}
            for c, (n, m) in sorted(self.contracts.items())
        ]

    def by_rules(self) -> list[dict[str, Any]]:
        return [{"rules": r, **v} for r, v in sorted(self.rules.items())]


# ---- Tidy tables ------------------------------------------------------------------------------

TABLES = ("games", "hands", "results", "calls", "tricks", "plays")


def table_rows(g: GameFacts, game_id: int) -> dict[str, list[dict[str, Any]]]:
    """The rows this game adds to each tidy table (docs/data.md)."""
    out: dict[str, list[dict[str, Any]]] = {name: [] for name in TABLES}
    out["games"].append(
        {
            "game_id": game_id, "file": g.file, "game_index": g.index, "kind": g.kind,
            "players": ",".join(g.players), "dealer": g.dealer, "rules": g.rules,
            "event": next(iter(g.tags.get("Event", [])), None),
            "date": next(iter(g.tags.get("Date", [])), None),
            "result": g.result, "valid": g.valid, "first_error": g.codes[0] if g.codes else None,
            "hands": sum(h.finished for h in g.hands),
        }
    )  # fmt: skip
    for h in g.hands:
        out["hands"].append(
            {
                "game_id": game_id, "hand": h.number, "dealer": h.dealer, "finished": h.finished,
                "declarer": h.declarer, "contract": h.contract, "made": h.made,
                "conceded": h.conceded, "redeal": h.redeal, "dark": h.dark,
                "marriages": len(h.marriages), "end": h.end, "winner": h.winner,
                "claim_count": h.claim[1] if h.claim else None,
            }
        )  # fmt: skip
        for player, r in h.results.items():
            out["results"].append(
                {
                    "game_id": game_id, "hand": h.number, "player": player,
                    "points": r.get("points"), "score": r.get("score"), "total": r.get("total"),
                    "tricks": r.get("tricks"), "barrel": r.get("barrel"), "chips": r.get("chips"),
                    "penalty": r.get("penalty"),
                }
            )  # fmt: skip
        for k, (player, bid, dark) in enumerate(h.calls, 1):
            out["calls"].append(
                {
                    "game_id": game_id,
                    "hand": h.number,
                    "call": k,
                    "player": player,
                    "bid": bid,
                    "dark": dark,
                }
            )
        for t in h.tricks:
            points = sum(card_points(parse_card(c)) for _, c, _ in t.plays if c != "??")
            out["tricks"].append(
                {"game_id": game_id, "hand": h.number, "trick": t.number, "leader": t.leader,
                 "trump": t.trump, "winner": t.winner, "points": points}
            )  # fmt: skip
            for k, (player, card, down) in enumerate(t.plays, 1):
                known = card != "??"
                code = card_code(parse_card(card)) if known else None
                out["plays"].append(
                    {
                        "game_id": game_id, "hand": h.number, "trick": t.number, "seq": k,
                        "player": player, "seat": g.players.index(player) if player in g.players else None,
                        "card": code, "rank": code[0] if code else None,
                        "suit": code[1] if code else None, "face_down": down,
                        "trump": t.trump, "leader": t.leader, "winner": t.winner,
                        "points": card_points(parse_card(card)) if known else None,
                    }
                )  # fmt: skip
    return out


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
    hands: bool = False,
    keys: bool = False,
    detail: bool = False,
) -> Found:
    """Parse and replay one game; with ``filters``, the
    texts of what matches (whole games, or with ``hands`` the matching hands cut out)."""
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
    if filters.on_hands:
        chosen = [h for h in facts.hands if filters.hand(h)]
        if not chosen:
            return found
        records = [cut_hand(game, h) for h in chosen] if hands else [game]
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

_STR, _INT, _BOOL = "string", "int64", "bool_"
SCHEMAS: dict[str, list[tuple[str, str]]] = {
    "games": [("game_id", _INT), ("file", _STR), ("game_index", _INT), ("kind", _STR), ("players", _STR),
              ("dealer", _STR), ("rules", _STR), ("event", _STR), ("date", _STR), ("result", _STR),
              ("valid", _BOOL), ("first_error", _STR), ("hands", _INT)],
    "hands": [("game_id", _INT), ("hand", _INT), ("dealer", _STR), ("finished", _BOOL), ("declarer", _STR),
              ("contract", _INT), ("made", _BOOL), ("conceded", _BOOL), ("redeal", _BOOL), ("dark", _BOOL),
              ("marriages", _INT), ("end", _STR), ("winner", _STR), ("claim_count", _INT)],
    "results": [("game_id", _INT), ("hand", _INT), ("player", _STR), ("points", _INT), ("score", _INT),
                ("total", _INT), ("tricks", _INT), ("barrel", _BOOL), ("chips", _INT), ("penalty", _INT)],
    "calls": [("game_id", _INT), ("hand", _INT), ("call", _INT), ("player", _STR), ("bid", _INT), ("dark", _BOOL)],
    "tricks": [("game_id", _INT), ("hand", _INT), ("trick", _INT), ("leader", _STR), ("trump", _STR),
               ("winner", _STR), ("points", _INT)],
    "plays": [("game_id", _INT), ("hand", _INT), ("trick", _INT), ("seq", _INT), ("player", _STR), ("seat", _INT),
              ("card", _STR), ("rank", _STR), ("suit", _STR), ("face_down", _BOOL), ("trump", _STR),
              ("leader", _STR), ("winner", _STR), ("points", _INT)],
}  # fmt: skip


class ParquetTables:
    """Tidy tables written in batches (flat memory): one Parquet file per table in a folder.
    Needs pyarrow (``pip install '.[data]'`` in kozyr's source folder, or ``pip install
    pyarrow``)."""

    def __init__(self, folder: Any, batch_rows: int = 50_000) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        self.pa, self.pq = pa, pq
        self.folder = folder
        self.batch_rows = batch_rows
        self.schemas = {
            name: pa.schema([(col, getattr(pa, kind)()) for col, kind in cols])
            for name, cols in SCHEMAS.items()
        }
        self.rows: dict[str, list[dict[str, Any]]] = {name: [] for name in TABLES}
        self.writers = {
            name: pq.ParquetWriter(str(folder / f"{name}.parquet"), self.schemas[name])
            for name in TABLES
        }
        self.games = 0

    def add(self, g: GameFacts) -> None:
        self.games += 1
        for name, rows in table_rows(g, self.games).items():
            self.rows[name].extend(rows)
            if len(self.rows[name]) >= self.batch_rows:
                self._flush(name)

    def _flush(self, name: str) -> None:
        rows = self.rows[name]
        if rows:
            table = self.pa.Table.from_pylist(rows, schema=self.schemas[name])
            self.writers[name].write_table(table)
            rows.clear()

    def close(self) -> None:
        for name in TABLES:
            self._flush(name)
            self.writers[name].close()
