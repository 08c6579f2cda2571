"""The registry of game kinds: ``GAMES[name]`` bundles everything one game brings.

No other code chooses a game by name: it asks the kind (``GAMES[record.kind].checker``,
``GAMES[table.game].view`` ...).  Adding a game is writing its package (table, moves,
checker, bots, view, like ``replay/thousand/``) with a ``kind.py`` that bundles them as
its ``KIND``, and adding its name to :data:`notation.records.GAME_KINDS`.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from notation.errors import IllegalMoveError, KgnError
from notation.parse import game_kind
from notation.records import GAME_KINDS, AnyGame

from .checker import Report
from .model import GameKind

if TYPE_CHECKING:
    from notation.gametext import GameText

__all__ = ["GAMES", "generate", "kind_of", "load_kind", "new_table", "table_of"]


class _Registry(Mapping[str, GameKind]):
    """The game kinds by name, each imported (``replay/<name>/kind.py``) the first time it
    is asked for, so that checking a Thousand file never loads Bura."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self._names = names
        self._kinds: dict[str, GameKind] = {}

    def __getitem__(self, name: str) -> GameKind:
        kind = self._kinds.get(name)
        if kind is None:
            if name not in self._names:
                raise KeyError(name)
            kind = self._kinds[name] = importlib.import_module(f".{name}.kind", __package__).KIND
        return kind

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names


GAMES: Mapping[str, GameKind] = _Registry(GAME_KINDS)
"""Every game kozyr knows, by the name of its ``Game`` tag."""


def load_kind(gtext: GameText) -> None:
    """Import the kind of the game in ``gtext`` (if its ``Game`` tag names one), without
    reading the game: what a pool of worker processes does once, before they are forked,
    so that each of them does not import it again (:func:`replay.pool.imap_games`)."""
    with suppress(KgnError):
        GAMES[game_kind(gtext)]


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
