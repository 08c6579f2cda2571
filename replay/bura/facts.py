"""What the corpus tools know of Bura and its variants: the facts of a deal, their filters for
``kozyr query``, their statistics, their Parquet tables, and cutting one deal out
(docs/data.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from notation.bura.records import Answer, BuraGame, Claim, Deal, Pot, Show, Stated
from notation.records import Node, fold_name

from .. import facts as shared
from ..checker import Progress
from ..facts import Column, GameFacts, PlayerStats, RoundFacts, Rows, Value
from ..model import Filter
from ..model import RoundResult as AnyResult
from .engine import BuraEngine, RoundResult


@dataclass(slots=True)
class DealFacts(shared.DealFacts):
    """What a deal of Bura or a variant has (``RoundFacts.own``): how it ended
    (``claim-won``, ``bura``, ``void``, ``played-out`` ...) and its own facts."""

    claim: tuple[str, int | None, bool] | None = None
    """(claimant, count, won)."""
    shows: list[tuple[str, str]] = field(default_factory=list)
    """(player, combination)."""
    penalties: dict[str, int] = field(default_factory=dict)
    """Penalty points this deal added (``match=penalty-12``, or a variant of penalty
    points)."""


def watch(facts: RoundFacts, table: BuraEngine, node: Node, where: Progress) -> None:
    """What the corpus keeps of one move of the main line: the cards laid (face down:
    marked), and the deal."""
    if isinstance(node, Answer):
        cards = [(node.seat, c, False) for c in node.cards]
        cards += [(node.seat, c, True) for c in node.down]
        shared.play_cards(facts, table, where, cards)
    elif isinstance(node, Deal):
        facts.own_as(DealFacts).cards.extend(shared.dealt_cards(node, table, where))


def round_facts(
    facts: RoundFacts,
    result: AnyResult,
    prior: AnyResult | None,
    names: list[str],
    game: BuraGame,
) -> None:
    """Fill in what a finished deal gave: how it ended, claims and shows, chips and
    penalties, and the start position it was played from."""
    assert isinstance(result, RoundResult) and isinstance(prior, RoundResult | None)
    res, previous = result, prior
    own = facts.own_as(DealFacts)
    own.ended(res.end, res.winner, names)
    folded = {fold_name(n): n for n in names}
    deal = next((d for d in game.deals if d.number == res.number), None)
    events = deal.events if deal is not None else []
    own.shows = [
        (folded.get(fold_name(e.seat), e.seat), e.combo) for e in events if isinstance(e, Show)
    ]
    claims = [e for e in events if isinstance(e, Claim)]
    if claims:
        claimant = folded.get(fold_name(claims[-1].seat), claims[-1].seat)
        own.claim = (claimant, res.claim_count, res.end == "claim-won")
    before: dict[int, int] = previous.penalty if previous is not None else {}
    for p, name in enumerate(names):
        added = (
            res.penalty.get(p, 0) - before.get(p, 0)
            if previous is not None
            else res.added.get(p, res.penalty.get(p, 0))
        )
        if added:
            own.penalties[name] = added
        facts.results[name] = {
            "chips": res.chips.get(p),
            "penalty": res.penalty.get(p),
            "points": res.points.get(p),
            "wins": res.wins.get(p),
        }
    facts.start = _start(previous, names, game)


def _start(previous: RoundResult | None, names: list[str], game: BuraGame) -> dict[str, list[str]]:
    """The start tags a deal was played from: the record's own for its first deal, else
    what the deal before left (the pot, chips, penalties, factor and leader)."""
    if previous is None:
        return {
            name: list(values)
            for name in ("Pot", "Chips", "Penalty", "Leader", "Factor")
            if (values := game.tag_values(name))
        }
    start = {
        "Pot": [str(previous.pot), "ante"] if previous.end == "void" else [str(previous.pot)],
        "Chips": [str(previous.chips.get(p, 0)) for p in range(len(names))],
        "Penalty": [str(previous.penalty.get(p, 0)) for p in range(len(names))],
    }
    if previous.factor != 1:
        start["Factor"] = [str(previous.factor)]
    if previous.leads_next is not None:
        start["Leader"] = [names[previous.leads_next]]
    return start


def strip_facts(game: BuraGame) -> None:
    """Drop what the engine computes (pots, tallies, trick takers)."""
    shared.strip_stated(game.deals, (Pot, Stated))


# ---- kozyr query -------------------------------------------------------------------------------


def _claim(facts: RoundFacts, how: object) -> bool:
    claim = facts.own_as(DealFacts).claim
    return claim is not None and claim[2] == (how == "made")


def _combo(facts: RoundFacts, combo: object) -> bool:
    return any(c == combo for _, c in facts.own_as(DealFacts).shows)


def has_penalty(facts: RoundFacts, _: object) -> bool:
    """Whether a deal gave someone penalty points (``match=penalty-12``, and the games of
    penalty points built on Bura)."""
    return bool(facts.own_as(DealFacts).penalties)


COMBO_FILTER = Filter(
    "--combo", "Bura and its variants: a combination shown.", _combo, "NAME",
    choices=("bura", "moskva", "small-moskva", "molodka", "foreheads"),
)

FILTERS = (
    Filter("--claim", "Bura: a claim made or failed.", _claim, "made|failed", choices=("made", "failed")),
    COMBO_FILTER,
)
"""What ``kozyr query`` finds in Bura's deals."""


# ---- kozyr stats ---------------------------------------------------------------------------------


class BuraStats(PlayerStats):
    """Bura's (and its variants') own statistics: claims, combinations, penalty points, and
    per player the running score (``chips``, or ``penalty_points``)."""

    def __init__(self, tally: str = "chips", claims: bool = True) -> None:
        super().__init__()
        self.tally = tally
        self.columns: tuple[str, ...] = ("claims", "claims_won", tally) if claims else (tally,)
        self.claims = [0, 0]
        self.combos: dict[str, int] = {}
        self.penalties = 0

    def add(self, game: GameFacts) -> None:
        for name in game.players:
            self.counts(name)[self.tally] += game.totals.get(name, 0)
        for facts in game.rounds:
            if not facts.finished:
                continue
            own = facts.own_as(DealFacts)
            if own.claim is not None:
                self.claims[0 if own.claim[2] else 1] += 1
                if "claims" in self.columns:
                    p = self.counts(own.claim[0])
                    p["claims"] += 1
                    p["claims_won"] += own.claim[2]
            for _, combo in own.shows:
                self.combos[combo] = self.combos.get(combo, 0) + 1
            self.penalties += sum(own.penalties.values())

    def summary(self) -> list[tuple[str, object]]:
        rows = self.made_and_failed("claims", self.claims)
        rows += [(f"{combo} shown", n) for combo, n in sorted(self.combos.items())]
        if self.penalties:
            rows.append(("penalty points given", self.penalties))
        return rows


STATS = BuraStats
"""What ``kozyr stats`` counts of Bura's games."""


# ---- kozyr export --to parquet -----------------------------------------------------------------

TABLES = shared.deal_tables(
    (
        Column("claimant", "string"),
        Column("claim_count", "int64"),
        Column("claim_won", "bool_"),
    ),
    {
        "results": (
            Column("player", "string"),
            Column("chips", "int64"),
            Column("penalty", "int64"),
            Column("points", "int64"),
            Column("wins", "int64"),
        ),
        "shows": (Column("player", "string"), Column("combo", "string")),
    },
    "face_down",
)
"""The tidy tables of Bura and its variants (docs/data.md)."""


def own_rows(
    key: dict[str, Value], r: RoundFacts, out: Rows
) -> tuple[dict[str, Value], list[tuple[str, str | None, str]]]:
    """A deal's own columns (its claim) and its shows; where its cards went."""
    own = r.own_as(DealFacts)
    for player, combo in own.shows:
        out["shows"].append({**key, "player": player, "combo": combo})
    claimant, count, won = own.claim or (None, None, None)
    return own.row(claimant=claimant, claim_count=count, claim_won=won)
