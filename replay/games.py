"""The registry of game kinds: ``GAMES[name]`` is everything one game brings.

No other code chooses a game by name: it asks the kind (``GAMES[record.kind].checker``,
``GAMES[record.kind].sheet`` ...).  Adding a game is writing its package (``replay/<name>/``:
engine, table, view, facts, and its ``__init__.py`` that bundles them as its ``KIND``), its
notation (``notation/<name>/``) and one line here: its name and title.

This module imports nothing of the games, nor of the engines, until a kind is asked for:
the command line reads the names and titles from it as it starts.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator, Mapping
from contextlib import suppress
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from notation.gametext import GameText
    from notation.records import GameRecord

    from .model import GameKind
    from .rules import RuleSet
    from .table import AnyTable

    Kind = GameKind[AnyTable, GameRecord]
    """A game kind, of whichever game."""

__all__ = [
    "GAMES",
    "Kind",
    "generate",
    "kind_of",
    "load_kind",
    "new_table",
    "parse_rules",
    "random_rules",
    "table_of",
]


class _Registry(Mapping[str, "Kind"]):
    """The game kinds by name, each imported (``replay/<name>/__init__.py``) the first time it
    is asked for, so that checking a file of one game never loads another."""

    def __init__(self, titles: dict[str, str]) -> None:
        self._titles = titles
        self._kinds: dict[str, Kind] = {}

    def __getitem__(self, name: str) -> Kind:
        kind = self._kinds.get(name)
        if kind is None:
            if name not in self._titles:
                raise KeyError(name)
            from .model import GameKind

            found = importlib.import_module(f".{name}", __package__).KIND
            assert isinstance(found, GameKind) and found.name == name
            assert found.title == self._titles[name]
            kind = self._kinds[name] = found
        return kind

    def __iter__(self) -> Iterator[str]:
        return iter(self._titles)

    def __len__(self) -> int:
        return len(self._titles)

    def __contains__(self, name: object) -> bool:
        return name in self._titles

    def titles(self) -> list[str]:
        """Every game's name in prose (``Thousand``), without loading any."""
        return list(self._titles.values())


GAMES: Final = _Registry(
    {
        "thousand": "Thousand",
        "bura": "Bura",
        "burkozel": "Burkozel",
        "sixtysix": "Sixty-six",
    }
)
"""Every game kozyr knows, by the name of its ``Game`` tag (and its title)."""


def load_kind(gtext: GameText) -> None:
    """Import the kind of the game in ``gtext`` (if its ``Game`` tag names one), without
    reading the game: what a pool of worker processes does once, before they are forked,
    so that each of them does not import it again (:func:`replay.pool.imap_games`)."""
    from notation.errors import KgnError
    from notation.parse import game_kind

    with suppress(KgnError, KeyError):
        GAMES[game_kind(gtext).name]


def kind_of(record: GameRecord) -> Kind:
    """The game kind of a record."""
    return GAMES[record.kind]


def new_table(
    game: str,
    players: list[str],
    *,
    dealer: int | str = 0,
    rules: str | RuleSet = "classic",
    **start: object,
) -> AnyTable:
    """A table at the start of a game: ``new_table("thousand", ["Anna", "Boris", "Vera"],
    dealer="Vera", rules="classic")`` (see :meth:`GameKind.new_table`)."""
    return GAMES[game].new_table(players, dealer=dealer, rules=rules, **start)


def table_of(record: GameRecord) -> AnyTable:
    """The table after replaying ``record``; the first illegal move (or a header error)
    raises its :class:`IllegalMoveError` / :class:`KgnError`, located in the record."""
    from notation.errors import IllegalMoveError

    checker = kind_of(record).checker(record)
    report = checker.run()
    illegal = [d for d in report.diagnostics if isinstance(d, IllegalMoveError)]
    if illegal:
        raise illegal[0]
    if checker.table is None:
        raise report.diagnostics[0]
    return checker.table


def generate(
    game: str, *, seed: int = 0, players: int = 3, rules: str = "classic", deals: int = 8
) -> GameRecord:
    """A complete game played by the bots (the same seed, the same game)."""
    return GAMES[game].generate(seed, rules, players, deals)


def parse_rules(game: str, text: str) -> RuleSet:
    """Resolve a Rules tag against the rulebook of ``game`` (:meth:`Rulebook.parse`):
    ``parse_rules("thousand", "classic bid-step=10")``."""
    return GAMES[game].rulebook.parse(text)


def random_rules(game: str, rng: random.Random, share: float = 0.3) -> str:
    """A random mix of ``game``'s switches (:meth:`Rulebook.random`)."""
    return GAMES[game].rulebook.random(rng, share)
