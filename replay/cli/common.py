"""What every command of ``kozyr`` shares: the app, exit codes, messages, the option types
declared once, reading games, writing output, and help that names the games.

No game is named here or in the commands: where a help text names games (``thousand,
bura or burkozel``, what a game's option is for), it holds a ``{placeholder}`` that
:class:`KindsCommand` fills from the registry (:data:`replay.GAMES`) when the help is
shown, and ``kozyr query``'s filters are the options each game kind declares.
"""

# No ``from __future__ import annotations`` here: Typer reads every command's annotations on
# every start, and annotations kept as strings would be compiled and evaluated each time.
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated, Any, Self

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

import notation
from notation import KgnError
from notation.errors import clip
from notation.i18n import N_, tr
from notation.parse import GameText
from notation.records import GameRecord, fold_name

from ..rules import did_you_mean
from ..sources import InputError, texts_of, with_folders
from .base import EXIT_CLOSED, EXIT_INVALID, EXIT_OK, EXIT_USAGE, chunks, fail_usage, say

if TYPE_CHECKING:
    from typer._click import Context, HelpFormatter, Parameter

    from ..corpus import Filters, Found
    from ..games import Kind

__all__ = [
    "EXIT_CLOSED",
    "EXIT_INVALID",
    "EXIT_OK",
    "EXIT_USAGE",
    "Errors",
    "File",
    "Files",
    "FilesOrStdin",
    "GameNumber",
    "Jobs",
    "KindsCommand",
    "Output",
    "RulesText",
    "Seed",
    "Sink",
    "app",
    "chunks",
    "examined",
    "fail_usage",
    "layouts_option",
    "one_game",
    "player",
    "reads_back",
    "say",
    "write_out",
]


# ---- help that names the games --------------------------------------------------------------


def _titles(kinds: "list[Kind]") -> str:
    """Games in prose: ``Thousand``, ``Bura, Burkozel``."""
    return ", ".join(k.title for k in kinds)


def _either(words: list[str], last: str) -> str:
    """``a, b or c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def _placeholders() -> dict[str, Callable[[], str]]:
    from ..games import GAMES

    def kinds(which: "Callable[[Kind], bool]") -> "list[Kind]":
        return [k for k in GAMES.values() if which(k)]

    def seated(k: "Kind") -> str:
        counts = k.checker.players
        many = f"{counts.start}" if len(counts) == 1 else f"{counts.start}-{counts.stop - 1}"
        return f"{k.title} {many}"

    return {
        "games": lambda: _either(list(GAMES), "or"),
        "titles": lambda: _either(GAMES.titles(), "and"),
        "seated": lambda: ", ".join(seated(k) for k in kinds(lambda k: not k.players_by_rules)),
        "pot": lambda: _titles(kinds(lambda k: k.pot)),
        "solved": lambda: _titles(kinds(lambda k: k.analysis is not None)),
        "groupings": lambda: _either(_groupings(), "or"),
    }


def _groupings() -> list[str]:
    from ..corpus import groupings

    out = groupings()
    out[0] += " (default)"
    return out


class _Filled(dict[str, str]):
    """The placeholders of a help text, each computed when a text asks for it."""

    def __missing__(self, key: str) -> str:
        value = self[key] = _placeholders()[key]()
        return value


_FILLED = _Filled()


def fill(text: str | None) -> str | None:
    """A help text in the language in use, its ``{placeholders}`` filled from the game
    kinds (the texts are marked ``N_``: the catalogue holds them as written)."""
    if not text:
        return text
    text = tr(text)
    return text.format_map(_FILLED) if "{" in text else text


class KindsCommand(TyperCommand):
    """Every command of kozyr: its help in the language in use and naming the games (both
    filled in when shown, so that no game loads to parse a command line), and the options
    the game kinds declare for it (``kozyr query``'s filters, after ``--code``)."""

    kind_options: bool = False

    def get_params(self, ctx: "Context") -> "list[Parameter]":
        params = super().get_params(ctx)
        if self.kind_options:
            at = next((i + 1 for i, p in enumerate(params) if p.name == "code"), len(params))
            params = [*params[:at], *_filter_options(), *params[at:]]
        return params

    def get_short_help_str(self, limit: int = 45) -> str:
        written, self.help = self.help, fill(self.help)  # Click cuts the text shown
        try:
            return super().get_short_help_str(limit)
        finally:
            self.help = written

    def format_help(self, ctx: "Context", formatter: "HelpFormatter") -> None:
        self.help = fill(self.help)
        for p in self.get_params(ctx):
            if isinstance(p, TyperOption | TyperArgument):
                p.help = fill(p.help)
        super().format_help(ctx, formatter)


class FilterCommand(KindsCommand):
    """``kozyr query``: its options include every game's round filters.  Their values stay
    in ``ctx.params``, where Click puts every value (read by :func:`round_filters`); the
    command's function is called with its own parameters only."""

    kind_options = True

    def invoke(self, ctx: "Context") -> object:
        from ..games import GAMES

        filters = {f.name for kind in GAMES.values() for f in kind.filters}
        own = {name: value for name, value in ctx.params.items() if name not in filters}
        return ctx.invoke(self.callback, **own) if self.callback is not None else None


class KindsGroup(TyperGroup):
    """The app: its help names the games."""

    def format_help(self, ctx: "Context", formatter: "HelpFormatter") -> None:
        self.help = fill(self.help)
        for p in self.get_params(ctx):
            if isinstance(p, TyperOption | TyperArgument):
                p.help = fill(p.help)
        super().format_help(ctx, formatter)


def _filter_options() -> list[TyperOption]:
    """An option per round filter of every game kind (one for a filter two games share)."""
    from ..games import GAMES

    seen: dict[str, TyperOption] = {}
    for kind in GAMES.values():
        for f in kind.filters:
            if f.option in seen:
                continue
            seen[f.option] = TyperOption(
                param_decls=[f.option],
                help=fill(f.help),
                metavar=f.metavar,
                type=int if f.number else None,
                is_flag=True if f.metavar is None else None,
                default=f.unset,
            )
    return list(seen.values())


def round_filters(params: Mapping[str, object]) -> dict[str, object]:
    """The round filters given on the command line (``declarer``: ``Anna``), from the
    command's parameter values, each checked against the values its game lists."""
    from ..games import GAMES

    given: dict[str, object] = {}
    for kind in GAMES.values():
        for f in kind.filters:
            value = params.get(f.name)
            if value is not None and value != f.unset:
                given[f.name] = value
    for kind in GAMES.values():
        for f in kind.filters:
            value = given.get(f.name)
            if f.choices and value is not None and str(value).casefold() not in f.choices:
                from ..rules import did_you_mean

                fail_usage(
                    tr("{option} takes {choices}, not {value!r}").format(
                        option=f.option, choices=_either(list(f.choices), tr("or")), value=str(value)
                    )
                    + did_you_mean(str(value), f.choices)
                )
            if f.choices and value is not None:
                given[f.name] = str(value).casefold()  # as the choices are written
    return given


def filter_examples() -> str:
    """A few round filters, as examples in a message (``--declarer, --made, ...``)."""
    from ..games import GAMES

    options = [f.option.split("/")[0] for k in GAMES.values() for f in k.filters]
    return ", ".join([*options[:2], "..."])


app = typer.Typer(
    name="kozyr",
    cls=KindsGroup,
    help=N_("Record, validate, replay and annotate games of {titles} (KGN)."),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


# ---- shell completion (kozyr --install-completion) ------------------------------------------


def complete_game(incomplete: str) -> list[str]:
    from ..games import GAMES

    return [g for g in GAMES if g.startswith(incomplete.lower())]


def complete_preset(ctx: typer.Context, incomplete: str) -> list[str]:
    from ..games import GAMES

    game = ctx.params.get("game")
    kind = GAMES.get(game) if isinstance(game, str) else None
    presets = kind.rulebook.presets if kind is not None else {}
    return [p for p in presets if p.startswith(incomplete.lower())]


def complete_player(ctx: typer.Context, incomplete: str) -> list[str]:
    """The players of the file named on the command line."""
    import os

    words = os.environ.get("COMP_WORDS", "").split()
    path = ctx.params.get("file") or next((w for w in words if w.endswith(".kgn")), None)
    if not path:
        return []
    try:
        for _, item in texts_of(str(path)):
            if not isinstance(item, KgnError):
                # The shell keeps what was typed: complete "bo" to "boris" (names match
                # ignoring case), "Bo" to "Boris".
                n = len(incomplete)
                return [
                    incomplete + p[n:]
                    for p in item.players
                    if p.casefold().startswith(incomplete.casefold())
                ]
    except (InputError, OSError):
        pass
    return []


# ---- the option types, declared once --------------------------------------------------------

Files = Annotated[
    list[str],
    typer.Argument(metavar="FILE...", help=N_("KGN files or folders."), callback=with_folders),
]
FilesOrStdin = Annotated[
    list[str],
    typer.Argument(
        metavar="FILE...",
        help=N_("KGN files or folders ('-' for standard input)."),
        callback=with_folders,
    ),
]
File = Annotated[str, typer.Argument(metavar="FILE", help=N_("A KGN file."))]
Output = Annotated[Path | None, typer.Option("-o", "--output", metavar="OUT", help=N_("Output file."))]
Jobs = Annotated[
    int | None,
    typer.Option("--jobs", "-j", metavar="N", min=1, help=N_("Processes (default: all cores).")),
]
GameNumber = Annotated[
    int, typer.Option("--game", metavar="N", min=1, help=N_("Which game of the file."))
]
RulesText = Annotated[
    str, typer.Option("--rules", metavar="RULES", help=N_("A Rules tag: preset and switches."))
]
Seed = Annotated[
    int, typer.Option("--seed", metavar="S", help=N_("The layouts of --simulate (the same seed, the same numbers)."))
]


def layouts_option(help: str) -> Any:
    """``--simulate N``: how many layouts of the hidden cards (``help`` says what the
    command does with them)."""
    return typer.Option("--simulate", metavar="N", min=1, max=100000, help=help)


# ---- reading ----------------------------------------------------------------------------------


class Errors:
    """Reads games, reporting each syntax error as it comes; ``count`` says how many."""

    def __init__(self) -> None:
        self.count = 0

    def games(
        self, path: str, only: int | None = None, source: IO[bytes] | None = None
    ) -> Iterator[tuple[GameText, GameRecord]]:
        for gtext, item in texts_of(path, only=only, source=source):
            if isinstance(item, KgnError):
                say(item.format())
                self.count += 1
                continue
            yield gtext, item


def one_game(path: str, number: int) -> tuple[GameRecord, str]:
    """Game ``number`` of a file (syntax errors are fatal here: exit 1)."""
    try:
        for _, item in texts_of(path, only=number):
            if isinstance(item, KgnError):
                say(item.format())
                raise typer.Exit(EXIT_INVALID)
            name = "standard input" if path == "-" else Path(path).name
            return item, name if number == 1 else f"{name} game {number}"
    except InputError as exc:
        fail_usage(str(exc))
    fail_usage(tr("{path} has no game {number}").format(path=path, number=number))


def player(players: list[str], name: str, what: str) -> str:
    """The player a name means, ignoring case (a usage error names the players and the
    nearest one)."""
    for p in players:
        if fold_name(p) == fold_name(name):
            return p
    fail_usage(
        tr("{what} {name!r} is not one of the players ({players})").format(
            what=what, name=name, players=", ".join(players)
        )
        + did_you_mean(name, players)
    )


def examined(
    files: list[str],
    jobs: int | None,
    *,
    filters: "Filters | None" = None,
    output: str = "kgn",
    cut: bool = False,
    keys: bool = False,
    detail: bool = False,
) -> "Iterator[Found]":
    """Every game of the files, examined (:func:`replay.corpus.examine`) on ``jobs``
    processes, in input order, in flat memory.  An unreadable file is a usage error."""
    from functools import partial

    from ..corpus import examine
    from ..games import load_kind
    from ..pool import imap_games

    work = partial(examine, filters=filters, output=output, cut=cut, keys=keys, detail=detail)
    for _, found in imap_games(work, chunks(files), jobs, warm=load_kind):
        yield from found


# ---- writing ----------------------------------------------------------------------------------


def reads_back(text: str, record: GameRecord, gtext: GameText) -> bool:
    """Whether ``text``, written of ``record`` to replace a file, reads back as that very
    record (a rewrite must never turn a valid file into an invalid or a different one);
    says so where it does not."""
    try:
        again = notation.loads(text)
    except KgnError as exc:
        why = exc.message
    else:
        if again == record:
            return True
        why = tr("it reads back as a different game")
    say(
        tr(
            "kozyr: {file} game {index}: the text written for it does not read back ({clip}); "
            "nothing is rewritten (a kozyr bug: please report it)"
        ).format(
            file=gtext.file, index=gtext.index, clip=clip(why, 160)
        )
    )
    return False


def write_out(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail_usage(tr("cannot write {output}: {x}").format(output=output, x=exc.strerror or exc))


class Sink:
    """Where a converting command writes: standard output as it goes, or a file written
    whole (a temporary file beside it, renamed at the end; left alone on failure; a
    symbolic link keeps pointing at its file, which gets the new text).  With ``spool``,
    standard output too is written to a temporary file first and copied out at the end,
    so that a command that finds an error half-way prints nothing and keeps nothing in
    memory."""

    def __init__(self, path: Path | None, *, spool: bool = False) -> None:
        self.path = path.resolve() if path is not None else None
        self.spool = spool and path is None
        self.handle: IO[str] | None = None
        self.failed = False

    def __enter__(self) -> Self:
        import os
        import tempfile

        if self.path is not None:
            try:
                fd, name = tempfile.mkstemp(
                    prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent or "."
                )
            except OSError as exc:
                fail_usage(tr("cannot write {path}: {x}").format(path=self.path, x=exc.strerror or exc))
            self.tmp = Path(name)
            from ..record import file_mode

            os.fchmod(fd, file_mode(self.path))
            self.handle = open(fd, "w", encoding="utf-8", newline="")
        elif self.spool:
            self.handle = tempfile.TemporaryFile("w+", encoding="utf-8", newline="")
        return self

    def write(self, text: str) -> None:
        if self.handle is None:
            sys.stdout.write(text)
        else:
            self.handle.write(text)

    def abandon(self) -> None:
        self.failed = True

    def __exit__(self, *exc: object) -> None:
        if self.handle is None:
            return
        if self.path is None:  # a spool for standard output
            if not self.failed and exc[0] is None:
                self.handle.seek(0)
                while chunk := self.handle.read(1 << 20):
                    sys.stdout.write(chunk)
            self.handle.close()
            return
        self.handle.close()
        if self.failed or exc[0] is not None:
            self.tmp.unlink(missing_ok=True)
            return
        try:
            self.tmp.replace(self.path)
        except OSError as err:
            self.tmp.unlink(missing_ok=True)
            fail_usage(tr("cannot write {path}: {x}").format(path=self.path, x=err.strerror or err))
