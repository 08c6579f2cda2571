"""Checking a record: replay it through its game's checker and report what is wrong.

:func:`check` returns a :class:`Report`: one diagnostic per problem (located at the record
node it is about), the computed facts of every round, and the final result.  A wrong
stated fact is reported and the replay goes on; an illegal move is reported and ends that
game's replay (its variations are checked as lines of their own).

>>> import notation, replay
>>> game = notation.loads(\'\'\'[Game "thousand"] [Players "A" "B" "C"] [Dealer "C"] [Rules "classic"]
... hand 1
...   bid A 100, B 103\'\'\')
>>> [d.headline() for d in replay.check(game).diagnostics]
['<input>:3:14: error[T3.2 bid-step]: B bids 103, not a multiple of 5: hand 1']
"""

from __future__ import annotations

from collections.abc import Callable

from notation.records import GameRecord

from .checker import MAX_ERRORS, Report, Visitor
from .games import kind_of
from .table import AnyTable

__all__ = ["MAX_ERRORS", "Report", "Visitor", "check", "replay_record"]


def replay_record(
    game: GameRecord,
    *,
    file: str | None = None,
    index: int | None = None,
    source: Callable[[int], str | None] | None = None,
    visitor: Visitor | None = None,
    final_close: bool = True,
    undo: bool = True,
) -> tuple[Report, AnyTable | None]:
    """Replay a game through its checker: the report and the table at the end (None when
    the header stopped it).  ``visitor`` sees every step (see :class:`Visitor`);
    ``final_close=False`` leaves a round whose cards are all played open for a move that
    may still close it;
    ``undo=False`` saves no copy of the final state for the table's ``pop`` (for a caller
    that only reads the table: ``pop`` still works, replaying from an earlier state)."""
    checker = kind_of(game).checker(game, file, index, source, visitor=visitor, final_close=final_close, undo=undo)
    report = checker.run()
    return report, checker.table


def check(
    game: GameRecord,
    *,
    file: str | None = None,
    index: int | None = None,
    source: Callable[[int], str | None] | None = None,
) -> Report:
    """Replay a game record against the rules it declares and report what is wrong."""
    return replay_record(game, file=file, index=index, source=source, undo=False)[0]
