"""The registry of game kinds: ``GAMES[name]`` bundles everything one game brings.

No other code chooses a game by name: it asks the kind (``GAMES[record.kind].checker``,
``GAMES[table.game].view`` ...).  Adding a game is writing its package (table, moves,
checker, bots, view, like ``replay/thousand/``) and adding its kind here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from notation.errors import IllegalMoveError
from notation.records import AnyGame, BuraGame, ThousandGame

from . import bura, burkozel, thousand
from .bura import ask as bura_ask
from .bura import facts as bura_facts
from .bura import kgn as bura_kgn
from .bura import view as bura_view
from .burkozel import view as burkozel_view
from .checker import Report
from .model import GameKind
from .thousand import ask as thousand_ask
from .thousand import facts as thousand_facts
from .thousand import kgn as thousand_kgn
from .thousand import view as thousand_view

__all__ = ["GAMES", "generate", "kind_of", "new_table", "table_of"]


def _thousand(seed: int, rules: str, players: int, deals: int) -> AnyGame:
    return thousand.generate_thousand(seed=seed, rules=rules)


def _bura(seed: int, rules: str, players: int, deals: int) -> AnyGame:
    return bura.generate_bura(seed=seed, rules=rules, players=players, deals=deals)


def _burkozel(seed: int, rules: str, players: int, deals: int) -> AnyGame:
    return burkozel.generate_burkozel(seed=seed, rules=rules, players=players, deals=deals)


def _analyze(record: Any) -> Any:
    from .thousand.analyze import analyze_game  # the solver loads only when asked for

    return analyze_game(record)


def _annotate_analysis(record: Any) -> Any:
    from .thousand.analyze import annotate_analysis

    return annotate_analysis(record)


GAMES: dict[str, GameKind] = {
    "thousand": GameKind(
        name="thousand",
        title="Thousand",
        unit="hand",
        grammar="thousand",
        record_type=ThousandGame,
        table=thousand.ThousandTable,
        checker=thousand.ThousandChecker,
        generate=_thousand,
        view=thousand_view.view,
        describe=thousand_view.describe,
        sheet=thousand_view.sheet,
        annotate=thousand_view.annotate,
        question=thousand_ask.question,
        hand_facts=thousand_facts.hand_facts,
        cut_tags=thousand_facts.cut_tags,
        strip_facts=thousand_facts.strip_facts,
        before=thousand_kgn.before,
        append_move=thousand_kgn.append_move,
        progression=thousand_view.progression,
        analyze=_analyze,
        annotate_analysis=_annotate_analysis,
        start_tags=thousand.START_TAGS,
        score_name="points",
        score_tally="totals",
    ),
    "bura": (
        BURA := GameKind(
            name="bura",
            title="Bura",
            unit="deal",
            grammar="bura",
            record_type=BuraGame,
            table=bura.BuraTable,
            checker=bura.BuraChecker,
            generate=_bura,
            view=bura_view.view,
            describe=bura_view.describe,
            sheet=bura_view.sheet,
            annotate=bura_view.annotate,
            question=bura_ask.question,
            hand_facts=bura_facts.hand_facts,
            cut_tags=bura_facts.cut_tags,
            strip_facts=bura_facts.strip_facts,
            before=bura_kgn.before,
            append_move=bura_kgn.append_move,
            progression=bura_view.progression,
                start_tags=bura.START_TAGS,
            score_name="chips",
            score_tally="chips",
        )
    ),
    "burkozel": replace(
        BURA,
        name="burkozel",
        title="Burkozel",
        table=burkozel.BurkozelTable,
        checker=burkozel.BurkozelChecker,
        generate=_burkozel,
        sheet=burkozel_view.sheet,
        annotate=burkozel_view.annotate,
        progression=burkozel_view.progression,
        score_name="penalty points",
        score_tally="penalty",
    ),
}
"""Every game kozyr knows, by the name of its ``Game`` tag."""


def kind_of(record: AnyGame) -> GameKind:
    """The game kind of a record."""
    return GAMES[record.kind]


def new_table(game: str, players: list[str], **options: Any) -> Any:
    """A table at the start of a game: ``new_table("thousand", ["Anna", "Boris", "Vera"],
    dealer="Vera", rules="classic")`` (see :meth:`GameKind.new_table`)."""
    return GAMES[game].new_table(players, **options)


def table_of(record: AnyGame) -> Any:
    """The table after replaying ``record``; the first illegal move (or a header error)
    raises its :class:`IllegalMoveError` / :class:`KgnError`, located in the record."""
    checker = kind_of(record).checker(record)
    report: Report = checker.run()
    illegal = [d for d in report.diagnostics if isinstance(d, IllegalMoveError)]
    if illegal:
        raise illegal[0]
    if checker.table is None:
        raise report.diagnostics[0]
    return checker.table


def generate(
    game: str, *, seed: int = 0, players: int = 3, rules: str = "classic", deals: int = 8
) -> AnyGame:
    """A complete game played by the bots (the same seed, the same game)."""
    return GAMES[game].generate(seed=seed, rules=rules, players=players, deals=deals)
