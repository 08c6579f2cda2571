"""The functions ``notation`` offers at its top: read and write one or many records."""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import IO

from .errors import KgnError
from .i18n import tr
from .kinds import KINDS
from .parse import iter_games
from .records import GameRecord
from .write import INDENT, Writer, quote

__all__ = ["dump", "dumps", "load", "load_all", "loads", "loads_all", "write_game"]


def write_game(game: GameRecord) -> str:
    """The canonical text of one game, ending with a newline (its rounds written by its
    notation kind)."""
    kind = KINDS[game.kind]
    out = Writer(kind.keywords)
    for tag in game.tags:
        out.raw("[" + " ".join([tag.name, *(quote(v) for v in tag.values)]) + "]\n")
    for c in game.notes:
        out.comment(c)
        out.newline()
    for round_ in game.rounds:
        out.newline()
        out.indent = INDENT
        kind.write_round(out, round_)
        out.newline()
    return _tidy(out.text())


def _tidy(text: str) -> str:
    # Only blank lines are trimmed: trailing blanks inside a comment are the user's text.
    lines = [ln if ln.strip() else "" for ln in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"


def loads_all(text: str, *, file: str | None = None) -> list[GameRecord]:
    """Every game of a KGN text (raises :class:`KgnError` at the first bad one)."""
    return list(iter_games(io.StringIO(text), file=file))


def load_all(handle: IO[str] | IO[bytes], *, file: str | None = None) -> list[GameRecord]:
    return list(iter_games(handle, file=file))


def loads(text: str, *, file: str | None = None) -> GameRecord:
    """The one game of a KGN text; a text of several games is an error (use
    :func:`loads_all` or :func:`iter_games`)."""
    games = loads_all(text, file=file)
    if len(games) != 1:
        raise KgnError(
            tr("expected one game, found {n}").format(n=len(games)), code="game-count", file=file, line=1, column=1
        )
    return games[0]


def load(handle: IO[str] | IO[bytes], *, file: str | None = None) -> GameRecord:
    games = load_all(handle, file=file)
    if len(games) != 1:
        raise KgnError(tr("expected one game, found {n}").format(n=len(games)), code="game-count", file=file)
    return games[0]


def dumps(games: GameRecord | Iterable[GameRecord]) -> str:
    """Canonical KGN text of one game or of several (separated by a blank line)."""
    if isinstance(games, GameRecord):
        return write_game(games)
    return "\n".join(write_game(g) for g in games)


def dump(games: GameRecord | Iterable[GameRecord], handle: IO[str]) -> None:
    handle.write(dumps(games))
