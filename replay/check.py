"""Checking a record: replay it through its game's engine and compare what it states.

:func:`check` returns a :class:`Report`: one diagnostic per problem (located at the record
node it is about), the computed facts of every hand, and the final result.  A wrong stated
fact is reported and the replay goes on; an illegal move is reported and ends that game's
replay (its variations are checked as lines of their own).

>>> import notation, replay
>>> game = notation.loads('''[Game "thousand"] [Players "A" "B" "C"] [Dealer "C"] [Rules "classic"]
... hand 1
...   bid A 100, B 103''')
>>> [d.headline() for d in replay.check(game).diagnostics]
['<input>:3:14: error[T3.2 bid-step]: B bids 103, not a multiple of 5: hand 1']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from notation.cards import UNKNOWN, Card, parse_card
from notation.errors import IllegalMoveError, KgnError, RulesConfigError, WrongFactError, clip
from notation.parse import parse_number
from notation.records import (
    BuraGame,
    Entry,
    Game,
    Hand,
    Stated,
    Trick,
    Variation,
    _LineOfPlay,
)
from notation.records import Call as CallRec
from notation.records import Play as PlayRec

from . import thousand as th
from .rules import RuleSet, did_you_mean, parse_rules

__all__ = ["MAX_ERRORS", "MainLineObserver", "Report", "check", "replay_record"]

START_TAGS = ("FirstHand", "Totals", "Barrel", "Bolts")
"""The tags that start a Thousand record in the middle of a session."""

MAX_ERRORS = 100
"""How many errors one game reports; the rest are counted."""


@dataclass
class Report:
    """What replaying a record found."""

    game: str
    players: list[str]
    diagnostics: list[KgnError] = field(default_factory=list)
    hands: list[Any] = field(default_factory=list)
    """Per hand (Thousand: ``HandResult``) or per deal (Bura: ``DealResult``)."""
    result: str | None = None
    totals: dict[str, int] = field(default_factory=dict)
    complete: bool = False
    """True when the record replayed to its end (no illegal move stopped it)."""
    checked: int = 0
    suppressed: int = 0
    """Errors past the first :data:`MAX_ERRORS` of the game, counted but not reported."""
    """Hands (deals) replayed: finished ones, and the one an illegal move or the end of an
    unfinished record stopped in."""

    @property
    def ok(self) -> bool:
        return not any(d.severity == "error" for d in self.diagnostics)


class MainLineObserver:
    """A replay observer (``observer=`` of :func:`replay_record`) that follows the main
    line: ``depth`` counts the variations being replayed; subclasses implement ``step``."""

    depth = 0

    def begin_branch(self) -> None:
        self.depth += 1

    def end_branch(self) -> None:
        self.depth -= 1

    def annotate(self, notes: list[Any]) -> None:
        """Comments written after a trick's taker (nothing to do by default)."""

    def step(self, table: Any, node: Any, checker: Any) -> None:
        raise NotImplementedError


class _Stop(Exception):
    """An illegal move: the current line of play ends here."""


class _BaseChecker:
    """What every game's checker shares: locating diagnostics, seats, the header."""

    game_kind = "thousand"
    unit = "hand"
    """What the game calls one deal of the cards: ``hand`` (Thousand) or ``deal``."""

    def __init__(
        self,
        game: Any,
        file: str | None,
        index: int | None,
        source: Callable[[int], str | None] | None,
    ) -> None:
        self.record = game
        self.file = file
        self.index = index
        self.source = source
        self.diags: list[KgnError] = []
        self.seats: dict[str, int] = {}
        self.hand_no: int | None = None
        self.trick_no: int | None = None
        self.suppressed = 0
        self.observer: Any = None
        """Sees every step (``replay.steps``): ``step``, ``begin_branch``, ``end_branch``."""

    # -- diagnostics ----------------------------------------------------------------------

    def locate(self, err: KgnError, node: Any, seat: str | None = None) -> KgnError:
        pos = getattr(node, "pos", None)
        if pos is not None:
            err.line, err.column = pos
        err.file = self.file
        err.game = self.index
        err.unit = self.unit
        if err.hand is None:
            err.hand = self.hand_no
        if err.trick is None:
            err.trick = self.trick_no
        if seat is not None:
            err.seat = seat
        if err.line is not None and self.source is not None:
            err.source = self.source(err.line)
        return err

    def report(self, err: KgnError, node: Any, seat: str | None = None) -> None:
        if len(self.diags) >= MAX_ERRORS:
            self.suppressed += 1
            return
        self.diags.append(self.locate(err, node, seat))

    def illegal(self, err: KgnError, node: Any, seat: str | None = None) -> _Stop:
        self.report(err, node, seat)
        return _Stop()

    def setup_error(self, message: str, tag: Any) -> None:
        """A malformed start-position tag (``FirstHand``, ``Totals`` ...): reported, and the
        replay does not start."""
        self.report(KgnError(message, code="setup", clause=self.setup_clause), tag)

    setup_clause = "T1"

    def stop(self, message: str, code: str, clause: str | None, node: Any) -> _Stop:
        """An illegal move found by the checker itself: report it at ``node``, end the line."""
        return self.illegal(IllegalMoveError(message, code=code, clause=clause), node)

    def start_trick(
        self,
        trick: Any,
        current: int,
        unfinished: bool,
        clause: str,
        number_clause: str,
        numbered: bool = True,
    ) -> None:
        """A trick begins: the one before must be complete, and its stated number right."""
        self.trick_no = trick.number
        if unfinished:
            raise self.stop(
                f"trick {current} is unfinished, yet trick {trick.number} starts",
                "incomplete-trick",
                clause,
                trick,
            )
        if numbered and trick.number != current:
            self.wrong(
                f"this is trick {current}, not {trick.number}", "trick-number", number_clause, trick
            )
            self.trick_no = current

    def wrong(
        self, message: str, code: str, clause: str | None, node: Any, seat: str | None = None
    ) -> None:
        self.report(WrongFactError(message, code=code, clause=clause), node, seat)

    # -- header ---------------------------------------------------------------------------

    def common_header(self, clause: str, counts: range) -> tuple[RuleSet, int] | None:
        """Required tags, the Rules tag, the players and the dealer; None after an error."""
        g = self.record
        tag_pos = {t.name: t for t in g.tags}
        first = g.tags[0] if g.tags else g
        for name in ("Players", "Dealer", "Rules"):
            if name not in tag_pos:
                self.report(
                    KgnError(
                        f"the {name} tag is missing",
                        code="missing-tag",
                        clause=clause,
                    ),
                    first,
                )
        if self.diags:
            return None
        try:
            rules = parse_rules(self.game_kind, g.rules)
        except RulesConfigError as exc:
            exc.clause = exc.clause or clause
            self.report(exc, tag_pos["Rules"])
            return None
        players = g.players
        if rules.game == "thousand":
            counts = range(int(rules["players"]), int(rules["players"]) + 1)
        if len(players) not in counts or len(set(players)) != len(players):
            want = f"{counts.start}" if len(counts) == 1 else f"{counts.start} to {counts.stop - 1}"
            self.report(
                KgnError(
                    f"{self.game_kind.capitalize()} is played by {want} players with different "
                    f"names; the Players tag names {len(players)}",
                    code="players",
                    clause=clause,
                ),
                tag_pos["Players"],
            )
            return None
        self.seats = {p: i for i, p in enumerate(players)}
        dealer = g.dealer
        if dealer not in self.seats:
            self.report(
                KgnError(
                    f"the dealer {dealer!r} is not one of the players", code="dealer", clause=clause
                ),
                tag_pos["Dealer"],
            )
            return None
        return rules, self.seats[dealer]

    def seat(self, name: str, node: Any) -> int:
        seat = self.seats.get(name)
        if seat is None:
            raise self.illegal(
                KgnError(
                    f"{name!r} is not one of the players ({', '.join(self.seats)})"
                    + did_you_mean(name, self.seats),
                    code="unknown-player",
                    clause="T1" if self.game_kind == "thousand" else "B1",
                ),
                node,
            )
        return seat

    def card(self, text: str) -> Card | None:
        return None if text == UNKNOWN else parse_card(text)

    # -- replaying -------------------------------------------------------------------------

    def apply(self, table: Any, ev: Any, node: Any, seat: str | None = None) -> None:
        """Apply an engine event; an illegal one is reported at ``node`` and ends the line."""
        try:
            table.apply(ev)
        except IllegalMoveError as exc:
            raise self.illegal(exc, node, seat) from None
        if self.observer is not None:
            self.observer.step(table, node, self)

    def branch(self, table: Any, run: Callable[[Any], None]) -> None:
        """Replay a variation on a copy of the table, as a line of its own."""
        clone = table.clone()
        saved = (self.hand_no, self.trick_no)
        if self.observer is not None:
            self.observer.begin_branch()
        try:
            run(clone)
        except _Stop:
            pass
        finally:
            if self.observer is not None:
                self.observer.end_branch()
            self.hand_no, self.trick_no = saved

    # -- the replay -----------------------------------------------------------------------------
    # A game kind's checker supplies header(), units() (hands or deals), replay_unit(),
    # totals() and result_clause; finish() closes what the record leaves open.

    result_clause = ""

    def header(self) -> Any:
        raise NotImplementedError

    def units(self) -> list[Any]:
        raise NotImplementedError

    def replay_unit(self, table: Any, unit: Any, last: bool) -> None:
        raise NotImplementedError

    def totals(self, table: Any) -> list[int]:
        raise NotImplementedError

    def finish(self, table: Any) -> None:
        """After the last hand or deal (nothing to do for Thousand)."""

    def run(self) -> Report:
        """Replay the whole record; the report of what it found."""
        g = self.record
        report = Report(g.kind, list(g.players))
        table = self.header()
        if table is None:
            report.diagnostics = self.diags
            return report
        self.table = table
        complete = True
        units = self.units()
        try:
            for i, unit in enumerate(units):
                self.hand_no, self.trick_no = unit.number, None
                report.checked = i + 1
                self.replay_unit(table, unit, i == len(units) - 1)
            self.trick_no = None
            self.finish(table)
        except _Stop:
            complete = False
        self.trick_no = None
        if complete:
            self.check_result(table.result, self.result_clause)
        if self.suppressed:
            report.suppressed = self.suppressed
            self.diags.append(
                KgnError(
                    f"and {self.suppressed} more errors in this game (the first {MAX_ERRORS} "
                    "are shown)",
                    code="more-errors",
                    file=self.file,
                    game=self.index,
                    severity="note",
                )
            )
        report.diagnostics = self.diags
        report.hands = list(table.results)
        report.result = table.result
        report.totals = dict(zip(table.players, self.totals(table), strict=True))
        report.complete = complete
        return report

    def check_result(self, actual: str | None, clause: str) -> None:
        stated = self.record.tag("Result")
        if stated is None:
            return
        tag = next(t for t in self.record.tags if t.name == "Result")
        text = stated.strip()
        if actual is None:
            if text not in ("*", "", "?"):
                self.wrong(
                    f"the record ends before the game does; Result is '*', not {text!r}",
                    "wrong-result",
                    clause,
                    tag,
                )
        elif text.casefold() != actual.casefold():
            self.wrong(
                f"the game's result is {actual!r}, not {text!r}", "wrong-result", clause, tag
            )


class _Checker(_BaseChecker):
    """Thousand."""

    def header(self) -> th.ThousandTable | None:
        got = self.common_header("T1", range(3, 4))
        if got is None:
            return None
        rules, dealer = got
        setup = self._setup(len(self.record.players))
        if setup is None:
            return None
        return th.ThousandTable(self.record.players, dealer=dealer, rules=rules, **setup)

    def _setup(self, n: int) -> dict[str, Any] | None:
        """The starting position of a game recorded from the middle of a session:
        ``FirstHand``, and per seat ``Totals``, ``Barrel`` (hands spent on it, ``-`` when
        not on it) and ``Bolts``."""
        g = self.record
        out: dict[str, Any] = {}
        for tag in g.tags:
            if tag.name not in START_TAGS:
                continue
            if tag.name == "FirstHand":
                v = tag.values[0].strip() if len(tag.values) == 1 else ""
                first = parse_number(v)
                if first is None or first < 1 or not v.isdigit():
                    self.setup_error("FirstHand takes one hand number (1, 2, ...)", tag)
                    return None
                out["first_hand"] = first
                continue
            if len(tag.values) != n:
                self.setup_error(
                    f"the {tag.name} tag needs one value per player ({n}), in seat order", tag
                )
                return None
            values: list[int | None] = []
            for v in (x.strip() for x in tag.values):
                if tag.name == "Barrel" and v in ("-", ""):
                    values.append(None)
                    continue
                number = parse_number(v)
                if number is not None:
                    values.append(number)
                else:
                    self.setup_error(
                        f"the {tag.name} tag holds {clip(repr(v))}, not a whole number", tag
                    )
                    return None
            out[tag.name.lower()] = values
        return out

    # -- body -----------------------------------------------------------------------------

    # -- the game kind's parts --------------------------------------------------------------

    result_clause = "T9.1"

    def units(self) -> list[Hand]:
        return list(self.record.hands)

    def replay_unit(self, table: th.ThousandTable, unit: Hand, last: bool) -> None:
        self._hand(table, unit, last)

    def totals(self, table: th.ThousandTable) -> list[int]:
        return list(table.game.totals)

    def _hand(self, table: th.ThousandTable, hand: Hand, last: bool) -> None:
        if table.phase == "over":
            raise self.stop(
                f"the game ended ({table.result} after hand {table.results[-1].number}); "
                "no hand may follow",
                "game-over",
                "T9.1",
                hand,
            )
        if table.hand is not None:
            raise self.stop(
                f"hand {table.hand.number} is unfinished, yet another hand follows",
                "incomplete-hand",
                "T5",
                hand,
            )
        if hand.number != table.game.number:
            self.wrong(
                f"this is hand {table.game.number}, not {hand.number}", "hand-number", "T1", hand
            )
        deal = th.Deal(ref=hand.deal)
        if hand.deal is not None:
            for part in hand.deal.hands:
                seat = self.seat(part.seat, part)
                deal.hands[seat] = [self.card(c) for c in part.cards]
            if hand.deal.talon is not None:
                deal.talon = [self.card(c) for c in hand.deal.talon]
        self.apply(table, deal, hand.deal or hand)
        if hand.redeal is not None:
            self.apply(table, th.Redeal(self.seat(hand.redeal.seat, hand.redeal)), hand.redeal)
            if hand.auction or hand.tricks or hand.talon or hand.give or hand.contract:
                raise self.stop(
                    "after a redeal the hand ends; nothing else is played",
                    "out-of-order",
                    "T2",
                    hand.auction[0] if hand.auction else hand,
                )
            return
        self._line(table, hand, hand)
        self._late(table)

    def _late(self, table: th.ThousandTable) -> None:
        if table.late_errors:
            errors, table.late_errors = table.late_errors, []
            for err in errors:
                self.report(err, err.ref)
            raise _Stop()

    def _line(self, table: th.ThousandTable, line: _LineOfPlay, owner: Hand | Variation) -> None:
        """Replay the events a hand and a variation share."""
        for call in line.auction:
            self._variations(table, call)
            seat = self.seat(call.seat, call)
            self.apply(table, th.Call(seat, call.bid, call.dark, ref=call), call, call.seat)
        if isinstance(owner, Variation) and (owner.plays or owner.winner):
            hand = table.hand
            trick = Trick(
                number=hand.trick_no if hand else 0,
                plays=owner.plays,
                winner=owner.winner,
                pos=None,
            )
            self._trick_plays(table, trick, continuing=True)
        later = bool(line.talon or line.concede or line.give or line.contract or line.tricks)
        hand = table.hand
        if hand is not None and hand.phase == "auction" and later and not line.auction:
            first_trick = line.tricks[0] if line.tricks else None
            if line.contract is not None and first_trick is not None and first_trick.plays:
                table.assume_auction(
                    self.seat(first_trick.plays[0].seat, first_trick.plays[0]), line.contract.value
                )
            else:
                raise self.stop(
                    "the hand has no auction and no contract with a first trick: the "
                    "declarer's contract is unknown",
                    "auction-incomplete",
                    "T3.4",
                    line.talon or line.give or line.contract or line.tricks[0]
                    if line.tricks
                    else owner,
                )
        if line.talon is not None:
            self.apply(table, th.TalonReveal([self.card(c) for c in line.talon.cards]), line.talon)
        elif table.phase == "talon" and later:
            self.apply(
                table,
                th.TalonReveal([None] * 3),
                line.give or line.contract or line.concede or owner,
            )
        if line.concede is not None:
            self.apply(table, th.Concede(), line.concede)
        if line.give is not None:
            gives = [(self.seat(g.seat, g), self.card(g.card)) for g in line.give.cards]
            self.apply(table, th.Give(gives), line.give)
        elif table.phase == "give" and (line.contract or line.tricks):
            hand = table.hand
            assert hand is not None and hand.declarer is not None
            self.apply(
                table,
                th.Give([(p, None) for p in hand.active if p != hand.declarer]),
                line.contract or line.tricks[0],
            )
        if line.contract is not None:
            self.apply(table, th.Raise(line.contract.value, ref=line.contract), line.contract)
        for trick in line.tricks:
            self._trick(table, trick)
        self.trick_no = None
        for st in line.stated:
            self._stated(table, st)

    def _trick(self, table: th.ThousandTable, trick: Trick) -> None:
        hand = table.hand
        if hand is None:
            if table.phase == "over" or table.results:
                raise self.stop(
                    "the hand is over; no trick may follow", "out-of-order", "T5", trick
                )
            return
        numbered = hand.phase in ("play", "contract")
        self.start_trick(trick, hand.trick_no, bool(hand.plays), "T5", "T5", numbered)
        self._trick_plays(table, trick, continuing=False)

    def _trick_plays(self, table: th.ThousandTable, trick: Trick, continuing: bool) -> None:
        hand = table.hand
        assert hand is not None
        size = len(hand.active)
        already = len(hand.plays) if continuing else 0
        for k, play in enumerate(trick.plays):
            if already + k >= size:
                raise self.stop(
                    f"a trick has {size} cards, one from each player", "trick-size", "T5", play
                )
            if play.notes:
                self._variations(table, play)
            seat = self.seat(play.seat, play)
            card = self.card(play.card)
            if card is None:
                raise self.stop(
                    "a card played to a trick is seen by everybody; it cannot be ??",
                    "unknown-card",
                    "T5",
                    play,
                )
            self.apply(table, th.Play(seat, card, play.marriage, ref=play), play, play.seat)
        done = already + len(trick.plays) == size
        if trick.winner is not None:
            if not done:
                raise self.stop(
                    "the winner is stated before every player has played",
                    "incomplete-trick",
                    "T5.4",
                    trick.winner,
                )
            winner = table.last_winner
            if self.observer is not None and trick.winner.notes:
                self.observer.annotate(trick.winner.notes)
            if winner is not None and table.players[winner] != trick.winner.seat:
                self.wrong(
                    f"the trick goes to {table.players[winner]}, not {trick.winner.seat}",
                    "wrong-winner",
                    "T5.4",
                    trick.winner,
                    trick.winner.seat,
                )

    def _variations(self, table: th.ThousandTable, move: CallRec | PlayRec) -> None:
        for note in move.notes:
            if isinstance(note, Variation):

                def line(branch: Any, var: Variation = note) -> None:
                    self._line(branch, var, var)
                    self._late(branch)

                self.branch(table, line)

    # -- stated facts ---------------------------------------------------------------------

    def _stated(self, table: th.ThousandTable, st: Stated) -> None:
        if table.hand is not None or not table.results:
            raise self.stop(
                f"{st.kind} are stated before the hand is over", "incomplete-hand", "T7", st
            )
        res = table.results[-1]
        for e in st.entries:
            seat = self.seat(e.seat, e)
            self._entry(table, res, st.kind, seat, e)

    def _entry(
        self, table: th.ThousandTable, res: th.HandResult, kind: str, seat: int, e: Entry
    ) -> None:
        name = table.players[seat]
        if kind == "points":
            want = res.points.get(seat)
            if want is None:
                why = "conceded" if res.conceded else "sat out"
                self.wrong(
                    f"{name} has no hand points: the hand was {why}",
                    "wrong-points",
                    "T7.1",
                    e,
                    name,
                )
            elif e.value != want:
                self.wrong(
                    f"{name} took {want} points (cards and marriages), not {e.value}",
                    "wrong-points",
                    "T7.1",
                    e,
                    name,
                )
        elif kind == "score":
            want = res.scores.get(seat, 0)
            if e.value != want:
                if seat == res.declarer and not res.conceded:
                    how = "made" if res.made else "failed"
                    why = f"contract {res.contract} {how} with {res.points.get(seat)} points"
                    clause = "T7.2"
                elif res.conceded:
                    why, clause = "the hand was conceded", "T4"
                else:
                    why, clause = f"{res.points.get(seat, 0)} points rounded", "T7.3"
                self.wrong(
                    f"{name} scores {want:+d} ({why}), not {e.value:+d}",
                    "wrong-score",
                    clause,
                    e,
                    name,
                )
        else:
            want = res.totals[seat]
            if e.value != want:
                self.wrong(f"{name}'s total is {want}, not {e.value}", "wrong-total", "T8", e, name)
            if e.barrel and seat not in res.barrel:
                self.wrong(f"{name} is not on the barrel", "wrong-barrel", "T8.1", e, name)


def replay_record(
    game: Game,
    *,
    file: str | None = None,
    index: int | None = None,
    source: Callable[[int], str | None] | None = None,
    observer: Any = None,
    final_close: bool = True,
) -> tuple[Report, Any]:
    """Replay a game through its checker: the report and the table at the end (None when
    the header stopped it).  ``observer`` sees every step (see :mod:`replay.steps`);
    ``final_close=False`` leaves a Bura deal whose cards are all played open for a claim."""
    checker: _BaseChecker
    if isinstance(game, BuraGame):
        from .bura_check import BuraChecker

        bura = BuraChecker(game, file, index, source)
        bura.final_close = final_close
        checker = bura
    else:
        checker = _Checker(game, file, index, source)
    checker.observer = observer
    report = checker.run()
    return report, getattr(checker, "table", None)


def check(
    game: Game,
    *,
    file: str | None = None,
    index: int | None = None,
    source: Callable[[int], str | None] | None = None,
) -> Report:
    """Replay a game record against the rules it declares and report what is wrong."""
    return replay_record(game, file=file, index=index, source=source)[0]
