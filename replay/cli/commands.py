"""The whole ``kozyr`` app: every command registered, in the order ``kozyr --help`` lists
them, the app's own options (``--version``, ``--lang``), and the app with only the command
being run (:func:`app_for`)."""

# No ``from __future__ import annotations``: Typer reads the annotations (see common.py).
from typing import Annotated

import typer

import notation
from notation.i18n import N_

from . import convert, corpus, records, screens, session  # noqa: F401  (the rooms register their commands)
from .base import speak
from .common import app

__all__ = ["ORDER", "app", "app_for"]

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
