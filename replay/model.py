"""The game model: what every game's table is, and what a game kind bundles.

A **table** is a game in progress, the same shape for every game (python-chess's ``Board``
is the model): start one with :func:`replay.new_table`, ask ``legal_moves()``, ``push`` a
move, ``pop`` it back, and turn the game so far into a record with ``record()``.

- **Seats** are indexes into ``players`` (0 is the first player of the ``Players`` tag).
- **Cards** are :data:`notation.cards.Card` ints (``parse_card("KH")``, ``card_code(c)``).
- **Moves** are each game's small dataclasses (``replay.thousand.Bid``,
  ``replay.bura.Lay`` ...); ``format_move`` writes one as a KGN event and ``parse_move``
  reads it back.
- **Chance events are moves**: the deal (in Bura with the stock's order and the trump card)
  is pushed like any other move.  While one is due, ``to_move`` is None and
  ``legal_moves()`` is empty; ``random_move(rng)`` returns a random deal then, and a random
  legal move otherwise.

See docs/api.md for a worked example per game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from notation.records import fold_name

from .rules import RuleSet, parse_rules
from .table import Outcome

if TYPE_CHECKING:
    from notation.records import AnyGame

    from .checker import Checker, Report
    from .view import Said, Sheet, View

__all__ = ["GameKind", "Outcome", "Question", "Table", "starts_with"]

M = TypeVar("M")


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

    def event_for(self, answer: str) -> str | None:
        """The KGN event an answer stands for (None: it declines)."""
        return answer if starts_with(answer, *self.whole) else self.event(answer)


def starts_with(answer: str, *words: str) -> bool:
    """Whether a typed answer starts with one of ``words`` (ignoring case and how accents
    are encoded, as names are matched), followed by a blank or nothing."""
    folded = fold_name(answer)
    return any(
        folded == (w := fold_name(word)) or folded.startswith(w + " ") for word in words
    )


class Table(Protocol[M]):
    """What every game's table provides."""

    game: str
    """The game kind's name: ``thousand``, ``bura`` or ``burkozel``."""
    unit: str
    """What the game calls one dealing of the cards: ``hand`` or ``deal``."""
    players: list[str]
    moves: Sequence[M]
    """The moves pushed so far."""

    @property
    def phase(self) -> str:
        """Where the game stands (``deal``, ``auction``, ``play`` ..., ``over``)."""
        ...

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is; None while a chance move is due or at the end."""
        ...

    def legal_moves(self) -> list[M]:
        """Every move the rules allow now (chance moves excepted)."""
        ...

    def is_legal(self, move: M) -> bool:
        """Whether ``push(move)`` would accept ``move``."""
        ...

    def push(self, move: M) -> None:
        """Play a move; an illegal one raises ``IllegalMoveError`` and changes nothing."""
        ...

    def pop(self) -> M:
        """Take back the last move and return it."""
        ...

    def chance_move(self, rng: random.Random) -> M | None:
        """A random chance move (a deal) where one may come now, else None."""
        ...

    def random_move(self, rng: random.Random) -> M:
        """A random chance move where one is due, else a random legal move."""
        ...

    def outcome(self) -> Outcome | None:
        """None while the game goes on."""
        ...

    def format_move(self, move: M) -> str:
        """One move as one KGN event."""
        ...

    def parse_move(self, text: str) -> M:
        """One KGN event as a move: ``parse_move(format_move(m)) == m``."""
        ...

    def record(self) -> AnyGame:
        """The game so far as a ``notation`` record (canonical, and it validates)."""
        ...


@dataclass(frozen=True)
class GameKind:
    """Everything one game brings: adding a game is adding a kind to ``replay.GAMES``."""

    name: str
    """``thousand``, ``bura`` or ``burkozel`` (the ``Game`` tag)."""
    title: str
    """The game's name in prose: ``Thousand``."""
    unit: str
    """What one dealing of the cards is called: ``hand`` or ``deal``."""
    grammar: str
    """The Lark grammar that reads it (``grammar/<name>.lark``)."""
    record_type: type[AnyGame]
    table: Callable[..., Any]
    """The table class: ``table(players, dealer=seat, rules=RuleSet, **start)``."""
    checker: type[Checker[Any, Any]]
    """Replays a record and reports what is wrong (``replay.check``)."""
    generate: Callable[..., AnyGame]
    """Bots play a complete game: ``generate(seed=, rules=, players=, deals=)`` (Thousand's
    players come from its rules; ``deals`` bounds a Bura session played for a pot)."""
    view: Callable[[Any], View]
    """What a table shows at a position (``replay.steps``)."""
    describe: Callable[[Any, Any], Said | None]
    """What a move did, in words: ``describe(table after it, record node)``."""
    sheet: Callable[[Report], Sheet]
    """The score sheet of a replayed game (``kozyr sheet``)."""
    annotate: Callable[[Any, Report, dict[int, str], dict[int, str]], None]
    """Writes what a replay found into the record: ``annotate(record, report, takers,
    marriages)`` (the last two by ``id`` of the move node; ``kozyr annotate``)."""
    question: Callable[[Any, bool], Question]
    """What the recorder asks next at a table (``question(table, declined)``)."""
    before: Callable[[Any], Any]
    """The position before a move, as ``append_move`` needs it."""
    append_move: Callable[[Any, Any, Any, Any], None]
    """Writes one pushed move into a record: ``append_move(record, table, move, before)``
    (the recorder extends the file it resumed, comments and all)."""
    hand_facts: Callable[[Any, Any, Any, list[str], Any], None]
    """Fills the corpus facts of a finished hand or deal (``replay.facts.HandFacts``):
    ``hand_facts(facts, result, previous result, names, record)``."""
    cut_tags: Callable[[Any, Any], list[Any]]
    """The start tags that make one hand or deal a record of its own (``kozyr split``)."""
    strip_facts: Callable[[Any], None]
    """Drops what the engine computes from a record (``kozyr dedupe``)."""
    progression: Callable[[Report, Any], tuple[dict[str, list[int]], list[tuple[str, int]], str]]
    """The running scores after each hand or deal, reference lines, and what is counted
    (``kozyr sheet --plot``)."""
    score_name: str
    """What ``Outcome.scores`` counts: ``points``, ``chips`` or ``penalty points``."""
    score_tally: str
    """The record's word for the running scores: ``totals``, ``chips`` or ``penalty``."""
    player_stats: tuple[str, ...]
    """The columns of ``kozyr stats --by player`` that this game has, beyond games, wins,
    win rate and the average final total (``replay.corpus.PLAYER_COLUMNS``)."""
    analyze: Callable[[Any], Any] | None = None
    """Double-dummy analysis of a record's hands (``kozyr analyze``), where the game has a
    solver (Thousand)."""
    annotate_analysis: Callable[[Any], Any] | None = None
    """Writes the analysis into a record as glyphs and comments (``annotate --analysis``)."""
    default_rules: str = "classic"

    @classmethod
    def from_modules(
        cls, *, view: ModuleType, ask: ModuleType, facts: ModuleType, kgn: ModuleType, **fields: Any
    ) -> GameKind:
        """A kind whose functions come from its package's modules by their usual names
        (``view.py``: ``view``, ``describe``, ``sheet``, ``annotate``, ``progression``;
        ``ask.py``: ``question``; ``facts.py``: ``hand_facts``, ``cut_tags``,
        ``strip_facts``; ``kgn.py``: ``before``, ``append_move``), the rest as given."""
        return cls(
            view=view.view,
            describe=view.describe,
            sheet=view.sheet,
            annotate=view.annotate,
            progression=view.progression,
            question=ask.question,
            hand_facts=facts.hand_facts,
            cut_tags=facts.cut_tags,
            strip_facts=facts.strip_facts,
            before=kgn.before,
            append_move=kgn.append_move,
            **fields,
        )

    def player_counts(self, rules: RuleSet) -> range:
        """How many players the game takes under ``rules`` (its checker decides)."""
        return self.checker.player_counts(rules)

    @property
    def start_tags(self) -> tuple[str, ...]:
        """The tags that start a record in the middle of a session (its checker reads
        them)."""
        return self.checker.start_tags

    def new_table(
        self,
        players: Sequence[str],
        *,
        dealer: int | str = 0,
        rules: str | RuleSet = "classic",
        **start: Any,
    ) -> Any:
        """A table at the start of a game: ``players`` in seat order, the first ``dealer``
        (a seat or a name), the ``rules`` text (``"classic must-overtake=on"``) and any start
        position (Thousand ``first_hand``, ``totals`` ...; Bura ``ante``, ``chips`` ...)."""
        names = list(players)
        ruleset = rules if isinstance(rules, RuleSet) else parse_rules(self.name, rules)
        counts = self.player_counts(ruleset)
        if len(names) not in counts or len(set(names)) != len(names):
            raise ValueError(
                f"{self.title} is played by {counts.start} to {counts.stop - 1} players with "
                f"different names, not {names!r}"
            )
        seat = names.index(dealer) if isinstance(dealer, str) else dealer
        if not 0 <= seat < len(names):
            raise ValueError(f"the dealer must be one of the players, not {dealer!r}")
        return self.table(names, dealer=seat, rules=ruleset, **start)
