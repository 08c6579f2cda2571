"""What the command line does without Typer: its exit codes, its messages, the language it
speaks (``--lang``), and the files it reads cut into chunks.  ``kozyr validate FILE...`` runs on these alone
(:mod:`replay.cli.check`), so the commonest command starts without building the app;
:mod:`replay.cli.common` gives them to every command."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, NoReturn

from notation.errors import safe_text
from notation.i18n import tr

from ..sources import InputError, open_input

if TYPE_CHECKING:
    from notation.parse import Chunk

__all__ = ["EXIT_CLOSED", "EXIT_INVALID", "EXIT_OK", "EXIT_USAGE", "chunks", "fail_usage", "say", "speak", "take_lang"]

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


def speak(value: str | None) -> None:
    """Speak the language ``--lang`` names (None: ``KOZYR_LANG``, then the locale), in this
    process and, through ``KOZYR_LANG``, in the workers of ``--jobs``; one kozyr does not
    speak is a usage error (exit 2)."""
    from notation.i18n import LANGUAGES, choose, use

    try:
        lang = choose(value)
    except ValueError:
        say(f"kozyr: --lang {value}: kozyr speaks {', '.join(LANGUAGES)}")
        sys.exit(EXIT_USAGE)
    if value is not None:
        os.environ["KOZYR_LANG"] = lang
    use(lang)


def take_lang(args: list[str]) -> list[str]:
    """``--lang LANG`` (or ``--lang=LANG``) anywhere before ``--``, taken out of the
    arguments and spoken (:func:`speak`: so that ``kozyr sheet --lang ru FILE`` works as ``kozyr
    --lang ru sheet FILE``, and the workers of ``--jobs`` speak it too); a ``--lang``
    without a value, or with one kozyr does not speak, is a usage error (exit 2)."""
    out: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            out.extend(args[i:])
            break
        value = arg.partition("=")[2] if arg.startswith("--lang=") else None
        if value is None and arg == "--lang":
            if i + 1 == len(args):
                say(tr("kozyr: --lang needs a language: en, ru, it, pl"))
                sys.exit(EXIT_USAGE)
            value = args[i + 1]
            i += 1
        if value is not None:
            speak(value)
        else:
            out.append(arg)
        i += 1
    return out
