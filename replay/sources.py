"""Opening the files named on the command line: games or located errors, never a traceback."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import IO

from notation import KgnError
from notation.i18n import tr
from notation.parse import GameText, parse_game, split_games
from notation.records import GameRecord

__all__ = ["InputError", "cannot_read", "folder_problem", "games_of", "open_input", "texts_of", "with_folders"]


class InputError(Exception):
    """A file that cannot be read (exit code 2)."""


@contextmanager
def open_input(path: str) -> Iterator[IO[bytes]]:
    if path == "-":
        yield sys.stdin.buffer
        return
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        raise InputError(cannot_read(path, tr("no such file"))) from None
    except IsADirectoryError:
        raise InputError(cannot_read(path, folder_problem(path))) from None
    except OSError as exc:
        raise InputError(cannot_read(path, exc)) from None
    try:
        yield handle
    finally:
        handle.close()


def cannot_read(path: object, why: str | Exception) -> str:
    """What a file that cannot be read is told: its name and why (``no such file``; of an
    error, the system's reason, else its message), in the language spoken."""
    if isinstance(why, Exception):
        why = getattr(why, "strerror", None) or str(why)
    return tr("cannot read {path}: {x}").format(path=path, x=why)


def folder_problem(path: str) -> str:
    """Why a folder given where a file is read cannot be read."""
    if any(p.is_file() for p in Path(path).rglob("*.kgn")):
        return tr("a folder, not a file")  # a command of one FILE
    return tr("a folder with no .kgn file in it")


def with_folders(paths: list[str]) -> list[str]:
    """The paths, each folder replaced by the ``.kgn`` files beneath it (at any depth, in the
    order of their paths); a folder that holds none stays, for the reader to report (as a
    file that cannot be read, while the other files are read)."""
    out: list[str] = []
    for path in paths:
        folder = Path(path)
        found = [] if path == "-" or not folder.is_dir() else sorted(folder.rglob("*.kgn"))
        found = [p for p in found if p.is_file()]
        out.extend([str(p) for p in found] or [path])
    return out


def texts_of(
    path: str, only: int | None = None, source: IO[bytes] | None = None
) -> Iterator[tuple[GameText, GameRecord | KgnError]]:
    """Each game of a file with its text, parsed, or the :class:`KgnError` that stopped
    reading it; with ``only``, game number ``only`` alone (the games before it are split
    off, not parsed, and reading stops after it).  ``source``: the bytes of ``path``
    already opened (standard input kept aside), read from where it stands."""
    name = "<stdin>" if path == "-" else path
    with nullcontext(source) if source is not None else open_input(path) as handle:
        try:
            for gtext in split_games(handle, name):
                if only is not None and gtext.index != only:
                    continue
                try:
                    yield gtext, parse_game(gtext)
                except KgnError as exc:
                    yield gtext, exc
                if only is not None:
                    return
        except OSError as exc:
            raise InputError(cannot_read(path, exc)) from None


def games_of(path: str) -> Iterator[GameRecord | KgnError]:
    """Each game of a file, or the :class:`KgnError` that stopped reading it."""
    for _, item in texts_of(path):
        yield item
