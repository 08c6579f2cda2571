"""Checking a Sixty-six record: replay it through :class:`SixtySixTable` (docs/rules.md, S).

Same policy as for the other games: a wrong stated fact is reported and the replay goes on;
an illegal move ends the replay of the game; variations are replayed as lines of their own.

>>> import notation, replay
>>> game = notation.loads('''[Game "sixtysix"] [Players "A" "B"] [Dealer "B"] [Rules "classic"]
... deal 1
...   hands A: AS TS KS QS JS 9S / B: AH TH KH QH JH 9H / trump: AC
...   1. B AH, A AS''')
>>> [d.headline() for d in replay.check(game).diagnostics]
["<input>:4:6: error[S3 wrong-leader]: B leads, but the lead is A's (the non-dealer leads first): deal 1, trick 1"]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from notation.cards import CARD_OF_CODE
from notation.errors import IllegalMoveError, clip
from notation.i18n import ntr, tr
from notation.parse import parse_number
from notation.records import Node, Winner
from notation.sixtysix.records import (
    Draw,
    Event,
    Out,
    Play,
    Round,
    SixtySixGame,
    Stated,
    Trick,
    Variation,
)

from ..checker import Checker
from .engine import RoundResult, Setup, ended
from .kgn import play_move
from .moves import DealCards, DrawCard
from .table import SixtySixTable

__all__ = ["START_TAGS", "SixtySixChecker"]

START_TAGS = ("FirstDeal", "Totals", "Bonus")
"""The tags that start a Sixty-six record in the middle of a game: the deal's number, each
player's game points, and the game points a 65-65 tie left for the next deal's winner."""

_STATED_CLAUSE = {"points": "S10", "score": "S12", "totals": "S1"}


class SixtySixChecker(Checker[SixtySixTable, SixtySixGame]):
    """Replays a Sixty-six record and reports what is wrong."""

    table_class: ClassVar[type[SixtySixTable]] = SixtySixTable
    setup_clause = "S1"
    deck_clause = "S2"
    result_clause = "S13"
    start_tags = START_TAGS
    players = range(2, 3)

    # -- header ---------------------------------------------------------------------------

    def header(self) -> SixtySixTable | None:
        got = self.common_header()
        if got is None:
            return None
        rules, dealer = got
        setup: Setup = {}
        for tag in self.record.tags:
            if tag.name not in START_TAGS:
                continue
            values = [v.strip() for v in tag.values]
            want = 2 if tag.name == "Totals" else 1
            numbers = [parse_number(v) for v in values]
            known = [n for n in numbers if n is not None and n >= 0]
            if len(values) != want or len(known) != want or (tag.name == "FirstDeal" and known[0] < 1):
                if want == 2:
                    message = tr("the {name} tag takes one value per player (2), in seat order, not {clip}")
                else:
                    message = tr("the {name} tag takes one number, not {clip}")
                self.setup_error(
                    message.format(
                        name=tag.name, clip=clip(repr(values))
                    ), tag
                )
                return None
            if tag.name == "FirstDeal":
                setup["first_deal"] = known[0]
            elif tag.name == "Totals":
                setup["totals"] = known
            else:
                setup["bonus"] = known[0]
        return self.table_class(self.record.players, dealer=dealer, rules=rules, **setup)

    # -- body -----------------------------------------------------------------------------

    def replay_rounds(self, table: SixtySixTable) -> None:
        self.each_round(table, self.record.deals, self._deal)

    def finish(self, table: SixtySixTable) -> None:
        if self.final_close:
            table.settle()

    def _deal(self, table: SixtySixTable, rec: Round, last: bool) -> None:
        deal = table.deal
        if deal is not None and deal.phase != "end":
            raise self.stop(
                tr("deal {number} is unfinished, yet another deal follows").format(
                    number=deal.number
                ),
                "incomplete-deal",
                "S9",
                rec,
            )
        table.settle()
        if table.match.over:
            raise self.stop(
                tr("the game ended ({result}); no deal may follow").format(result=table.result), "game-over", "S13", rec
            )
        if rec.number != table.match.number:
            self.wrong(
                tr("this is deal {number}, not {number2}").format(
                    number=table.match.number, number2=rec.number
                ), "deal-number", "S2", rec
            )
        if rec.deal is not None:
            self.push_event(table, rec.deal)
        else:
            self.apply(table, DealCards(), rec)  # a deal whose cards nobody recorded
        self._events(table, rec.events)

    def _events(self, table: SixtySixTable, events: Sequence[Event]) -> None:
        for ev in events:
            deal = table.deal
            if isinstance(ev, Stated):
                self._stated(table, ev)
                continue
            if deal is not None and deal.phase == "draw" and not isinstance(ev, Draw | Out):
                self._draws(table, ev)
            if isinstance(ev, Trick):
                self._trick(table, ev)
            elif isinstance(ev, Draw):
                for dc in ev.cards:
                    self.push_event(table, dc, dc.seat)
            else:  # an exchange, a close, going out
                self.push_event(table, ev, ev.seat)

    def _draws(self, table: SixtySixTable, node: Node) -> None:
        """The draws the record leaves out (from the stock's order when it is known)."""
        try:
            while (due := table.next_draw()) is not None:
                table.push(DrawCard(*due))
        except IllegalMoveError as exc:
            raise self.illegal(exc, node) from None

    def _trick(self, table: SixtySixTable, trick: Trick) -> None:
        deal = table.deal
        if deal is None and table.results:
            # the deal ended before its cards were played: by going out (S9) or a close (S11)
            self.trick_no = trick.number
            res = table.results[-1]
            clause = "S11" if res.end == "closed-failed" else "S9"
            raise self.stop(
                tr("deal {number} is over ({ended}); no trick may follow").format(
                    number=res.number, ended=ended(res, table.players)
                ),
                "out-of-order", clause, trick,
            )  # fmt: skip
        if deal is None or deal.phase == "end":
            self.trick_no = trick.number
            raise self.stop(
                tr("every card of the deal is played; no trick may follow"), "out-of-order", "S10", trick
            )
        self.start_trick(trick, trick.number, deal.trick_no, bool(deal.trick), "S3", "S3")
        self._plays(table, trick.plays, trick.winner)

    def _plays(self, table: SixtySixTable, plays: list[Play], winner: Winner | None) -> None:
        for play in plays:
            deal = table.deal
            if deal is None or (deal.phase not in ("follow",) and play is not plays[0]):
                raise self.stop(tr("a trick has two cards, one from each player"), "trick-size", "S3", play)
            for note in play.notes:
                if isinstance(note, Variation):
                    self._variation(table, note)
            name = play.seat  # read once (a record's field)
            seat, card = self.seats.get(name), CARD_OF_CODE.get(play.card)
            if seat is None or card is None:
                self.push_event(table, play, name)  # the translator says what is wrong
            else:
                self.apply(table, play_move(play, seat, card), play, name)
        if winner is None:
            return
        deal = table.deal
        early = deal is not None and bool(deal.trick)
        self.stated_taker(table, winner, tr("the winner is stated before both have played") if early else None, "S3")

    def _variation(self, table: SixtySixTable, var: Variation) -> None:
        def line(branch: SixtySixTable) -> None:
            self._plays(branch, var.plays, var.winner)
            self._events(branch, var.events)

        self.branch(table, line)

    # -- stated facts ---------------------------------------------------------------------

    def _stated(self, table: SixtySixTable, st: Stated) -> None:
        table.settle()  # a deal whose cards are all played is scored before its facts
        if table.deal is not None or not table.results:
            raise self.stop(
                tr("the {kind} line comes before the deal is over").format(kind=st.kind), "incomplete-deal", "S9", st
            )
        res = table.results[-1]
        values = {"points": res.points, "score": res.scores, "totals": res.totals}[st.kind]
        for e in st.entries:
            seat = self.seat(e.seat, e)
            name = table.players[seat]
            want = values[seat]
            if e.value == want:
                continue
            if st.kind == "points":
                message = tr("{name} counts {want} (cards taken and marriages counted), not {value}").format(
                    name=name, want=want, value=e.value
                )
            elif st.kind == "score":
                message = ntr("{name} scores {want} game point ({how}), not {value}", "{name} scores {want} game points ({how}), not {value}", want).format(
                    name=name, want=want, how=ended(res, table.players), value=e.value
                )
            else:
                message = ntr("{name}'s total is {want} game point, not {value}", "{name}'s total is {want} game points, not {value}", want).format(
                    name=name, want=want, value=e.value
                )
            clause = _STATED_CLAUSE[st.kind]
            if st.kind == "score":
                clause = {"false-out": "S9", "closed-failed": "S11", "tie": "S10"}.get(res.end, "S12")
                ties = _ties_before(table.results)
                if ties and seat == res.winner and e.value == want - ties:
                    clause = "S10"  # the game points of the 65-65 deals before were left out
                    message += ntr(
                        ": {n} game point of the 65-65 deal before counts too",
                        ": {n} game points of the 65-65 deals before count too",
                        ties,
                    ).format(n=ties)
            elif st.kind == "points":  # how the deal ended says how its points are counted
                clause = {"out": "S9", "false-out": "S9", "closed-failed": "S11"}.get(res.end, "S10")
            code = "wrong-total" if st.kind == "totals" else f"wrong-{st.kind}"  # as in every game
            self.wrong(message, code, clause, e, name)


def _ties_before(results: Sequence[RoundResult]) -> int:
    """How many deals right before the last one ended 65-65 (their game points go to the
    last one's winner, S10)."""
    n = 0
    for res in reversed(results[:-1]):
        if res.end != "tie":
            break
        n += 1
    return n
