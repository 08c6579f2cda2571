"""What the command line does without Typer: its exit codes, its messages, and the files it
reads cut into chunks.  ``kozyr validate FILE...`` runs on these alone
(:mod:`replay.cli.check`), so the commonest command starts without building the app;
:mod:`replay.cli.common` gives them to every command."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, NoReturn

from notation.errors import safe_text

from ..sources import InputError, open_input

if TYPE_CHECKING:
    from notation.parse import Chunk

__all__ = ["EXIT_CLOSED", "EXIT_INVALID", "EXIT_OK", "EXIT_USAGE", "chunks", "fail_usage", "say"]

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2
EXIT_CLOSED = 141
"""The reader of the output went away (``kozyr export ... | head``): 128 + SIGPIPE, the
status of ``cat`` or ``grep`` there, not a verdict on the records."""


def say(text: str) -> None:
    sys.stderr.write(safe_text(text) + "\n")


def fail_usage(message: str) -> NoReturn:
    say(f"kozyr: {message}")
    raise SystemExit(EXIT_USAGE)


def chunks(paths: list[str], unreadable: list[str] | None = None) -> Iterator[Chunk]:
    """The files, in order, cut into chunks for the workers (:func:`replay.pool.imap_games`).
    A path that cannot be read is a usage error, or with ``unreadable`` a message kept there
    while the other files go on."""
    from notation.parse import read_chunks

    for number, path in enumerate(paths):
        try:
            with open_input(path) as handle:
                yield from read_chunks(handle, "<stdin>" if path == "-" else path, number)
        except (InputError, OSError) as exc:
            if unreadable is None:
                fail_usage(str(exc))
            unreadable.append(str(exc))
