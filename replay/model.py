"""The game model: what every game's table is, and what a game kind brings.

A **table** is a game in progress, the same shape for every game (python-chess's ``Board``
is the model): start one with :func:`replay.new_table`, ask ``legal_moves()``, ``push`` a
move, ``pop`` it back, and turn the game so far into a record with ``record()``.  Every
game's table is a subclass of :class:`replay.table.Table`, which says what every table has.

- **Seats** are indexes into ``players`` (0 is the first player of the ``Players`` tag).
- **Cards** are :data:`notation.cards.Card` ints (``parse_card("KH")``, ``card_code(c)``).
- **Moves** are each game's small dataclasses (``replay.thousand.Bid``,
  ``replay.bura.Lay`` ...); ``format_move`` writes one as a KGN event and ``parse_move``
  reads it back.
- **Chance events are moves**: the deal (in Bura with the stock's order and the trump card)
  is pushed like any other move.  While one is due, ``to_move`` is None and
  ``legal_moves()`` is empty; ``random_move(rng)`` returns a random deal then, and a random
  legal move otherwise.
- **A round** is one dealing of the cards and its play (a game calls it a ``hand`` or a
  ``deal``: ``round_word``); ``results`` holds one result per finished round.

A **game kind** (:class:`GameKind`) is everything one game brings, registered by name in
:data:`replay.GAMES`: its rulebook, its table and checker, its bots, what its table shows,
what the recorder asks, what the corpus tools count, its analysis.  Shared code asks the
kind; nothing else names a game.

See docs/api.md for a worked example per game.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from notation.records import GameRecord, Node, Tag, fold_name
from notation.write import seat_text

from .rules import Rulebook, RuleSet
from .table import AnyTable, Outcome, RoundResult, Search

if TYPE_CHECKING:
    from notation.kinds import NotationKind

    from .checker import Checker, Progress, Report
    from .facts import Column, GameFacts, RoundFacts, Value
    from .view import Said, Sheet, Step, View

__all__ = [
    "Analysis",
    "Annotations",
    "Filter",
    "GameHooks",
    "GameKind",
    "Outcome",
    "Progression",
    "Question",
    "RoundAnalysis",
    "RoundResult",
    "RoundSearch",
    "Stats",
    "starts_with",
]

T = TypeVar("T", bound=AnyTable)
"""A game's table type."""
G = TypeVar("G", bound=GameRecord)
"""A game's record type."""


@dataclass(frozen=True)
class Question:
    """What ``kozyr record`` asks next: the prompt, how an answer becomes one KGN event
    (None: the answer declines, e.g. nobody claims), and the legal choices to list."""

    prompt: str
    event: Callable[[str], str | None]
    legal: list[str]
    whole: tuple[str, ...] = ()
    """How an answer that is already the whole event starts (``deal``, ``bid``, the
    player's name): such an answer is taken as written, so ``deal Anna: ...`` typed at
    the deal prompt is not read as ``deal deal Anna: ...``."""
    words: tuple[str, ...] = ()
    """The words this prompt takes, for completion (Tab): the legal choices, and the
    names, cards and keywords an answer here may hold."""
    tally: tuple[str, tuple[str, ...]] | None = None
    """Where the round may be ended as a score sheet keeps it, with a number for each
    player: the event's word and the players, in the order the event names them
    (``("points", ("Anna", "Boris", "Vera"))`` stands for ``points Anna N, Boris N, Vera N``).
    ``kozyr serve`` shows it as a form of numbers."""
    alone: tuple[str, ...] = ()
    """The words of events that may be typed alone (Sixty-six's ``exchange``, ``close`` and
    ``out``): such a word stands for the legal choice it starts, else names :attr:`player`."""
    player: str | None = None
    """Whom an event's word typed alone names when no legal choice starts with it: the
    player to move, whom the engine then tells why not."""

    def tallied(self, numbers: Sequence[int]) -> str:
        """The score-sheet event of ``numbers`` (one per player of ``tally``)."""
        assert self.tally is not None and len(numbers) == len(self.tally[1])
        word, names = self.tally
        return f"{word} " + ", ".join(
            f"{seat_text(n)} {v}" for n, v in zip(names, numbers, strict=True)
        )

    def event_for(self, answer: str) -> str | None:
        """The KGN event an answer stands for (None: it declines)."""
        word = answer.strip().lower()
        if word in self.alone:
            listed = [e for e in self.legal if e.split(" ", 1)[0] == word]
            if listed:
                return listed[0]
            if self.player is not None:
                return f"{word} {self.player}"
        return answer if starts_with(answer, *self.whole) else self.event(answer)


def starts_with(answer: str, *words: str) -> bool:
    """Whether a typed answer starts with one of ``words`` (ignoring case and how accents
    are encoded, as names are matched), followed by a blank or nothing."""
    folded = fold_name(answer)
    return any(
        folded == (w := fold_name(word)) or folded.startswith(w + " ") for word in words
    )


@dataclass(frozen=True)
class Annotations:
    """What the replay of a record found for ``kozyr annotate`` to write, by ``id`` of the
    record node of each move: the taker of the trick it closed, and what it did that is
    worth a comment (a marriage and the trump it makes)."""

    takers: dict[int, str] = field(default_factory=dict)
    notes: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Progression:
    """The running scores after each round (from the start), the reference lines (the
    barrel, the target, the losing limit) and what is counted (``kozyr sheet --plot``)."""

    series: dict[str, list[int]]
    lines: list[tuple[str, int]]
    label: str


@dataclass(frozen=True)
class Filter:
    """One thing ``kozyr query`` finds in a round, as a game declares it: the option
    (``--declarer NAME``, ``--made/--failed``), its help, and how a round's facts match a
    value (a flag's value is True; a pair's True or False)."""

    option: str
    """``--declarer``, or a pair of flags ``--made/--failed``."""
    help: str
    matches: Callable[[RoundFacts, object], bool]
    metavar: str | None = None
    """The value's placeholder (``NAME``); None for a flag."""
    number: bool = False
    """Whether the value is a whole number."""
    choices: tuple[str, ...] = ()
    """The values it takes, when they are few (``made``, ``failed``)."""

    @property
    def name(self) -> str:
        """The name of its value (the first long option, without dashes)."""
        return self.option.split("/")[0].lstrip("-").replace("-", "_")

    @property
    def unset(self) -> object:
        """Its value when the option is not given: False for a single flag, else None."""
        return False if self.metavar is None and "/" not in self.option else None


class Stats(Protocol):
    """What a game counts over a corpus for ``kozyr stats`` (a game's own statistics)."""

    @property
    def columns(self) -> tuple[str, ...]:
        """The columns of ``--by player`` this game has."""
        ...

    def add(self, game: GameFacts) -> None:
        """Count a game."""
        ...

    def summary(self) -> list[tuple[str, object]]:
        """The lines of ``--by summary`` this game adds."""
        ...

    def player(self, name: str) -> dict[str, object]:
        """The columns of ``--by player`` this game has for a player."""
        ...

    def groups(self) -> dict[str, list[dict[str, object]]]:
        """The game's own groupings for ``--by`` (``contract``: a row per contract)."""
        ...


class RoundAnalysis(Protocol):
    """The analysis of one round, as ``kozyr analyze`` prints it."""

    number: int
    skipped: str | None

    def summary(self) -> str:
        """The round in a sentence or two."""
        ...

    def lines(self) -> list[str]:
        """The analysis card by card (none for a round it skipped, unless something of
        it was judged all the same)."""
        ...

    def as_dict(self) -> dict[str, object]:
        """Every number, for JSON."""
        ...


@dataclass(frozen=True)
class Analysis:
    """What a game that has a solver brings: ``kozyr analyze``, ``annotate --analysis``,
    ``replay --analyze``."""

    analyze_all: Callable[
        [Iterable[tuple[tuple[str, int], GameRecord]], int | None, bool, int | None, int | None, int, bool],
        Iterator[tuple[tuple[str, int], GameRecord, Report, list[RoundAnalysis]]],
    ]
    """``analyze_all(games, round, give, jobs, simulate, seed, play)``: for each ``((file,
    game number), record)``, its report and the analysis of its rounds (or round number
    ``round``), spread over ``jobs`` processes; with ``simulate``, the decisions judged over
    that many layouts of the hidden cards (drawn from ``seed``), the cards of the play
    among them unless ``play`` is false."""
    annotate: Callable[[GameRecord, int | None, int], GameRecord]
    """``annotate(record, simulate, seed)``: the record with glyphs and comments where a
    move cost points (and with ``simulate``, where a decision had a better choice)."""
    show: Callable[[list[Step], GameRecord], None]
    """Shows the analysis in a replay's steps (``replay --analyze``)."""


T_contra = TypeVar("T_contra", bound=AnyTable, contravariant=True)
G_contra = TypeVar("G_contra", bound=GameRecord, contravariant=True)


class RoundSearch(Protocol[T_contra]):
    """A game's own exact search of a round (:attr:`GameKind.search`): made for a table and
    a budget of positions, it searches as :class:`replay.solve.Solver` does, where it
    ``searches`` the table's round (it is built, and follows the table's rules)."""

    COST: float
    """What one of its positions costs, in positions of the game-free solver."""

    def __call__(self, table: T_contra, budget: int, /) -> Search: ...
    def searches(self, table: T_contra, /) -> bool: ...


class ViewHooks(Protocol[T_contra, G_contra]):
    """What a game's ``view`` module gives its kind (mypy checks the module against this
    protocol): what moves did in words, the score sheet, the chart, the annotations."""

    def view(self, table: T_contra, /) -> View: ...
    def describe(self, table: T_contra, node: Node, /) -> Said | None: ...
    def sheet(self, report: Report, /) -> Sheet: ...
    def progression(self, report: Report, table: T_contra | None, /) -> Progression: ...
    def annotate(self, record: G_contra, report: Report, notes: Annotations, /) -> None: ...
    def move_note(self, table: T_contra, node: Node, /) -> str | None: ...


class FactHooks(Protocol[T_contra, G_contra]):
    """What a game's ``facts`` module gives its kind: the corpus tools' facts, filters and
    tidy tables."""

    @property
    def FILTERS(self) -> tuple[Filter, ...]: ...
    @property
    def TABLES(self) -> Mapping[str, tuple[Column, ...]]: ...
    @property
    def STATS(self) -> Callable[[], Stats]: ...
    def watch(self, facts: RoundFacts, table: T_contra, node: Node, where: Progress, /) -> None: ...
    def round_facts(
        self,
        facts: RoundFacts,
        result: RoundResult,
        previous: RoundResult | None,
        names: list[str],
        record: G_contra,
        /,
    ) -> None: ...
    def strip_facts(self, record: G_contra, /) -> None: ...
    def own_rows(
        self, key: dict[str, Value], facts: RoundFacts, out: dict[str, list[dict[str, Value]]], /
    ) -> tuple[dict[str, Value], list[tuple[str, str | None, str]]]: ...


class AskHooks(Protocol[T_contra]):
    """What a game's ``ask`` module gives its kind: the recorder's questions and help."""

    @property
    def HELP(self) -> str: ...
    def question(self, table: T_contra, declined: bool = ..., /) -> Question: ...


GameHooks = tuple[ViewHooks[T, G], FactHooks[T, G], AskHooks[T]]
"""A kind's modules of hooks (its ``view``, ``facts`` and ``view`` again), as mypy holds
them to their protocols in the kind's package: ``_HOOKS: GameHooks[<Game>Table,
<Game>Game] = (view, facts, view)`` under ``TYPE_CHECKING``."""


class _Hooks:
    """A kind's module of hooks (its ``views``, ``facts`` or ``questions``), named by its
    path and imported the first time the kind uses it, so that a command that needs none of
    them (``kozyr validate``) starts without them; from then on the module itself, on the
    class that names it (:attr:`GameKind.HOOKS`)."""

    def __init__(self, module: str, owner: type, name: str) -> None:
        self.module, self.owner, self.name = module, owner, name

    def __get__(self, kind: object, owner: type | None = None) -> Any:
        loaded = import_module(self.module)
        setattr(self.owner, self.name, loaded)
        return loaded


class GameKind(Generic[T, G]):
    """Everything one game brings, as a class (python-chess's variants are the model): a
    game's kind is a subclass that says which table, checker and notation are its own and
    overrides by name what it does its own way; a variant is a subclass of its game's kind
    (Burkozel's of Bura's), and mypy checks every override.  The kind's one instance is its
    module's ``KIND``, registered by one line of :data:`replay.GAMES`.

    The game names itself once, on its table class (:attr:`replay.table.Table.game`,
    ``title``, ``round_word``, ``RULEBOOK``, ``HAS_POT``): the kind reads its name, title,
    round word, rulebook and whether it is played for a pot there."""

    table: type[T]
    """Starts a table: ``table(players, dealer=seat, rules=RuleSet, **start)`` (each game
    takes its own start keywords); its class names the game."""
    checker: type[Checker[T, G]]
    """Replays a record and reports what is wrong (``replay.check``)."""
    notation: NotationKind
    """Its notation: records, readers, writer (:data:`notation.KINDS`)."""
    views: ViewHooks[T, G]
    """Its ``view`` module: :meth:`describe`, :meth:`sheet`, :meth:`progression`,
    :meth:`annotate` and :meth:`move_note` call its functions unless the kind overrides
    them."""
    facts: FactHooks[T, G]
    """Its ``facts`` module: what the corpus tools keep of its rounds."""
    questions: AskHooks[T]
    """Its ``ask`` module: what the recorder asks."""

    HOOKS: ClassVar[dict[str, str]] = {"views": "view", "facts": "facts", "questions": "view"}
    """Each module of hooks a kind has, found by its name in the kind's package
    (``replay/<game>/view.py`` ...) and loaded when first used; a variant's
    package that has no such module takes its game's."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        defined_in = sys.modules[cls.__module__]  # the game's package (its __init__.py), or a module of it
        package = cls.__module__ if hasattr(defined_in, "__path__") else cls.__module__.rpartition(".")[0]
        for attribute, module in cls.HOOKS.items():
            if attribute not in vars(cls) and find_spec(f"{package}.{module}") is not None:
                setattr(cls, attribute, _Hooks(f"{package}.{module}", cls, attribute))
    players_by_rules: bool = False
    """Whether the rules set how many play (``generate`` takes no ``--players``)."""
    analysis: Analysis | None = None
    """Its analysis, where it has a solver."""
    search: RoundSearch[T] | None = None
    """Its own exact search of a round, where it has one (Bura's and Sixty-six's
    ``DealSearch``, in C): :meth:`faster_search` offers it."""

    @property
    def name(self) -> str:
        """The game's name (its ``Game`` tag)."""
        return self.table.game

    @property
    def title(self) -> str:
        """The game's name in prose (``Sixty-six``)."""
        return self.table.title

    @property
    def round_word(self) -> str:
        """What one round (one dealing of the cards and its play) is called: ``hand`` or
        ``deal``."""
        return self.table.round_word

    @property
    def pot(self) -> bool:
        """Whether the game is played for a pot (``record --ante``)."""
        return self.table.HAS_POT

    @property
    def rulebook(self) -> Rulebook:
        """Its switches and presets."""
        return self.table.RULEBOOK

    @property
    def recorder_help(self) -> str:
        """What the recorder's ``help`` says of this game's events."""
        return self.questions.HELP

    @property
    def filters(self) -> tuple[Filter, ...]:
        """What ``kozyr query`` finds in this game's rounds (the options it adds)."""
        return self.facts.FILTERS

    @property
    def tables(self) -> Mapping[str, tuple[Column, ...]]:
        """Its tidy tables (``export --to parquet``): each name and its columns."""
        return self.facts.TABLES

    def generate(self, seed: int, rules: str, players: int, rounds: int, /) -> G:
        """Bots play a complete game: ``players`` where the rules do not set them;
        ``rounds`` bounds a session without an end."""
        raise NotImplementedError

    def describe(self, table: T, node: Node, /) -> Said | None:
        """What a move did, in words, from the table after it and its record node."""
        return self.views.describe(table, node)

    def sheet(self, report: Report, /) -> Sheet:
        """The score sheet of a replayed game (``kozyr sheet``): a row per finished round."""
        return self.views.sheet(report)

    def progression(self, report: Report, table: T | None, /) -> Progression:
        """The running scores for ``kozyr sheet --plot`` and the page's chart."""
        return self.views.progression(report, table)

    def annotate(self, record: G, report: Report, notes: Annotations, /) -> None:
        """Writes what a replay found into the record (``kozyr annotate``)."""
        self.views.annotate(record, report, notes)

    def move_note(self, table: T, node: Node, /) -> str | None:
        """What a move did that ``kozyr annotate`` comments (something it declared), from
        the table after it."""
        return self.views.move_note(table, node)

    def question(self, table: T, declined: bool = False, /) -> Question:
        """What the recorder asks next at a table."""
        return self.questions.question(table, declined)

    def watch(self, facts: RoundFacts, table: T, node: Node, where: Progress, /) -> None:
        """Keeps what the corpus tools need of one move of the main line (the calls, the
        cards played), from the facts of its round and the table after it."""
        self.facts.watch(facts, table, node, where)

    def round_facts(
        self, facts: RoundFacts, result: RoundResult, previous: RoundResult | None, names: list[str], record: G, /
    ) -> None:
        """Fills the corpus facts of a finished round (``kozyr query``, ``stats``, Parquet)."""
        self.facts.round_facts(facts, result, previous, names, record)

    KEPT_TAGS: ClassVar[tuple[str, ...]] = ()
    """The record's tags that every round of it is played under besides the rules (Bura's
    ``Ante``): a round cut out of it keeps them."""

    def cut_tags(self, record: G, facts: RoundFacts, /) -> list[Tag]:
        """The start tags that make one round a record of its own (``query --hands``): its
        number (``FirstHand``, ``FirstDeal``), the record's :attr:`KEPT_TAGS`, and where the
        round started (the facts' ``start``)."""
        tags = [Tag(name=f"First{self.round_word.title()}", values=[str(facts.number)])]
        tags += [Tag(name=k, values=list(v)) for k in self.KEPT_TAGS if (v := record.tag_values(k))]
        return tags + [Tag(name=k, values=list(v)) for k, v in facts.start.items() if v]

    def strip_facts(self, record: G, /) -> None:
        """Drops what the engine computes from a record (``kozyr dedupe``)."""
        self.facts.strip_facts(record)

    def stats(self) -> Stats:
        """A fresh count of this game's own statistics (``kozyr stats``): its ``facts``
        module's ``STATS``."""
        return self.facts.STATS()

    def faster_search(self, table: T, budget: int, /) -> Search | None:
        """The game's own exact search of the round in progress at ``table``, tested equal
        to the game-free :class:`replay.solve.Solver` and faster (its :attr:`search`);
        None where the game has none, where the package was built without it or where it
        does not follow this table: the game-free one then searches
        (:func:`replay.solve.search_at`)."""
        search = self.search
        return search(table, budget) if search is not None and search.searches(table) else None

    def rows(self, facts: GameFacts, game_id: int, /) -> dict[str, list[dict[str, Value]]]:
        """The rows one game adds to its tidy tables (:func:`replay.facts.tidy_rows`, with the
        game's own part of each round's)."""
        from .facts import tidy_rows  # the corpus tools' module, loaded when they run

        return tidy_rows(facts, game_id, self.tables, self.round_word, self.facts.own_rows)

    def player_counts(self, rules: RuleSet) -> range:
        """How many players the game takes under ``rules`` (its checker decides)."""
        return self.checker.player_counts(rules)

    @property
    def start_tags(self) -> tuple[str, ...]:
        """The tags that start a record in the middle of a session (its checker reads
        them)."""
        return tuple(spec.name for spec in self.table.START)

    def new_table(
        self,
        players: Sequence[str],
        *,
        dealer: int | str = 0,
        rules: str | RuleSet = "classic",
        **start: object,
    ) -> T:
        """A table at the start of a game: ``players`` in seat order, the first ``dealer``
        (a seat or a name), the ``rules`` text (``"classic must-overtake=on"``) and any start
        position (Thousand ``first_hand``, ``totals`` ...; Bura ``ante``, ``chips`` ...)."""
        names = list(players)
        ruleset = rules if isinstance(rules, RuleSet) else self.rulebook.parse(rules)
        counts = self.player_counts(ruleset)
        if len(names) not in counts or len(set(names)) != len(names):
            raise ValueError(
                f"{self.title} is played by {counts.start} to {counts.stop - 1} players with "
                f"different names, not {names!r}"
            )
        seat = names.index(dealer) if isinstance(dealer, str) else dealer
        if not 0 <= seat < len(names):
            raise ValueError(f"the dealer must be one of the players, not {dealer!r}")
        start_table: Callable[..., T] = self.table  # each game takes its own start keywords
        return start_table(names, dealer=seat, rules=ruleset, **start)
