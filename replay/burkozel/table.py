"""The Burkozel table (docs/rules.md: K clauses): Bura's table with what differs, its house
rules, and its checker.

Burkozel deals four cards, plays the deck out (no claims, no faults at the stock), scores
penalty points by the cards taken, and with four players plays two against two.  Every rule
it shares with Bura (leads, answers, beating a set, drawing) is Bura's code; what differs is
overridden here, and every message cites a K clause.  ``RULEBOOK`` holds Burkozel's house
rules (docs/rules.md, "House rules: Burkozel"); :class:`BurkozelChecker` is Bura's checker
with Burkozel's table and clauses.
"""

from __future__ import annotations

from typing import ClassVar, Final

from notation.burkozel import KIND
from notation.cards import card_points, suit_no
from notation.errors import illegal
from notation.i18n import ntr, tr

from ..bura.engine import BuraSettings, CommitFault, OpenClaim, RoundResult, RoundState
from ..bura.table import BuraChecker, BuraTable
from ..rules import Rulebook, RuleSet, switch

__all__ = [
    "RULEBOOK", "BurkozelChecker", "BurkozelTable",
]


SWITCHES: Final = (
    switch("first-lead", "left|lowest-trump", "K3", "who leads the first deal"),
    switch("bura", "win|lead", "K6", "four trumps win the deal, or only give the lead"),
    switch("moskva", "triple|off", "K6", "four aces win the deal with triple penalties"),
    switch("tie", "double-next|two-each", "K7", "what a tie for the top does"),
    switch("zero", "no-trick|zero-points", "K7", "what earns the 6-point penalty"),
    switch("limit", "12|N", "K8", "penalty points that lose the game"),
    switch("shokha", "off|on", "K4", "the 6 of spades is the highest card and joins any lead"),
)

RULEBOOK: Final = Rulebook("burkozel", SWITCHES, {"classic": {}}, steady=("limit",))
"""Burkozel's rulebook."""


class BurkozelTable(BuraTable):
    """A Burkozel table (see :class:`replay.model.Table` for the interface)."""

    game = "burkozel"
    title = "Burkozel"
    RULEBOOK: ClassVar[Rulebook] = RULEBOOK
    NOTATION = KIND
    CLAUSE: ClassVar[dict[str, str]] = BuraTable.CLAUSE | {
        "setup": "K1", "over": "K8", "deal": "K2", "first-lead": "K3", "lead-size": "K4",
        "play": "K4", "draw": "K5", "played-out": "K5", "priority": "K6",
    }  # fmt: skip
    """Bura's clauses, each of Burkozel's own rules citing its own (a lead is Bura's, B3)."""
    END_CLAUSE: ClassVar[dict[str, str]] = {
        "bura": "K6",
        "moskva": "K6",
        "played-out": "K5",
        "redeal": "K6",
    }
    COMBO_SIZE = 4
    FIRST_LEAD: ClassVar[int] = 3
    """K4: the first trick of a deal is led with at most three cards."""
    RIGHTS_AFTER_FIRST_TRICK: ClassVar[bool] = True
    """K6: an out-of-turn lead only after the first trick of the deal."""
    PLAYED_OUT = "played-out"
    PLAYOFF = False
    COMBOS = ("bura", "moskva", "molodka", "foreheads")
    WIN_AT_ONCE: ClassVar[tuple[str, ...]] = COMBOS[:2]
    """The combinations that win the deal at once (K6): four trumps and four aces."""
    HAS_POT = False
    SCORE_TALLY = "penalty"
    SCORES_FALL = True
    SCORE_UNIT = "penalty points"

    @classmethod
    def _settings(cls, rules: RuleSet, ante: int) -> BuraSettings:
        return BuraSettings(
            hand=4,
            claim="none",
            bura=rules["bura"],
            moskva="triple" if rules["moskva"] == "triple" else "off",
            match="penalty",
            first_lead=rules["first-lead"],
            tie=rules["tie"],
            zero=rules["zero"],
            limit=int(rules["limit"]),
            shokha=rules["shokha"] == "on",
        )

    @property
    def pairs(self) -> bool:
        return self.n == 4

    def scores(self) -> list[int]:
        return list(self.match.penalty)

    def round_scores(self, res: RoundResult) -> dict[int, int]:
        return res.penalty

    def _played_out(self, deal: RoundState) -> None:
        """K5, K7: the deck is played out and the deal is scored at once."""
        self._end(deal, self.PLAYED_OUT, None)

    def _ante(self) -> None:
        """No pot in Burkozel."""

    def _first_leader(self, deal: RoundState) -> int:
        """K3: the taker of the last trick of the previous deal leads; in the first deal
        the dealer's left-hand neighbour, or (first-lead=lowest-trump) the holder of the
        lowest trump."""
        m = self.match
        s = self.settings
        h = deal.holdings
        if m.first_leader is not None:
            return m.first_leader
        if s.first_lead == "lowest-trump" and m.number == 1 and not self.results:
            holders = [p for p in range(self.n) if any(suit_no(c) == deal.trump for c in h.known[p])]
            if holders and all(h.fully_known(p) for p in range(self.n)):
                return min(
                    holders, key=lambda p: min(c for c in h.known[p] if suit_no(c) == deal.trump)
                )
        return super()._first_leader(deal)

    def _combo_clause(self, combo: str) -> str:
        return "K6"

    def combo_ends_deal(self, combo: str) -> bool:
        """K6: a bura wins at once with bura=win; Moskva with moskva=triple."""
        s = self.settings
        return (combo == "bura" and s.bura == "win") or (combo == "moskva" and s.moskva == "triple")

    def _claim(self, deal: RoundState, ev: OpenClaim) -> None:
        raise illegal(
            tr("there are no claims in Burkozel: the deck is played out"), "claim-not-allowed", "K5"
        )

    def _fault(self, deal: RoundState, ev: CommitFault) -> None:
        raise illegal(
            tr("a fault at the stock is a Bura rule; Burkozel plays the deck out"),
            "fault-not-allowed",
            "K5",
        )

    def _won_at_once(self, res: RoundResult, seat: int) -> dict[int, int]:
        """K7: a bura or Moskva wins the deal; each other side takes 2 (Moskva 6) penalty
        points, times the factor."""
        m = self.match
        winner = self.side(seat)
        base = 6 if res.end == "moskva" else 2
        add = {x: base * m.factor for x in self.sides() if x != winner}
        res.winner = winner
        m.factor = 1
        res.notes.append(tr("{player} shows {end} and wins the deal at once").format(
            player=self.name(seat), end=res.end
        ))
        return add

    def _by_card_points(self, deal: RoundState, res: RoundResult) -> dict[int, int]:
        """K7: the side with the most card points takes none; each other takes 2, 4 under
        31 (21 for three players), 6 with no point (or no trick); a tie for the top takes 2
        each or doubles the next deal."""
        s = self.settings
        m = self.match
        sides = self.sides()
        add: dict[int, int] = {}
        points = {x: 0 for x in sides}
        tricks = {x: 0 for x in sides}
        for p in range(self.n):
            points[self.side(p)] += sum(card_points(c) for c in deal.won[p] if c is not None)
            tricks[self.side(p)] += deal.tricks_taken.get(p, 0)
        res.points = dict(points)
        top = max(points.values())
        leaders = [x for x in sides if points[x] == top]
        if len(leaders) > 1:
            res.notes.append(
                tr("a tie for the top: no penalty")
                + (tr(", the next deal counts double") if s.tie == "double-next" else tr(", two each"))
            )
            if s.tie == "double-next":
                m.factor *= 2
            else:
                add = dict.fromkeys(sides, 2)
            return add
        under = 21 if self.n == 3 else 31
        res.winner = leaders[0]
        for x in sides:
            if x == leaders[0]:
                continue
            zero = tricks[x] == 0 if s.zero == "no-trick" else points[x] == 0
            pen = 6 if zero else 4 if points[x] < under else 2
            add[x] = pen * m.factor
        m.factor = 1
        took = ", ".join(
            ntr(
                "{side} {points}: {n} penalty point", "{side} {points}: {n} penalty points", add[x]
            ).format(side=self.side_name(x), points=points[x], n=add[x])
            for x in sides
            if x in add
        )
        res.notes.append(tr("the most card points: {side_name} {top}; {took}").format(
            side_name=self.side_name(leaders[0]), top=top, took=took
        ))
        return add

    def _score(self, deal: RoundState, res: RoundResult, seat: int | None) -> None:
        """K7: penalty points by the cards taken (a bura or Moskva wins at once)."""
        m = self.match
        if res.end in self.WIN_AT_ONCE:
            assert seat is not None
            add = self._won_at_once(res, seat)
        else:
            add = self._by_card_points(deal, res)
        for x, v in add.items():
            m.penalty[x] += v
            if self.pairs:
                m.penalty[x + 2] = m.penalty[x]
        res.added = add
        m.dealer = self._next(m.dealer)
        m.first_leader = res.leads_next = deal.last_taker
        self._match_end()


class BurkozelChecker(BuraChecker):
    """Replays a Burkozel record and reports what is wrong."""

    setup_clause = "K1"
    deck_clause = "K2"
    result_clause = "K8"
    players = range(2, 5)
    table_class = BurkozelTable
    TALLY_CLAUSE = "K7"
    LEADER_TAG = True
