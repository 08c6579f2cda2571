"""What the corpus tools know of Thousand: the facts of a hand, its filters for ``kozyr
query``, its statistics, its Parquet tables, and cutting one hand out (docs/data.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from notation.records import Node, fold_name
from notation.thousand.records import Call, Deal, Give, Play, Stated, Talon, ThousandGame

from .. import facts as shared
from ..checker import Progress
from ..facts import Column, GameFacts, PlayerStats, RoundFacts, Rows, Value
from ..model import Filter
from ..model import RoundResult as AnyResult
from .engine import RoundResult, ThousandEngine


@dataclass(slots=True)
class HandFacts:
    """What only a hand of Thousand has (``RoundFacts.own``)."""

    declarer: str | None = None
    contract: int | None = None
    made: bool | None = None
    conceded: bool = False
    redeal: bool = False
    dark: bool = False
    calls: list[tuple[str, int | None, bool]] = field(default_factory=list)
    """(player, bid or None for a pass, dark)."""
    marriages: list[tuple[str, int, str | None]] = field(default_factory=list)
    """(player, value, suit noun; None: the four aces)."""
    barrel_start: list[str] = field(default_factory=list)
    barrel_end: list[str] = field(default_factory=list)
    cards: list[tuple[str, str | None, str]] = field(default_factory=list)
    """Cards that changed place outside the tricks: (how: ``dealt``, ``talon`` (taken by
    the declarer) or ``given``, to whom (None: the talon), card (``??``: unknown))."""


def watch(facts: RoundFacts, table: ThousandEngine, node: Node, where: Progress) -> None:
    """What the corpus keeps of one move of the main line: calls, cards played, and the
    cards dealt, taken from the talon and given."""
    own = facts.own_as(HandFacts)
    names = table.players
    if isinstance(node, Play):
        shared.play_cards(facts, table, where, [(node.seat, node.card, node.marriage)])
    elif isinstance(node, Call):
        own.calls.append((names[where.seat(node.seat, node)], node.bid, node.dark))
    elif isinstance(node, Deal):
        for part in node.hands:
            who = names[where.seat(part.seat, part)]
            own.cards.extend(("dealt", who, card) for card in part.cards)
        own.cards.extend(("dealt", None, card) for card in node.talon or [])
    elif isinstance(node, Talon):
        hand = table.round
        declarer = None if hand is None or hand.declarer is None else names[hand.declarer]
        own.cards.extend(("talon", declarer, card) for card in node.cards)
    elif isinstance(node, Give):
        own.cards.extend(("given", names[where.seat(g.seat, g)], g.card) for g in node.cards)


def round_facts(
    facts: RoundFacts,
    result: AnyResult,
    prior: AnyResult | None,
    names: list[str],
    game: ThousandGame,
) -> None:
    """Fill in what a finished hand gave: the contract, marriages, the barrel, each
    player's points, score and total, and the start position it was played from."""
    assert isinstance(result, RoundResult) and isinstance(prior, RoundResult | None)
    res, previous = result, prior
    own = facts.own_as(HandFacts)
    own.declarer = None if res.declarer is None else names[res.declarer]
    own.contract, own.made, own.conceded = res.contract, res.made, res.conceded
    own.redeal, own.dark = res.redeal, res.dark
    own.marriages = [
        (names[s], v, None if suit is None else suit.noun) for s, v, suit in res.marriages
    ]
    own.barrel_end = sorted(names[p] for p in res.barrel)
    if previous is None:
        facts.start = {
            k: list(v) for k in ("Totals", "Barrel", "Bolts") if (v := game.tag_values(k))
        }
        marks = facts.start.get("Barrel", [])
        own.barrel_start = [names[p] for p, b in enumerate(marks) if b.strip() not in ("-", "")]
    else:
        facts.start = {
            "Totals": [str(previous.totals.get(p, 0)) for p in range(len(names))],
            "Barrel": ["-" if b is None else str(b) for b in previous.barrel_hands],
            "Bolts": [str(b) for b in previous.bolts],
        }
        own.barrel_start = [names[p] for p, b in enumerate(previous.barrel_hands) if b is not None]
    for p, name in enumerate(names):
        if p in res.totals:
            facts.results[name] = {
                "points": res.points.get(p),
                "score": res.scores.get(p),
                "total": res.totals.get(p),
                "tricks": res.tricks.get(p),
                "barrel": p in res.barrel,
            }


def strip_facts(game: ThousandGame) -> None:
    """Drop what the engine computes (stated facts, trick takers, the declarer's name on
    the talon).  A hand kept as a score sheet keeps it (its cards were not recorded: its
    points, else its scores, are the hand)."""
    for hand in game.hands:
        stated = hand.stated
        kept: list[Stated] = []
        if not hand.tricks:
            kept = [st for st in stated if st.kind == "points"] or [st for st in stated if st.kind == "score"]
        hand.events = [e for e in hand.events if type(e) is not Stated or any(e is k for k in kept)]
        if hand.talon is not None:
            hand.talon.seat = None
        for trick in hand.tricks:
            trick.winner = None


# ---- kozyr query -------------------------------------------------------------------------------


def _declarer(facts: RoundFacts, name: object) -> bool:
    own = facts.own_as(HandFacts)
    return own.declarer is not None and fold_name(own.declarer) == fold_name(str(name))


def _at_least(facts: RoundFacts, n: object) -> bool:
    contract = facts.own_as(HandFacts).contract
    return contract is not None and isinstance(n, int) and contract >= n


def _at_most(facts: RoundFacts, n: object) -> bool:
    contract = facts.own_as(HandFacts).contract
    return contract is not None and isinstance(n, int) and contract <= n


def _made(facts: RoundFacts, made: object) -> bool:
    return facts.own_as(HandFacts).made is made


def _marriage(facts: RoundFacts, suit: object) -> bool:
    want = str(suit).lower()
    return any(want in ("any", noun or "aces") for _, _, noun in facts.own_as(HandFacts).marriages)


def _barrel(facts: RoundFacts, _: object) -> bool:
    own = facts.own_as(HandFacts)
    return bool(own.barrel_start or own.barrel_end)


def _redeal(facts: RoundFacts, _: object) -> bool:
    return facts.own_as(HandFacts).redeal


FILTERS = (
    Filter("--declarer", "Thousand: hands this player declared.", _declarer, "NAME"),
    Filter("--contract-min", "Thousand: contract at least N.", _at_least, "N", number=True),
    Filter("--contract-max", "Thousand: contract at most N.", _at_most, "N", number=True),
    Filter("--made/--failed", "Thousand: contracts made (failed).", _made),
    Filter(
        "--marriage", "Thousand: a marriage declared (a suit, the aces, or any).", _marriage, "SUIT",
        choices=("spades", "clubs", "diamonds", "hearts", "aces", "any"),
    ),
    Filter("--barrel", "Thousand: somebody on the barrel.", _barrel),
    Filter("--redeal", "Thousand: redealt hands.", _redeal),
)
"""What ``kozyr query`` finds in Thousand's hands."""


# ---- kozyr stats ---------------------------------------------------------------------------------


class ThousandStats(PlayerStats):
    """Thousand's own statistics: contracts by bid level, marriages, the barrel."""

    columns = ("declared", "made", "barrel_visits", "barrel_falls")

    def __init__(self) -> None:
        super().__init__()
        self.hands = 0
        self.contracts: dict[int, list[int]] = {}
        self.marriages: dict[str, int] = {}

    def add(self, game: GameFacts) -> None:
        for facts in game.rounds:
            if not facts.finished:
                continue
            self.hands += 1
            own = facts.own_as(HandFacts)
            if own.declarer is not None and not own.redeal:
                p = self.counts(own.declarer)
                p["declared"] += 1
                if own.contract is not None and own.made is not None:
                    count = self.contracts.setdefault(own.contract, [0, 0])
                    count[0] += 1
                    count[1] += own.made
                    p["made"] += own.made
            for _, _, suit in own.marriages:
                key = suit or "aces"
                self.marriages[key] = self.marriages.get(key, 0) + 1
            for name in set(own.barrel_end) - set(own.barrel_start):
                self.counts(name)["barrel_visits"] += 1
            for name in set(own.barrel_start) - set(own.barrel_end):
                total = facts.results.get(name, {}).get("total")
                if not isinstance(total, int) or total < 1000:
                    self.counts(name)["barrel_falls"] += 1

    def summary(self) -> list[tuple[str, object]]:
        rows: list[tuple[str, object]] = []
        declared = sum(n for n, _ in self.contracts.values())
        if declared:
            made = sum(m for _, m in self.contracts.values())
            rows.append(("contracts played", declared))
            rows.append(("contracts made", f"{made} ({100 * made / declared:.1f}%)"))
        if self.hands:
            for suit in ("spades", "clubs", "diamonds", "hearts", "aces"):
                if suit in self.marriages:
                    per_hand = round(self.marriages[suit] / self.hands, 4)
                    rows.append((f"{suit} marriages per hand", per_hand))
        return rows

    def groups(self) -> dict[str, list[dict[str, object]]]:
        return {
            "contract": [
                {"contract": c, "played": n, "made": m, "make_rate": round(m / n, 4)}
                for c, (n, m) in sorted(self.contracts.items())
            ]
        }


STATS = ThousandStats
"""What ``kozyr stats`` counts of Thousand's games."""


# ---- kozyr export --to parquet -----------------------------------------------------------------

TABLES = shared.tidy_tables(
    "hand",
    (
        Column("declarer", "string"),
        Column("contract", "int64"),
        Column("made", "bool_"),
        Column("conceded", "bool_"),
        Column("redeal", "bool_"),
        Column("dark", "bool_"),
        Column("marriages", "int64"),
    ),
    {
        "results": (*shared.RESULT_COLUMNS, Column("barrel", "bool_")),
        "calls": (Column("call", "int64"), Column("player", "string"), Column("bid", "int64"), Column("dark", "bool_")),
        "marriages": shared.MARRIAGE_COLUMNS,
    },
    "marriage",
)
"""Thousand's tidy tables (docs/data.md)."""


def own_rows(
    key: dict[str, Value], r: RoundFacts, out: Rows
) -> tuple[dict[str, Value], list[tuple[str, str | None, str]]]:
    """A hand's own columns, its calls and its marriages; where its cards went."""
    own = r.own_as(HandFacts)
    for k, (player, bid, dark) in enumerate(own.calls, 1):
        out["calls"].append({**key, "call": k, "player": player, "bid": bid, "dark": dark})
    for player, value, suit in own.marriages:
        out["marriages"].append({**key, "player": player, "suit": suit, "value": value})
    columns: dict[str, Value] = {
        "declarer": own.declarer, "contract": own.contract, "made": own.made, "conceded": own.conceded,
        "redeal": own.redeal, "dark": own.dark, "marriages": len(own.marriages),
    }  # fmt: skip
    return columns, own.cards
