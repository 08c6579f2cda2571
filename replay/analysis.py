"""The analysis a game brings when its cards all come into view (Bura, Burkozel,
Sixty-six): its endings solved by the one solver (replay/endings.py), loaded only when the
analysis runs, so that a game's kind costs nothing at start-up."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from notation.records import GameRecord

from .model import Analysis

if TYPE_CHECKING:
    from .checker import Report
    from .model import RoundAnalysis
    from .view import Step

__all__ = ["ending_analysis"]


def ending_analysis(own: Callable[[], tuple[Any, Any]] | None = None) -> Analysis:
    """The analysis of a game whose cards all come into view (replay/endings.py: its endings
    solved exactly by the one solver), loaded only when it runs; ``own()`` gives the game's
    own lines and comments (``(extra, note)``, see :data:`replay.endings.Extra`)."""

    def parts() -> tuple[Any, Any]:
        return own() if own is not None else (None, None)

    def run(
        games: Iterable[tuple[tuple[str, int], GameRecord]],
        number: int | None,
        give: bool,
        jobs: int | None,
        simulate: int | None,
        seed: int,
        play: bool,
    ) -> Iterator[tuple[tuple[str, int], GameRecord, Report, list[RoundAnalysis]]]:
        from .endings import analyze_all  # the solver loads only when asked for

        # the decisions these games judge in the dark are all cards of the play
        dark = simulate if play else None
        for key, record, report, rounds in analyze_all(games, number, parts()[0], dark, seed):
            yield key, record, report, list(rounds)

    def annotate(record: GameRecord, simulate: int | None, seed: int) -> GameRecord:
        from .endings import annotate_analysis

        return annotate_analysis(record, parts()[1], simulate, seed)

    def show(steps: list[Step], record: GameRecord) -> None:
        from .endings import add_analysis, analyze_game

        add_analysis(steps, analyze_game(record, extra=parts()[0]))

    return Analysis(run, annotate, show)
