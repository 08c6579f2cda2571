"""What every game's checker shares: replaying a record through its table, locating
diagnostics, the header, and the visitor that sees every step.

:func:`check` returns a :class:`Report`: one diagnostic per problem (located at the record
node it is about), the computed facts of every hand, and the final result.  A wrong stated
fact is reported and the replay goes on; an illegal move is reported and ends that game's
replay (its variations are checked as lines of their own).

Each game's checker (``replay.thousand.ThousandChecker``, ``replay.bura.BuraChecker`` ...)
turns the record's nodes into moves and pushes them; :func:`replay.check` picks the checker
from the game kind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar, cast

from mypy_extensions import mypyc_attr

from notation.cards import CARD_OF_CODE, Card, parse_card
from notation.errors import IllegalMoveError, KgnError, RulesConfigError, WrongFactError, clip
from notation.i18n import N_, tr
from notation.parse import parse_number
from notation.records import Comment, GameRecord, Node, Tag, Winner, fold_name

from .rules import RuleSet, did_you_mean
from .table import AnyTable, RoundResult, Seats, StartTag

__all__ = ["MAX_ERRORS", "Checker", "LineEnded", "Progress", "Report", "Visitor", "round_results", "running"]

MAX_ERRORS = 100
"""How many errors one game reports; the rest are counted."""

_WRONG_NUMBER: Final = {
    "hand": N_("this is hand {number}, not {number2}"),
    "deal": N_("this is deal {number}, not {number2}"),
}
"""A round numbered other than the table expects, by what the game calls a round."""


@mypyc_attr(serializable=True)
@dataclass
class Report:
    """What replaying a record found."""

    game: str
    players: list[str]
    diagnostics: list[KgnError] = field(default_factory=list)
    rounds: list[RoundResult] = field(default_factory=list)
    """One result per finished round (the game's own ``RoundResult``)."""
    result: str | None = None
    totals: dict[str, int] = field(default_factory=dict)
    complete: bool = False
    """True when the record replayed to its end (no illegal move stopped it)."""
    checked: int = 0
    """Rounds replayed: finished ones, and the one an illegal move or the end of an
    unfinished record stopped in."""
    suppressed: int = 0
    """Errors past the first :data:`MAX_ERRORS` of the game, counted but not reported."""

    @property
    def ok(self) -> bool:
        return not any(d.severity == "error" for d in self.diagnostics)


_Result = TypeVar("_Result")
_Round = TypeVar("_Round")


def round_results(report: Report, kind: type[_Result]) -> list[_Result]:
    """The results of a replayed record, one per finished round: the game's own
    ``RoundResult`` (``kind``)."""
    out: list[_Result] = [res for res in report.rounds if isinstance(res, kind)]
    assert len(out) == len(report.rounds), "a report of another game"
    return out


def with_results(rounds: Iterable[_Round], report: Report, kind: type[_Result]) -> Iterator[tuple[_Round, _Result | None]]:
    """Each round of a replayed record with its result (the game's ``RoundResult``,
    ``kind``), None where the replay did not finish it (``kozyr annotate``)."""
    finished = round_results(report, kind)
    for i, r in enumerate(rounds):
        yield r, finished[i] if i < len(finished) else None


def running(
    report: Report, kind: type[_Result], count: Callable[[Any], dict[int, int]], gained: Callable[[Any], dict[int, int]] | None = None
) -> dict[str, list[int]]:
    """Each player's running ``count`` after each finished round of a replayed record (the
    game's ``RoundResult``, ``kind``; a seat a round leaves out keeps his): from 0, or,
    where a record starts mid-game, from the first round's count less what it ``gained``
    (``kozyr sheet --plot``)."""
    names = list(report.players)
    results = round_results(report, kind)
    start = [0] * len(names)
    if results and gained is not None:
        counts, gains = count(results[0]), gained(results[0])
        start = [counts.get(p, 0) - gains.get(p, 0) for p in range(len(names))]
    series = {n: [start[p]] for p, n in enumerate(names)}
    for res in results:
        counts = count(res)
        for p, n in enumerate(names):
            series[n].append(counts.get(p, series[n][-1]))
    return series


@mypyc_attr(allow_interpreted_subclasses=True)
class Visitor:
    """Sees a replay step by step (``visitor=`` of :func:`replay.replay_record`); the
    model is python-chess's ``pgn.BaseVisitor``.  ``steps``, ``annotate``, the corpus
    facts, the analysis and the recorder's views are visitors of the one replay loop.

    ``depth`` counts the variations being replayed (0 on the main line)."""

    depth = 0

    def begin_variation(self) -> None:
        """A variation starts: its moves are replayed on a copy of the table."""
        self.depth += 1

    def end_variation(self) -> None:
        self.depth -= 1

    def visit_move(self, table: AnyTable, node: Node, where: Progress) -> None:
        """A move was pushed: ``table`` is the position after it, ``node`` the record node
        it came from, ``where`` the round and trick it is in (the checker)."""

    def visit_taker_comments(self, notes: list[Comment]) -> None:
        """Comments written after a trick's taker."""


class Progress(Protocol):
    """Where a replay stands, as a visitor sees it: the round and trick being replayed,
    and the seats of the players' names."""

    @property
    def round_no(self) -> int | None: ...

    @property
    def trick_no(self) -> int | None: ...

    def seat(self, name: str, node: Node | None) -> int:
        """The seat of the player ``name`` (as the record writes it)."""
        ...


class Numbered(Protocol):
    """A round of a record: it has a number."""

    @property
    def number(self) -> int: ...


U = TypeVar("U", bound=Numbered)


class LineEnded(Exception):
    """An illegal move: the current line of play ends here (reported already)."""


T = TypeVar("T", bound=AnyTable)
"""A game's table type."""
G = TypeVar("G", bound=GameRecord)
"""A game's record type."""


class Checker(Seats, Generic[T, G]):
    """What every game's checker shares: locating diagnostics, seats, the header, the
    replay loop.  A game's checker names its ``table_class``, ``setup_clause`` and
    ``result_clause``, and supplies ``replay_rounds`` (and ``fits`` where its set-up must
    fit the rules); it reads the names and cards of a record's nodes for the game's translator
    (:class:`replay.table.Seats`), reporting what is wrong at the node."""

    table_class: ClassVar[type[AnyTable]]
    """The game's table: it names the game (its title, round word and rulebook, which
    reads the ``Rules`` tag), and the checker starts one."""
    setup_clause: ClassVar[str] = ""
    """The clause of the players, the dealer and the start tags (T1, B1, K1)."""
    deck_clause: ClassVar[str] = ""
    """The clause of the deck and the deal (T2, B2, K2)."""
    result_clause: ClassVar[str] = ""
    """The clause of the game's end (the ``Result`` tag)."""
    players: ClassVar[range] = range(0)
    """How many players the game takes."""

    def __init__(
        self,
        game: G,
        file: str | None = None,
        index: int | None = None,
        source: Callable[[int], str | None] | None = None,
        *,
        visitor: Visitor | None = None,
        final_close: bool = True,
        undo: bool = True,
    ) -> None:
        self.record = game
        self.final_close = final_close
        """Close what the record leaves open at its end (a round whose cards are all
        played, which a move could still have ended)."""
        self.undo = undo
        """Save the state at the end, so that the table handed out takes back its last
        moves without replaying the game (False: nobody will; ``pop`` still works,
        replaying more)."""
        self.file = file
        self.index = index
        self.source = source
        self.diags: list[KgnError] = []
        self.seats: dict[str, int] = {}
        self.round_no: int | None = None
        self.trick_no: int | None = None
        self.checked = 0
        """Rounds replayed so far (the one an illegal move stopped in included)."""
        self.suppressed = 0
        self.visitor = visitor
        """Sees every step (see :class:`Visitor`)."""
        self.table: T | None = None

    # -- diagnostics ----------------------------------------------------------------------

    def locate(self, err: KgnError, node: Node | None, seat: str | None = None) -> KgnError:
        pos = getattr(node, "pos", None)
        if pos is not None:
            err.line, err.column = pos
        err.file = self.file
        err.game = self.index
        err.round_word = self.table_class.round_word
        if err.round is None:
            err.round = self.round_no
        if err.trick is None:
            err.trick = self.trick_no
        if seat is not None:
            err.seat = seat
        if err.line is not None and self.source is not None:
            err.source = self.source(err.line)
            err.point_at_card()
        return err

    def report(self, err: KgnError, node: Node | None, seat: str | None = None) -> None:
        if len(self.diags) >= MAX_ERRORS:
            self.suppressed += 1
            return
        # A kept error drops its traceback: its frames would keep every table of the line
        # (and this checker, a cycle) alive until the garbage collector's next full pass.
        err.__traceback__ = None
        self.diags.append(self.locate(err, node, seat))

    def illegal(self, err: KgnError, node: Node | None, seat: str | None = None) -> LineEnded:
        self.report(err, node, seat)
        return LineEnded()

    def setup_error(self, message: str, tag: Tag) -> None:
        """A malformed start-position tag (``FirstHand``, ``Totals`` ...): reported, and the
        replay does not start."""
        self.report(KgnError(message, code="setup", clause=self.setup_clause), tag)

    def start_setup(self) -> dict[str, Any] | None:
        """The start keywords of a table from the record's start tags (the table's
        :attr:`~replay.table.Table.START`, each read by :meth:`read_start_tag`); None after
        a wrong tag, reported."""
        specs = {spec.name: spec for spec in self.table_class.START}
        setup: dict[str, Any] = {}
        for tag in self.record.tags:
            spec = specs.get(tag.name)
            if spec is not None and not self.read_start_tag(tag, spec, setup):
                return None
        return setup

    def read_start_tag(self, tag: Tag, spec: StartTag, setup: dict[str, Any]) -> bool:
        """Reads one start tag into ``setup``: one number, or one per player in seat order,
        each a whole number of at least the tag's least (``-`` for a seat without one where
        the tag allows it); False when it is wrong (reported, ``setup``)."""
        values = self.start_values(tag, spec.per_seat, spec.least, spec.blank)
        if values is None:
            return False
        setup[spec.key] = values if spec.per_seat else values[0]
        return True

    def start_values(
        self, tag: Tag, per_seat: bool, least: int | None = 0, blank: bool = False
    ) -> list[int | None] | None:
        """The numbers a start tag holds (``FirstDeal 3``, ``Totals 2 5``): one, or one per
        player in seat order (``per_seat``), each a whole number of at least ``least`` (None:
        any), or with ``blank`` none (``-``: None).  A wrong tag is reported (``setup``) and
        gives None."""
        values = [v.strip() for v in tag.values]
        n = len(self.record.players) if per_seat else 1
        if len(values) != n:
            if per_seat:
                message = tr("the {name} tag takes one value per player ({n}), in seat order")
            else:
                message = tr("the {name} tag takes one number")
            self.setup_error(message.format(name=tag.name, n=n), tag)
            return None
        numbers: list[int | None] = []
        for v in values:
            if blank and v in ("-", ""):
                numbers.append(None)
                continue
            number = parse_number(v)
            if number is None or (least is not None and number < least):
                if number is None:
                    message = tr("the {name} tag holds {clip}, not whole numbers")
                else:
                    message = tr("the {name} tag holds {clip}, less than {least}")
                self.setup_error(message.format(name=tag.name, clip=clip(repr(values)), least=least), tag)
                return None
            numbers.append(number)
        return numbers

    def stop(self, message: str, code: str, clause: str | None, node: Node | None) -> LineEnded:
        """An illegal move found by the checker itself: report it at ``node``, end the line."""
        return self.illegal(IllegalMoveError(message, code=code, clause=clause), node)

    def start_trick(
        self,
        trick: Node,
        number: int,
        current: int,
        unfinished: bool,
        clause: str,
        number_clause: str,
        numbered: bool = True,
    ) -> None:
        """A trick begins: the one before must be complete, and its stated number right."""
        self.trick_no = number
        if unfinished:
            raise self.stop(
                tr("trick {current} is unfinished, yet trick {number} starts").format(
                    current=current, number=number
                ),
                "incomplete-trick",
                clause,
                trick,
            )
        if numbered and number != current:
            self.wrong(tr("this is trick {current}, not {number}").format(current=current, number=number), "trick-number", number_clause, trick)
            self.trick_no = current

    def stated_taker(self, table: T, winner: Winner, early: str | None, clause: str) -> None:
        """A trick's stated taker (``-> Anna``): ``early`` says what is wrong when a card of
        the trick is still due (the line ends there); else it must be the player the rules
        make the taker."""
        if early is not None:
            raise self.stop(early, "incomplete-trick", clause, winner)
        taker = table.last_winner
        if self.visitor is not None and winner.notes:
            self.visitor.visit_taker_comments(winner.notes)
        if taker is not None and table.players[taker] != winner.seat:
            self.wrong(
                tr("the trick goes to {player}, not {seat}").format(
                    player=table.players[taker], seat=winner.seat
                ),
                "wrong-winner",
                clause,
                winner,
                winner.seat,
            )

    def wrong(
        self, message: str, code: str, clause: str | None, node: Node | None, seat: str | None = None
    ) -> None:
        self.report(WrongFactError(message, code=code, clause=clause), node, seat)

    def start_round(self, table: T, rec: Node, number: int, dealt: Node | None, clause: str) -> None:
        """A round of the record begins: its number is checked against the one the table
        expects (a wrong one is reported, ``hand-number`` or ``deal-number``, citing
        ``clause``), then its cards are dealt: the record's deal (``dealt``), or a deal
        nobody recorded (the table's chance move naming no card)."""
        expected = table.next_number()
        if number != expected:
            word = table.round_word
            self.wrong(
                tr(_WRONG_NUMBER[word]).format(number=expected, number2=number), f"{word}-number", clause, rec
            )
        if dealt is not None:
            self.push_event(table, dealt)
        else:
            self.apply(table, table.CHANCE(), rec)

    # -- header ---------------------------------------------------------------------------

    players_by_rules: ClassVar[bool] = False
    """Whether the Rules tag decides how many play (a ``players`` switch)."""

    @classmethod
    def player_counts(cls, rules: RuleSet) -> range:
        """How many players the rules ask for."""
        return cls.players

    def _tags_once(self) -> dict[str, Tag]:
        """Each tag by its name (its first), reporting a tag the rules read given twice with
        other values, and the required tags missing (the setup clause)."""
        g = self.record
        clause = self.setup_clause
        tag_pos: dict[str, Tag] = {}
        read = ("Game", "Players", "Dealer", "Rules", "Result", *(t.name for t in self.table_class.START))
        for t in g.tags:
            seen = tag_pos.setdefault(t.name, t)
            if seen is not t and t.name in read and seen.values != t.values:
                line = tr(" (first on line {pos})").format(pos=seen.pos[0]) if seen.pos else ""
                self.report(
                    KgnError(
                        tr(
                            "the {name} tag is given twice, with different values{line}; the "
                            "rules read it, so it is given once"
                        ).format(
                            name=t.name, line=line
                        ),
                        code="duplicate-tag",
                        clause=clause,
                    ),
                    t,
                )
        first = g.tags[0] if g.tags else g
        for name in ("Players", "Dealer", "Rules"):
            if name not in tag_pos:
                self.report(
                    KgnError(
                        tr("the {name} tag is missing").format(name=name),
                        code="missing-tag",
                        clause=clause,
                    ),
                    first,
                )
        return tag_pos

    def _players_fit(self, rules: RuleSet, tag: Tag) -> bool:
        """Whether the Players tag names as many players as the game takes under ``rules``,
        each once (names match ignoring case); reported at ``tag`` if not."""
        players = self.record.players
        counts = self.player_counts(rules)
        seated: dict[str, int] = {}  # each name as names match in the body, to its seat
        again: tuple[int, int] | None = None
        for k, p in enumerate(players[: counts.stop]):  # more than the game seats: an error
            before = seated.setdefault(fold_name(p), k)
            if before != k:
                again = (before, k)
                break
        if len(players) in counts and again is None:
            return True
        want = f"{counts.start}" if len(counts) == 1 else tr("{start} to {x}").format(start=counts.start, x=counts.stop - 1)
        named = tr("names {n:,}").format(n=len(players))
        if again is not None:
            one, other = players[again[0]], players[again[1]]
            named = tr("names {clip} twice").format(clip=clip(repr(one))) if one == other else (
                tr("names {clip} and {clip2}").format(
                    clip=clip(repr(one)), clip2=clip(repr(other))
                )
            )
        self.report(
            KgnError(
                tr(
                    "{title} is played by {want} players with different names; the Players "
                    "tag {named}"
                ).format(
                    title=self.table_class.title, want=want, named=named
                ),
                code="players",
                clause=self.setup_clause,
            ),
            tag,
        )
        return False

    def common_header(self) -> tuple[RuleSet, int] | None:
        """Required tags, the Rules tag, the players and the dealer; None after an error."""
        g = self.record
        clause = self.setup_clause
        tag_pos = self._tags_once()
        if self.diags:
            return None
        try:
            rules = self.table_class.RULEBOOK.parse(g.rules)
        except RulesConfigError as exc:
            exc.clause = exc.clause or clause
            self.report(exc, tag_pos["Rules"])
            return None
        players = g.players
        if not self._players_fit(rules, tag_pos["Players"]):
            return None
        self.seats = {p: i for i, p in enumerate(players)}
        named = g.dealer or ""
        dealer = self.player(named)
        if dealer is None:
            self.report(
                KgnError(
                    tr("the dealer {name!r} is not one of the players ({players})").format(
                        name=named, players=", ".join(players)
                    )
                    + did_you_mean(named, players),
                    code="dealer",
                    clause=clause,
                ),
                tag_pos["Dealer"],
            )
            return None
        return rules, dealer

    def player(self, name: str) -> int | None:
        """The seat a header names (Dealer, Leader): the player of that name, ignoring
        case and how accents are encoded, as names in the body match; None when none."""
        seat = self.seats.get(name)
        if seat is None:
            folded = fold_name(name.strip())
            seat = next((i for p, i in self.seats.items() if fold_name(p) == folded), None)
        return seat

    def seat(self, name: str, node: Node | None) -> int:
        seat = self.seats.get(name)
        if seat is None:
            raise self.illegal(
                KgnError(
                    tr("{name!r} is not one of the players ({players})").format(
                        name=name, players=", ".join(self.seats)
                    )
                    + did_you_mean(name, self.seats),
                    code="unknown-player",
                    clause=self.setup_clause,
                ),
                node,
            )
        return seat

    def card(self, text: str, node: Node | None) -> Card | None:
        """The card ``text`` names (None for ``??``); a text that names no card (a record
        built in code: the readers and JSON take only cards) is reported at ``node``."""
        try:
            return CARD_OF_CODE[text]
        except (KeyError, TypeError):
            pass
        try:
            return parse_card(text)
        except (ValueError, TypeError, AttributeError):
            raise self.stop(
                tr("{clip} is not a card").format(clip=clip(repr(text))), "not-in-deck", self.deck_clause, node
            ) from None

    def cards(self, texts: list[str], node: Node | None) -> list[Card | None]:
        """The cards ``texts`` name, as :meth:`card` reads each."""
        try:
            return [CARD_OF_CODE[text] for text in texts]
        except (KeyError, TypeError):
            return [self.card(text, node) for text in texts]

    # -- replaying -------------------------------------------------------------------------

    def apply(self, table: T, move: object, node: Node, seat: str | None = None) -> None:
        """Push a move; an illegal one is reported at ``node`` and ends the line."""
        try:
            table.push(move)
        except IllegalMoveError as exc:
            raise self.illegal(exc, node, seat) from None
        if self.visitor is not None:
            self.visitor.visit_move(table, node, self)

    def fill_left_out(self, table: T, node: Node) -> None:
        """Push the moves the record left out before ``node`` (the draws due:
        ``table.left_out()``); what is wrong with them is reported at ``node``."""
        try:
            while (move := table.left_out()) is not None:
                table.push(move)
        except IllegalMoveError as exc:
            raise self.illegal(exc, node) from None

    def push_event(self, table: T, node: Node, seat: str | None = None) -> None:
        """Push the move one event of the record stands for (the game's translator,
        ``table.move_of``, with this checker reading its names and cards); what is wrong
        with it is reported at ``node`` and ends the line."""
        try:
            move = table.move_of(node, self)
        except IllegalMoveError as exc:
            raise self.illegal(exc, node, seat) from None
        self.apply(table, move, node, seat)

    def push_play(self, table: T, play: Any) -> None:
        """A card played to a trick (``seat``, ``card``): the commonest event of a record,
        its seat and card read here and its move made by the table (``play_move``), without
        the translator's dispatch; where either is wrong, the translator says what."""
        name = play.seat  # each read once (a record's fields)
        seat, card = self.seats.get(name), CARD_OF_CODE.get(play.card)
        if seat is None or card is None:
            self.push_event(table, play, name)
        else:
            self.apply(table, table.play_move(play, seat, card), play, name)

    def branch(self, table: T, run: Callable[[T], None]) -> None:
        """Replay a variation on a copy of the table, as a line of its own."""
        clone = table.clone()
        clone.mark()  # an illegal move in the variation is undone from here
        saved = (self.round_no, self.trick_no)
        if self.visitor is not None:
            self.visitor.begin_variation()
        try:
            run(clone)
        except LineEnded:
            pass
        finally:
            if self.visitor is not None:
                self.visitor.end_variation()
            self.round_no, self.trick_no = saved

    # -- the replay -----------------------------------------------------------------------------
    # A game kind's checker supplies replay_rounds() (through each_round);
    # finish() closes what the record leaves open; the table's scores() are the totals.

    def header(self) -> T | None:
        """The table the record starts: its required tags, rules, players and dealer
        (:meth:`common_header`) and its start tags (:meth:`start_setup`), where they fit
        (:meth:`fits`); None after an error, reported."""
        got = self.common_header()
        setup = None if got is None else self.start_setup()
        if got is None or setup is None or not self.fits(got[0]):
            return None
        rules, dealer = got
        start_table = cast("Callable[..., T]", self.table_class)  # each takes its own start keywords
        return start_table(self.record.players, dealer=dealer, rules=rules, **setup)

    def fits(self, rules: RuleSet) -> bool:
        """Whether the game's set-up fits ``rules`` (Bura's hands and the deck); what does
        not is reported."""
        return True

    def replay_rounds(self, table: T) -> None:
        """Replay every round of the record (the game's checker calls :meth:`each_round`
        with its rounds)."""
        raise NotImplementedError

    def each_round(
        self, table: T, rounds: Sequence[U], replay: Callable[[T, U, bool], None]
    ) -> None:
        """``replay(table, round, last)`` for each round in turn, keeping count of where
        the replay is."""
        for i, round_ in enumerate(rounds):
            self.round_no, self.trick_no = round_.number, None
            self.checked = i + 1
            replay(table, round_, i == len(rounds) - 1)

    def finish(self, table: T) -> None:
        """After the last hand or deal (nothing to do by default)."""

    def run(self) -> Report:
        """Replay the whole record; the report of what it found."""
        g = self.record
        report = Report(g.kind, list(g.players))
        table = self.header()
        if table is None:
            report.diagnostics = self.diags
            return report
        table.snapshots = False  # the line is never taken back: no copy of the state per deal
        self.table = table
        complete = True
        try:
            self.replay_rounds(table)
            self.trick_no = None
            self.finish(table)
        except LineEnded:
            complete = False
        self.trick_no = None
        if complete:
            self.check_result(table)
        if self.suppressed:
            report.suppressed = self.suppressed
            self.diags.append(
                KgnError(
                    tr(
                        "and {suppressed} more errors in this game (the first {MAX_ERRORS} are "
                        "shown)"
                    ).format(
                        suppressed=self.suppressed, MAX_ERRORS=MAX_ERRORS
                    ),
                    code="more-errors",
                    file=self.file,
                    game=self.index,
                    severity="note",
                )
            )
        table.snapshots = True  # the table goes on as any table (replay_record hands it out)
        if self.undo:
            table.mark()
        report.diagnostics = self.diags
        report.rounds = list(table.results)
        report.result = table.result
        report.totals = dict(zip(table.players, table.scores(), strict=True))
        report.complete = complete
        report.checked = self.checked
        return report

    def ended_without_result(self, table: T) -> tuple[str, str] | None:
        """How a game that is over came to have no result, and the clause (None: it is not
        over, or it has a result).  A game whose rules let a session stop without one
        (Thousand's ``limit-result=none``) says so here."""
        return None

    def check_result(self, table: T) -> None:
        """The ``Result`` tag against how the game ended."""
        stated = self.record.tag("Result")
        if stated is None:
            return
        tag = next(t for t in self.record.tags if t.name == "Result")
        text = stated.strip()
        actual = table.result
        if actual is None:
            if text in ("*", "", "?"):
                return
            ended = self.ended_without_result(table)
            if ended is not None:
                how, clause = ended
                self.wrong(
                    tr(
                        "the game ended with no result ({how}); Result is '*', not {text!r}"
                    ).format(
                        how=how, text=text
                    ),
                    "wrong-result",
                    clause,
                    tag,
                )
                return
            self.wrong(
                tr("the record ends before the game does; Result is '*', not {text!r}").format(
                    text=text
                ),
                "wrong-result",
                self.result_clause,
                tag,
            )
        elif fold_name(text) != fold_name(actual):
            self.wrong(
                tr("the game's result is {actual!r}, not {text!r}").format(
                    actual=actual, text=text
                ),
                "wrong-result",
                self.result_clause,
                tag,
            )
