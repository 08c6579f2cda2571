"""Thousand as a game kind: what ``replay.GAMES["thousand"]`` bundles."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from notation.records import GameRecord
from notation.thousand import KIND as NOTATION
from notation.thousand.records import ThousandGame

from ..model import Analysis, GameKind
from .check import ThousandChecker
from .table import ThousandTable

if TYPE_CHECKING:  # mypy holds the modules the kind loads when first used to their protocols
    from ..checker import Report
    from ..model import AskHooks, FactHooks, RoundAnalysis, Stats, ViewHooks
    from ..view import Step
    from . import ask, facts, view

    _HOOKS: tuple[ViewHooks[ThousandTable, ThousandGame], FactHooks[ThousandTable, ThousandGame], AskHooks[ThousandTable]] = (view, facts, ask)

__all__ = ["KIND", "ThousandKind"]


def _thousand(record: GameRecord) -> ThousandGame:
    assert isinstance(record, ThousandGame), "a record of another game"
    return record


def _analyze_all(
    games: Iterable[tuple[tuple[str, int], GameRecord]],
    hand: int | None,
    give: bool,
    jobs: int | None,
    simulate: int | None,
    seed: int,
    play: bool,
) -> Iterator[tuple[tuple[str, int], GameRecord, Report, list[RoundAnalysis]]]:
    from .analyze import analyze_all  # the solver loads only when asked for

    mine = ((key, _thousand(record)) for key, record in games)
    runs = analyze_all(mine, hand=hand, give=give, jobs=jobs, simulate=simulate, seed=seed, play=play)
    for key, record, report, hands in runs:
        yield key, record, report, list(hands)


def _annotate(record: GameRecord, simulate: int | None, seed: int) -> GameRecord:
    from .analyze import annotate_analysis

    return annotate_analysis(_thousand(record), simulate, seed)


def _show(steps: list[Step], record: GameRecord) -> None:
    from .analyze import add_analysis, analyze_game

    add_analysis(steps, analyze_game(_thousand(record)).hands)


class ThousandKind(GameKind[ThousandTable, ThousandGame]):
    """Thousand (Тысяча)."""

    table = ThousandTable
    checker = ThousandChecker
    notation = NOTATION
    players_by_rules = True
    analysis = Analysis(_analyze_all, _annotate, _show)

    def generate(self, seed: int, rules: str, players: int, rounds: int) -> ThousandGame:
        from .generate import generate_thousand

        return generate_thousand(seed=seed, rules=rules)  # the rules say how many play

    def stats(self) -> Stats:
        from .facts import ThousandStats

        return ThousandStats()


KIND = ThousandKind()
"""Thousand's kind (``replay.GAMES["thousand"]``)."""
