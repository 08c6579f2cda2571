"""Checking a Thousand record: replay it through :class:`ThousandTable` (docs/rules.md, T).

>>> import notation, replay
>>> game = notation.loads('''[Game "thousand"] [Players "A" "B" "C"] [Dealer "C"] [Rules "classic"]
... hand 1
...   bid A 100, B 103''')
>>> [d.headline() for d in replay.check(game).diagnostics]
['<input>:3:14: error[T3.2 bid-step]: B bids 103, not a multiple of 5: hand 1']
"""

from __future__ import annotations

from typing import ClassVar

from notation.cards import CARD_OF_CODE
from notation.errors import clip
from notation.i18n import ntr, tr
from notation.parse import parse_number
from notation.thousand.records import (
    Call,
    LineOfPlay,
    Play,
    Round,
    ScoreEntry,
    Stated,
    ThousandGame,
    Trick,
    Variation,
)

from ..checker import Checker, LineEnded
from ..rules import RuleSet
from . import engine as th
from .engine import Setup
from .kgn import play_move
from .moves import DealCards, GiveCards, TakeTalon
from .table import ThousandTable

__all__ = ["START_TAGS", "ThousandChecker"]

START_TAGS = ("FirstHand", "Totals", "Barrel", "Bolts")
"""The tags that start a Thousand record in the middle of a session."""


class ThousandChecker(Checker[ThousandTable, ThousandGame]):
    """Replays a Thousand record and reports what is wrong."""

    table_class: ClassVar[type[ThousandTable]] = ThousandTable
    setup_clause = "T1"
    deck_clause = "T2"
    result_clause = "T9.1"
    start_tags = START_TAGS

    players_by_rules = True

    @classmethod
    def player_counts(cls, rules: RuleSet) -> range:
        n = int(rules["players"])
        return range(n, n + 1)

    def header(self) -> ThousandTable | None:
        got = self.common_header()
        if got is None:
            return None
        rules, dealer = got
        setup = self._setup(len(self.record.players))
        if setup is None:
            return None
        return self.table_class(self.record.players, dealer=dealer, rules=rules, **setup)

    def _setup(self, n: int) -> Setup | None:
        """The starting position of a game recorded from the middle of a session:
        ``FirstHand``, and per seat ``Totals``, ``Barrel`` (hands spent on it, ``-`` when
        not on it) and ``Bolts``."""
        out: Setup = {}
        for tag in self.record.tags:
            if tag.name not in START_TAGS:
                continue
            if tag.name == "FirstHand":
                v = tag.values[0].strip() if len(tag.values) == 1 else ""
                first = parse_number(v)
                if first is None or first < 1 or not v.isdigit():
                    self.setup_error(tr("FirstHand takes one hand number (1, 2, ...)"), tag)
                    return None
                out["first_hand"] = first
                continue
            if len(tag.values) != n:
                self.setup_error(
                    tr("the {name} tag needs one value per player ({n}), in seat order").format(
                        name=tag.name, n=n
                    ), tag
                )
                return None
            values: list[int | None] = []
            for v in (x.strip() for x in tag.values):
                if tag.name == "Barrel" and v in ("-", ""):
                    values.append(None)
                    continue
                number = parse_number(v)
                if number is None:
                    self.setup_error(
                        tr("the {name} tag holds {clip}, not a whole number").format(
                            name=tag.name, clip=clip(repr(v))
                        ), tag
                    )
                    return None
                values.append(number)
            numbers = [v for v in values if v is not None]
            if tag.name == "Barrel":
                out["barrel"] = values
            elif tag.name == "Totals":
                out["totals"] = numbers
            else:
                out["bolts"] = numbers
        return out

    # -- the body ---------------------------------------------------------------------------

    def replay_rounds(self, table: ThousandTable) -> None:
        self.each_round(table, self.record.hands, self._hand)

    def ended_without_result(self, table: ThousandTable) -> tuple[str, str] | None:
        if table.match.no_result:
            limit = table.settings.max_hands
            return tr("the session stopped at the hand limit, {limit}, limit-result=none").format(
                limit=limit
            ), "T9.2"
        return None

    def _hand(self, table: ThousandTable, hand: Round, last: bool) -> None:
        if table.phase == "over":
            how, clause = table.ended()
            raise self.stop(
                tr("the game ended after hand {number} ({how}); no hand may follow").format(
                    number=table.results[-1].number, how=how
                ),
                "game-over",
                clause,
                hand,
            )
        if table.hand is not None:
            raise self.stop(
                tr("hand {number} is unfinished, yet another hand follows").format(
                    number=table.hand.number
                ),
                "incomplete-hand",
                "T5",
                hand,
            )
        if hand.number != table.match.number:
            self.wrong(
                tr("this is hand {number}, not {number2}").format(
                    number=table.match.number, number2=hand.number
                ), "hand-number", "T1", hand
            )
        if hand.deal is not None:
            self.push_event(table, hand.deal)
        else:
            self.apply(table, DealCards(), hand)  # a hand whose cards nobody recorded
        if hand.redeal is not None:
            self.push_event(table, hand.redeal)
            if hand.auction or hand.tricks or hand.talon or hand.give or hand.contract:
                raise self.stop(
                    tr("after a redeal the hand ends; nothing else is played"),
                    "out-of-order",
                    "T2",
                    hand.auction[0] if hand.auction else hand,
                )
            return
        before = len(table.results)
        self._line(table, hand, hand)
        self._late(table, before)

    def _late(self, table: ThousandTable, before: int) -> None:
        """Reports the bids and raises the play showed were not backed (T3.3, T4.3) in the
        hand finished since the table had ``before`` results."""
        unbacked = [err for res in table.results[before:] for err in res.unbacked]
        if unbacked:
            table.mark()
            for err in unbacked:
                self.report(err, err.ref)
            raise LineEnded()

    def _line(self, table: ThousandTable, line: LineOfPlay, owner: Round | Variation) -> None:
        """Replay the events a hand and a variation share."""
        for call in line.auction:
            self._variations(table, call)
            self.push_event(table, call, call.seat)
        if isinstance(owner, Variation) and (owner.plays or owner.winner):
            self._continue_trick(table, owner)
        later = bool(line.talon or line.concede or line.give or line.contract or line.tricks)
        hand = table.hand
        if hand is not None and hand.phase == "auction" and later and not line.auction:
            self._no_auction(table, line, owner)
        self._talon(table, line, owner, later)
        if line.concede is not None:
            self.push_event(table, line.concede)
        self._give(table, line)
        if line.contract is not None:
            self.push_event(table, line.contract)
        for trick in line.tricks:
            self._trick(table, trick)
        self.trick_no = None
        self._line_stated(table, line)

    def _continue_trick(self, table: ThousandTable, var: Variation) -> None:
        """A variation's cards that finish the trick it starts in."""
        hand = table.hand
        trick = Trick(number=hand.trick_no if hand else 0, plays=var.plays, winner=var.winner, pos=None)
        self._trick_plays(table, trick, continuing=True)

    def _line_stated(self, table: ThousandTable, line: LineOfPlay) -> None:
        """The facts a line states at its end (a hand kept as a score sheet is scored by
        them)."""
        hand = table.hand
        if hand is not None and not line.tricks and not hand.plays and line.stated:
            self._from_sheet(table, line.stated)
        for st in line.stated:
            self._stated(table, st)

    def _no_auction(self, table: ThousandTable, line: LineOfPlay, owner: Round | Variation) -> None:
        """T3.4: a hand recorded without its auction: its contract and the first leader
        (the declarer leads the first trick) stand for it, else it cannot be replayed."""
        first_trick = line.tricks[0] if line.tricks else None
        if line.contract is not None and first_trick is not None and first_trick.plays:
            table.assume_auction(self.seat(first_trick.plays[0].seat, first_trick.plays[0]), line.contract.value)
            return
        raise self.stop(
            tr(
                "the hand has no auction and no contract with a first trick: the "
                "declarer's contract is unknown"
            ),
            "auction-incomplete",
            "T3.4",
            line.talon or line.give or line.contract or line.tricks[0] if line.tricks else owner,
        )

    def _talon(self, table: ThousandTable, line: LineOfPlay, owner: Round | Variation, later: bool) -> None:
        """T4.1: the talon taken by the declarer (a hand that goes on without writing it
        took it unseen)."""
        if line.talon is not None:
            taker = line.talon.seat
            hand = table.hand
            if taker is not None and hand is not None and hand.declarer is not None:
                if self.seat(taker, line.talon) != hand.declarer:
                    raise self.stop(
                        tr("{taker} takes the talon, but {player} declares").format(
                            taker=taker, player=table.players[hand.declarer]
                        ),
                        "out-of-turn",
                        "T4.1",
                        line.talon,
                    )
            self.push_event(table, line.talon)
        elif table.phase == "talon" and later:
            self.apply(
                table,
                TakeTalon([None] * 3),
                line.give or line.contract or line.concede or owner,
            )

    def _give(self, table: ThousandTable, line: LineOfPlay) -> None:
        """T4.2: the give (a hand that goes on without writing it gave two unseen cards)."""
        if line.give is not None:
            self.push_event(table, line.give)
        elif table.phase == "give" and (line.contract or line.tricks):
            hand = table.hand
            assert hand is not None and hand.declarer is not None
            self.apply(
                table,
                GiveCards([(p, None) for p in hand.active if p != hand.declarer]),
                line.contract or line.tricks[0],
            )

    def _from_sheet(self, table: ThousandTable, stated: list[Stated]) -> None:
        """A hand written as a score sheet keeps it (its calls, then points or scores, no
        cards): the stated points end the hand, or the scores where no points are given;
        everything else stated is then checked against them."""
        kinds = {st.kind: st for st in stated}
        st = kinds.get("points") or kinds.get("score")
        if st is None:
            return  # totals alone do not say how the hand went: _stated reports it
        self.push_event(table, st)

    def _trick(self, table: ThousandTable, trick: Trick) -> None:
        hand = table.hand
        if hand is None:
            if table.phase == "over" or table.results:
                raise self.stop(
                    tr("the hand is over; no trick may follow"), "out-of-order", "T5", trick
                )
            return
        numbered = hand.phase in ("play", "contract")
        self.start_trick(trick, trick.number, hand.trick_no, bool(hand.plays), "T5", "T5", numbered)
        self._trick_plays(table, trick, continuing=False)

    def _trick_plays(self, table: ThousandTable, trick: Trick, continuing: bool) -> None:
        hand = table.hand
        assert hand is not None
        size = len(hand.active)
        already = len(hand.plays) if continuing else 0
        for k, play in enumerate(trick.plays):
            if already + k >= size:
                raise self.stop(
                    ntr(
                        "a trick has {size} card, one from each player",
                        "a trick has {size} cards, one from each player",
                        size,
                    ).format(size=size),
                    "trick-size",
                    "T5",
                    play,
                )
            if play.notes:
                self._variations(table, play)
            name = play.seat  # read once (a record's field)
            seat, card = self.seats.get(name), CARD_OF_CODE.get(play.card)
            if seat is None or card is None:
                self.push_event(table, play, name)  # the translator says what is wrong
            else:
                self.apply(table, play_move(play, seat, card), play, name)
        done = already + len(trick.plays) == size
        if trick.winner is not None:
            early = None if done else tr("the winner is stated before every player has played")
            self.stated_taker(table, trick.winner, early, "T5.4")

    def _variations(self, table: ThousandTable, move: Call | Play) -> None:
        for note in move.notes:
            if isinstance(note, Variation):

                def line(branch: ThousandTable, var: Variation = note) -> None:
                    before = len(branch.results)
                    self._line(branch, var, var)
                    self._late(branch, before)

                self.branch(table, line)

    # -- stated facts ---------------------------------------------------------------------

    def _stated(self, table: ThousandTable, st: Stated) -> None:
        if table.hand is not None or not table.results:
            raise self.stop(
                tr("the {kind} line comes before the hand is over").format(kind=st.kind), "incomplete-hand", "T7", st
            )
        res = table.results[-1]
        for e in st.entries:
            seat = self.seat(e.seat, e)
            self._entry(table, res, st.kind, seat, e)

    def _entry(
        self, table: ThousandTable, res: th.RoundResult, kind: str, seat: int, e: ScoreEntry
    ) -> None:
        name = table.players[seat]
        if kind == "points":
            want = res.points.get(seat)
            if want is None:
                if res.conceded:
                    message = tr("{name} has no hand points: the hand was conceded")
                else:
                    message = tr("{name} has no hand points: the hand was sat out")
                self.wrong(
                    message.format(name=name),
                    "wrong-points",
                    "T7.1",
                    e,
                    name,
                )
            elif e.value != want:
                self.wrong(
                    tr("{name} took {want} points (cards and marriages), not {value}").format(
                        name=name, want=want, value=e.value
                    ),
                    "wrong-points",
                    "T7.1",
                    e,
                    name,
                )
        elif kind == "score":
            want = res.scores.get(seat, 0)
            if e.value != want:
                if seat == res.declarer and not res.conceded:
                    if res.made:
                        why = tr("contract {contract} made with {get} points")
                    else:
                        why = tr("contract {contract} failed with {get} points")
                    why = why.format(contract=res.contract, get=res.points.get(seat))
                    clause = "T7.2"
                elif res.conceded:
                    why, clause = tr("the hand was conceded"), "T4"
                else:
                    why, clause = tr("{get} points rounded").format(get=res.points.get(seat, 0)), "T7.3"
                self.wrong(
                    tr("{name} scores {want:+d} ({why}), not {value:+d}").format(
                        name=name, want=want, why=why, value=e.value
                    ),
                    "wrong-score",
                    clause,
                    e,
                    name,
                )
        else:
            want = res.totals[seat]
            if e.value != want:
                self.wrong(tr("{name}'s total is {want}, not {value}").format(
                    name=name, want=want, value=e.value
                ), "wrong-total", "T8", e, name)
            if e.barrel and seat not in res.barrel:
                self.wrong(tr("{name} is not on the barrel").format(name=name), "wrong-barrel", "T8.1", e, name)
