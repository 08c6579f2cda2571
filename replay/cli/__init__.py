"""The ``kozyr`` command line: a thin layer over :mod:`notation` and :mod:`replay`.

Exit codes: 0 all records valid, 1 an invalid record, 2 a usage or I/O error.
Messages go to stderr; results to stdout.

The commands live in rooms by family (``records``: fmt, validate, generate, rules;
``screens``: replay, html, sheet, annotate, analyze; ``corpus``: query, stats, dedupe,
split; ``session``: record; ``convert``: export, import, schema), sharing what
``common`` declares once; :mod:`replay.cli.commands` imports them, which registers the
commands in the app (``app``), loaded the first time it is asked for.  ``kozyr validate
FILE...`` with files alone (or ``--jobs N`` and ``--quiet`` besides) does not build the
app: :func:`main` runs its work (:mod:`replay.cli.check`) at once, as the app's
``validate`` would.
"""

from __future__ import annotations

import contextlib
import gc
import os
import re
import sys
from typing import TYPE_CHECKING, Any, NoReturn

from notation.i18n import tr

from .base import EXIT_CLOSED, EXIT_USAGE, say, speak, take_lang

if TYPE_CHECKING:
    from .commands import app, app_for

__all__ = ["app", "app_for", "batch_gc", "main", "normalize_args", "plain_validate", "speak", "take_lang"]


def __getattr__(name: str) -> Any:
    """``app`` and ``app_for`` (:mod:`replay.cli.commands`), loaded when first asked for."""
    if name in ("app", "app_for"):
        from . import commands

        return getattr(commands, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def normalize_args(args: list[str]) -> list[str]:
    """``--dask`` takes an optional address: without one (end of line, another option, or
    a file next) it means a local cluster."""
    out: list[str] = []
    for i, arg in enumerate(args):
        out.append(arg)
        if arg == "--dask":
            nxt = args[i + 1] if i + 1 < len(args) else None
            address = nxt is not None and (
                "://" in nxt or re.fullmatch(r"[\w.-]+:\d+", nxt) is not None
            )
            if not address:
                out[-1] = "--dask=local"
    return out


def plain_validate(args: list[str]) -> tuple[list[str], dict[str, Any]] | None:
    """``kozyr validate`` with files alone, or with ``--jobs N`` (``-j N``) and ``--quiet``
    (``-q``) besides: its files and those options, which :func:`main` checks without
    building the app (:mod:`replay.cli.check`); None for anything else (another option, no
    file), which the app reads."""
    if not args or args[0] != "validate":
        return None
    files: list[str] = []
    options: dict[str, Any] = {}
    rest = iter(args[1:])
    for arg in rest:
        if arg in ("--jobs", "-j") and "jobs" not in options:
            n = next(rest, "")
            if not re.fullmatch(r"[1-9][0-9]{0,5}", n):
                return None  # the app says what is wrong with it
            options["jobs"] = int(n)
        elif arg in ("--quiet", "-q"):
            options["quiet"] = True
        elif arg.startswith("-"):
            return None
        else:
            files.append(arg)
    return (files, options) if files else None


def batch_gc() -> None:
    """Garbage-collector settings for batch work in the command line (not in the library):
    what was imported is frozen out of the collections, and the young generation is
    collected every 20,000 allocations instead of 700.  Records and tables are mostly
    acyclic, so the defaults spend their time scanning live objects (about 15% of a
    ``validate`` run); memory stays flat because reference counting frees them."""
    gc.freeze()
    gc.set_threshold(20_000, 50, 1_000)


def main() -> None:
    """Entry point of the ``kozyr`` console script."""
    batch_gc()
    try:
        args = normalize_args(take_lang(sys.argv[1:]))
        speak(None)  # the help of the command line too is in the language chosen
        plain = plain_validate(args)
        if plain is not None:  # no app to build
            from ..sources import with_folders
            from .check import validate_files

            files, options = plain
            sys.exit(validate_files(with_folders(files), **options))
        from .commands import app_for

        app_for(args)(args=args)
    except KeyboardInterrupt:
        say(tr("kozyr: interrupted"))
        sys.exit(130)
    except BrokenPipeError:
        _output_closed()
    except RuntimeError as exc:
        from ..pool import WorkerLost  # here: start-up does not load the pool

        if not isinstance(exc, WorkerLost):
            raise
        say(f"kozyr: {exc}")
        sys.exit(EXIT_USAGE)
    except SystemExit as exc:
        # Click (in typer) and rich turn a broken pipe into exit 1, which for kozyr says
        # a record is invalid: the exit they raise is raised while handling the pipe's error.
        if isinstance(exc.__context__, BrokenPipeError):
            _output_closed()
        raise


def _output_closed() -> NoReturn:
    """Stop quietly: nothing more can be written, and the exit status says so."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no error again when Python flushes at exit
    sys.exit(EXIT_CLOSED)


if __name__ == "__main__":
    main()
