"""Work spread over processes, results in input order (the hand or batch is the unit)."""

from __future__ import annotations

import itertools
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future

__all__ = ["imap_ordered"]

_T = TypeVar("_T")
_R = TypeVar("_R")


def imap_ordered(
    fn: Callable[[_T], _R],
    items: Iterable[_T],
    jobs: int | None = None,
    warm: Callable[[_T], object] | None = None,
) -> Iterator[tuple[_T, _R]]:
    """``(item, fn(item))`` for every item, in input order, on ``jobs`` processes (all cores
    by default; 1, or a single item: in this process).  At most ``3 * jobs`` items are in
    flight.  ``warm(first item)`` runs here before the processes start: a little of the
    work, so that what it imports is imported once, here, and not in every process."""
    jobs = jobs or os.cpu_count() or 1
    items = iter(items)
    ahead = list(itertools.islice(items, 2))
    if jobs == 1 or len(ahead) < 2:  # one item is done here: starting processes costs more
        for item in itertools.chain(ahead, items):
            yield item, fn(item)
        return
    items = itertools.chain(ahead, items)
    from concurrent.futures import ProcessPoolExecutor  # only when there are processes

    if warm is not None:
        warm(ahead[0])  # the processes are forked from here (Linux): they start warm

    window: deque[tuple[_T, Future[_R]]] = deque()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for item in items:
            window.append((item, pool.submit(fn, item)))
            while len(window) >= 3 * jobs:
                first, future = window.popleft()
                yield first, future.result()
        while window:
            first, future = window.popleft()
            yield first, future.result()
