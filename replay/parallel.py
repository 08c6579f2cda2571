"""Checking many games on all cores, or on a Dask cluster, with the same output as one job.

The main process only splits files into games (fast, constant memory) and prints; workers
parse and replay batches of games.  At most a few batches per worker are in flight, so
memory stays flat whatever the file size, and results are printed in input order, so the
diagnostics are the same, in the same order, as with one job.

>>> import io
>>> from notation.parse import split_games
>>> texts = list(split_games(io.StringIO('[Game "thousand"] [Players "A" "B"]')))
>>> [r.codes() for r in check_batch([job(t) for t in texts])]
[['missing-tag', 'missing-tag']]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from notation.errors import KgnError
from notation.parse import GameText, parse_game

from .checking import check
from .pool import imap_ordered

__all__ = [
    "GameResult",
    "Job",
    "batches",
    "check_all",
    "check_batch",
    "check_dask",
    "game_text",
    "imap_ordered",
    "job",
]


Job = tuple[str, int, int, str | None, dict[str, Any] | None]
"""A game to check: text, first line, index in its file, file name, encoding error."""


def job(gtext: GameText) -> Job:
    err = gtext.encoding_error
    return (
        gtext.text,
        gtext.first_line,
        gtext.index,
        gtext.file,
        None if err is None else _to_dict(err),
    )


@dataclass
class GameResult:
    """What checking one game gave (plain data, cheap to send between processes)."""

    file: str | None
    index: int
    hands: int = 0
    suppressed: int = 0
    diagnostics: list[dict[str, Any]] = field(default_factory=list)

    def errors(self) -> list[KgnError]:
        return [_from_dict(d) for d in self.diagnostics]

    def codes(self) -> list[str]:
        return [d["code"] for d in self.diagnostics]


def _to_dict(err: KgnError) -> dict[str, Any]:
    data = err.to_dict()
    data["source"] = err.source
    data["kind"] = type(err).__name__
    return data


def _from_dict(data: dict[str, Any]) -> KgnError:
    from notation import errors

    cls = getattr(errors, data.get("kind", "KgnError"), KgnError)
    keys = (
        "code",
        "clause",
        "file",
        "line",
        "column",
        "game",
        "hand",
        "trick",
        "seat",
        "source",
        "hint",
        "legal",
        "severity",
    )
    kwargs: dict[str, Any] = {k: data.get(k) for k in keys}
    err: KgnError = cls(data["message"], **kwargs)
    err.unit = data.get("unit") or "hand"
    return err


def game_text(item: Job) -> GameText:
    """The game a :data:`Job` carries, as :func:`job` took it (its encoding error too)."""
    text, first_line, index, file, encoding_error = item
    err = _from_dict(encoding_error) if encoding_error is not None else None
    return GameText(text, first_line, index, file, err)  # type: ignore[arg-type]


def check_job(item: Job) -> GameResult:
    gtext = game_text(item)
    file, index = gtext.file, gtext.index
    result = GameResult(file, index)
    try:
        game = parse_game(gtext)
    except KgnError as exc:
        result.diagnostics.append(_to_dict(exc))
        return result
    report = check(game, file=file, index=index, source=gtext.source_line)
    result.hands = report.checked
    result.suppressed = report.suppressed
    result.diagnostics = [_to_dict(d) for d in report.diagnostics]
    return result


def _warm(items: list[Job]) -> None:
    """Check a batch's first game (and throw the result away): the reader and its game's
    rules are then imported before the processes are forked."""
    check_job(items[0])


def check_batch(items: list[Job]) -> list[GameResult]:
    """Check a batch of games (the unit of work of a worker)."""
    return [check_job(item) for item in items]


def batches(
    games: Iterable[GameText], size_bytes: int = 256_000, max_games: int = 64
) -> Iterator[list[Job]]:
    """Group games into batches of about ``size_bytes`` of text."""
    batch: list[Job] = []
    size = 0
    for gtext in games:
        batch.append(job(gtext))
        size += len(gtext.text)
        if size >= size_bytes or len(batch) >= max_games:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


def check_all(
    games: Iterable[GameText],
    jobs: int | None = None,
    on_batch: Callable[[int], None] | None = None,
) -> Iterator[GameResult]:
    """Every game's result, in input order, using ``jobs`` processes (all cores by default)."""
    for batch, results in imap_ordered(check_batch, batches(games), jobs, warm=_warm):
        yield from results
        if on_batch:
            on_batch(sum(len(j[0]) for j in batch))


def check_dask(games: Iterable[GameText], address: str | None = None) -> Iterator[GameResult]:
    """The same per-game check over a Dask bag: on the cluster at ``address``, or on a local
    cluster started for the run.  Needs the ``dask`` extra."""
    import itertools

    import dask.bag as db
    from distributed import Client, LocalCluster

    workers = os.cpu_count() or 1
    if address is None or address == "local":
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
    else:
        cluster = None
        client = Client(address)
        workers = max(1, len(client.scheduler_info().get("workers", {})))
    try:
        # One bag per group of batches: memory stays bounded however long the input is.
        stream = batches(games)
        while group := list(itertools.islice(stream, 8 * workers)):
            bag = db.from_sequence(group, npartitions=len(group)).map(check_batch)
            for results in bag.compute(scheduler=client.get):
                yield from results
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
