"""Checking many games on all cores, or on a Dask cluster, with the same output as one job.

The main process only cuts the files into chunks of bytes (:func:`notation.parse.read_chunks`)
and prints; workers split their chunks into games, parse and replay them
(:func:`replay.pool.imap_games`).  At most a few chunks per worker are in flight, so memory
stays flat whatever the file size, and results are printed in input order, so the
diagnostics are the same, in the same order, as with one job.

>>> import io
>>> from notation.parse import read_chunks
>>> chunks = read_chunks(io.BytesIO(b'[Game "thousand"] [Players "A" "B"]'))
>>> [r.codes() for r in check_all(chunks, jobs=1)]
[['missing-tag', 'missing-tag']]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from notation.errors import KgnError
from notation.parse import Chunk, GameText, parse_game

from .checking import check
from .games import load_kind
from .pool import imap_games

__all__ = [
    "GameResult",
    "check_all",
    "check_dask",
    "check_game",
]


@dataclass
class GameResult:
    """What checking one game gave (plain data, cheap to send between processes)."""

    file: str | None
    index: int
    rounds: int = 0
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
        "trick",
        "seat",
        "source",
        "hint",
        "legal",
        "severity",
    )
    kwargs: dict[str, Any] = {k: data.get(k) for k in keys}
    err: KgnError = cls(data["message"], round=data.get("hand"), **kwargs)
    err.round_word = data.get("unit") or "hand"
    return err


def check_game(gtext: GameText) -> GameResult:
    """Parse and replay one game: what a worker sends back for it."""
    file, index = gtext.file, gtext.index
    result = GameResult(file, index)
    try:
        game = parse_game(gtext)
    except KgnError as exc:
        result.diagnostics.append(_to_dict(exc))
        return result
    report = check(game, file=file, index=index, source=gtext.source_line)
    result.rounds = report.checked
    result.suppressed = report.suppressed
    result.diagnostics = [_to_dict(d) for d in report.diagnostics]
    return result


def check_all(
    chunks: Iterable[Chunk],
    jobs: int | None = None,
    on_chunk: Callable[[int], None] | None = None,
) -> Iterator[GameResult]:
    """Every game's result, in input order, using ``jobs`` processes (all cores by default);
    ``on_chunk(bytes)`` after each chunk (for a progress bar)."""
    for chunk, results in imap_games(check_game, chunks, jobs, warm=load_kind):
        yield from results
        if on_chunk:
            on_chunk(len(chunk.data))


def check_dask(chunks: Iterable[Chunk], address: str | None = None) -> Iterator[GameResult]:
    """The same per-game check with the chunks sent to Dask workers: on the cluster at
    ``address``, or on a local cluster started for the run.  Needs the ``dask`` extra."""
    from distributed import Client, LocalCluster

    from .pool import in_order

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

    def submit(fn: Callable[[Any], Any], item: Any) -> Any:
        return client.submit(fn, item, pure=False)

    try:
        for _, results in in_order(check_game, iter(chunks), submit, 8 * workers):
            yield from results
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
