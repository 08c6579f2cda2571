"""``kozyr validate``'s work once its arguments are read, without Typer: the entry point
(:func:`replay.cli.main`) runs it directly for ``kozyr validate FILE...`` with files alone
(or ``--jobs N`` and ``--quiet`` besides), so that the commonest command starts without building the app;
with any other option the ``validate`` command of the app reads them and runs the same."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from notation.errors import safe_text
from notation.i18n import ntr, number, tr

from .base import EXIT_INVALID, EXIT_OK, EXIT_USAGE, chunks, fail_usage, say

if TYPE_CHECKING:
    from ..parallel import GameResult

__all__ = ["validate_files"]


def validate_files(
    files: list[str],
    first: bool = False,
    format: str = "text",
    jobs: int | None = None,
    dask: str | None = None,
    quiet: bool = False,
    show_stats: bool = False,
) -> int:
    """Replays every game of ``files`` (folders already opened into their ``.kgn`` files),
    says each diagnostic and the summary, and returns the exit status: 0 every record
    valid, 1 an invalid one (or no game), 2 a file that could not be read."""
    from ..parallel import check_all, check_dask

    if format not in ("text", "json"):
        fail_usage(tr("unknown format {format!r}; expected text or json").format(format=format))
    if dask is not None and _is_a_file(dask):
        files = [dask, *files]  # `--dask FILE ...`: the file is not an address
        dask = "local"
    unreadable: list[str] = []
    total_bytes = sum(Path(p).stat().st_size for p in files if p != "-" and Path(p).is_file())
    started = time.perf_counter()
    stats = {"games": 0, "hands": 0, "errors": 0, "bytes": 0}

    bar = _Bar(total_bytes) if not quiet and sys.stderr.isatty() and total_bytes > 2_000_000 else None

    def advance(size: int) -> None:
        stats["bytes"] += size
        if bar is not None:
            bar.advance(size)

    # An unreadable file is reported and the others are still checked (exit 2).
    pieces = chunks(files, unreadable)
    if dask is not None:
        _need_dask()
    results = check_dask(pieces, dask) if dask is not None else check_all(pieces, jobs, advance)
    try:
        if _tell_results(results, stats, bar, format == "json", first):
            return EXIT_INVALID  # --first: stopped at the first diagnostic
    finally:
        if bar is not None:
            bar.stop()
    if not quiet and format == "text":
        elapsed = max(time.perf_counter() - started, 1e-9)
        size = total_bytes or stats["bytes"]
        speed = size / 1e6 / elapsed if show_stats or size > 2_000_000 else None
        say(_summary(stats, speed))
    return _validated(stats, unreadable, files)


def _is_a_file(dask: str) -> bool:
    """Whether what follows ``--dask`` is a file to check rather than an address."""
    return dask != "local" and (Path(dask).is_file() or dask.endswith(".kgn"))


def _validated(stats: dict[str, int], unreadable: list[str], files: list[str]) -> int:
    """``validate``'s exit status, saying why it is not 0: a file that could not be read
    (2), no game at all or an error (1)."""
    for message in unreadable:
        say(f"kozyr: {message}")
    if unreadable:
        return EXIT_USAGE
    if not stats["games"]:  # an empty file is no record: nothing was checked
        named = ", ".join(safe_text(f) for f in files) or tr("the input")
        say(tr(
            "kozyr: no game in {named}: a record starts with its header ([Game \"...\"] ...)"
        ).format(
            named=named
        ))
        return EXIT_INVALID
    return EXIT_INVALID if stats["errors"] else EXIT_OK


class _Bar:
    """The progress bar of a long check on a terminal, gone at the first diagnostic."""

    def __init__(self, total: int) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TimeRemainingColumn, TransferSpeedColumn

        self.progress: Progress | None = Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            TransferSpeedColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
        )
        self.progress.start()
        self.task = self.progress.add_task("checking", total=total)

    def advance(self, size: int) -> None:
        if self.progress is not None:
            self.progress.update(self.task, advance=size)

    def stop(self) -> None:
        if self.progress is not None:
            self.progress.stop()
            self.progress = None


def _tell_results(
    results: Iterable[GameResult], stats: dict[str, int], bar: _Bar | None, as_json: bool, first: bool
) -> bool:
    """Says each game's diagnostics (as JSON lines with ``as_json``) and counts the games,
    rounds and errors in ``stats``; with ``first``, stops at the first diagnostic and says
    so (True)."""
    for result in results:
        stats["games"] += 1
        stats["hands"] += result.rounds
        stats["errors"] += result.suppressed
        for d in result.errors():
            stats["errors"] += d.severity == "error"
            if bar is not None:
                bar.stop()
            if as_json:
                sys.stdout.write(json.dumps(d.to_dict(), ensure_ascii=False) + "\n")
            else:
                say(d.format())
            if first:
                return True
    return False


def _need_dask() -> None:
    """Stops with how to install Dask if it is not installed."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        fail_usage(
            tr(
                "--dask needs Dask: pip install 'dask[distributed]' (or, in kozyr's source "
                "folder, pip install '.[dask]')"
            )
        )


def _summary(stats: dict[str, int], speed: float | None) -> str:
    """What ``validate`` says at the end: the games, rounds and errors (and the speed)."""
    line = tr("{games}, {rounds} checked, {errors}").format(
        games=ntr("{n} game", "{n} games", stats["games"]).format(n=number(stats["games"])),
        rounds=ntr("{n} hand/deal", "{n} hands/deals", stats["hands"]).format(n=number(stats["hands"])),
        errors=ntr("{n} error", "{n} errors", stats["errors"]).format(n=number(stats["errors"])),
    )
    if speed is not None:
        line += tr("; {x:.2f} MB/s").format(x=speed)
    return line
