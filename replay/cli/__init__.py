"""The ``kozyr`` command line: a thin layer over :mod:`notation` and :mod:`replay`.

Exit codes: 0 all records valid, 1 an invalid record, 2 a usage or I/O error.
Messages go to stderr; results to stdout.

The commands live in rooms by family (``records``: fmt, validate, generate, rules;
``screens``: replay, html, sheet, annotate, analyze; ``corpus``: query, stats, dedupe,
split; ``session``: record; ``convert``: export, import, schema), sharing what
``common`` declares once; importing them registers the commands in that order.
"""

# No ``from __future__ import annotations``: Typer reads the annotations (see common.py).
import contextlib
import gc
import os
import re
import sys
from typing import Annotated, NoReturn

import typer

import notation
from notation.i18n import N_, tr

from . import convert, corpus, records, screens, session  # noqa: F401  (registers the commands)
from .common import EXIT_CLOSED, EXIT_USAGE, app, say

__all__ = ["app", "app_for", "batch_gc", "main", "normalize_args", "speak", "take_lang"]

ORDER = (
    "fmt", "validate", "generate", "rules", "replay", "html", "sheet", "annotate", "analyze",
    "query", "stats", "dedupe", "split", "record", "serve", "export", "import", "schema",
)  # fmt: skip
"""The commands in the order ``kozyr --help`` lists them."""


def _name(command: typer.models.CommandInfo) -> str:
    from typer.main import get_command_name

    callback = command.callback
    assert callback is not None
    return str(command.name or get_command_name(callback.__name__))


app.registered_commands.sort(key=lambda c: ORDER.index(_name(c)))


def _version(value: bool) -> None:
    if value:
        typer.echo(f"kozyr {notation.__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help=N_("Show the version.")),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="LANG",
            help=N_("The language of what kozyr writes for people: en, ru, it, pl (also after the "
            "command's name; else KOZYR_LANG, then the locale: LC_ALL, LC_MESSAGES, LANG)."),
        ),
    ] = None,
) -> None:
    """kozyr: the KGN toolchain (the app's help, in common.py, is what ``--help`` shows)."""
    speak(lang)


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


def batch_gc() -> None:
    """Garbage-collector settings for batch work in the command line (not in the library):
    what was imported is frozen out of the collections, and the young generation is
    collected every 20,000 allocations instead of 700.  Records and tables are mostly
    acyclic, so the defaults spend their time scanning live objects (about 15% of a
    ``validate`` run); memory stays flat because reference counting frees them."""
    gc.freeze()
    gc.set_threshold(20_000, 50, 1_000)


def app_for(args: list[str]) -> typer.Typer:
    """The app with only the command being run: Typer turns each registered command into a
    Click command on every run (4 ms for all of them, against 1 ms for one), and only the
    one named first is needed.  Anything else (no command, an option first, a name that
    is not a command) gets the whole app, so that help and suggestions list them all."""
    from copy import copy

    chosen = [c for c in app.registered_commands if args and _name(c) == args[0]]
    if not chosen:
        return app
    one = copy(app)
    one.registered_commands = chosen
    return one


def main() -> None:
    """Entry point of the ``kozyr`` console script."""
    batch_gc()
    try:
        args = normalize_args(take_lang(sys.argv[1:]))
        speak(None)  # the help of the command line too is in the language chosen
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
