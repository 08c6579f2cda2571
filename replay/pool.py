"""Work spread over processes, results in input order.

Two shapes: :func:`imap_ordered` for any items (the double-dummy solver's tasks), and
:func:`imap_games` for the games of files, which the workers read themselves: the main
process only cuts the files into chunks of bytes (:func:`notation.parse.read_chunks`), so
it neither splits games nor sends their text, and checks afterwards that each cut fell
between two games and that each game got its right number.
"""

from __future__ import annotations

import itertools
import os
import struct
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from functools import partial
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar

from notation.parse import Chunk, split_chunk

if TYPE_CHECKING:
    from notation.gametext import GameText

__all__ = ["Submit", "WorkerLost", "imap_games", "imap_ordered", "in_order"]

_T = TypeVar("_T")
_R = TypeVar("_R")
_R_co = TypeVar("_R_co", covariant=True)


class _Pending(Protocol[_R_co]):
    def result(self) -> _R_co: ...
    def cancel(self) -> bool: ...


Submit = Callable[[Callable[[Any], Any], Any], _Pending[Any]]
"""``submit(fn, item)``: ``fn(item)`` started, its result to be asked for later (a
:class:`concurrent.futures.Future`, a Dask future, or work done here when it is asked for)."""


class WorkerLost(RuntimeError):
    """A worker process stopped without giving its results (killed, or out of memory)."""


class _Later(Generic[_R]):
    """Work done here, when its result is asked for (so that work in flight holds no
    results in memory, and work given up costs nothing)."""

    __slots__ = ("fn", "item")

    def __init__(self, fn: Callable[[Any], _R], item: Any) -> None:
        self.fn, self.item = fn, item

    def result(self) -> _R:
        return self.fn(self.item)

    def cancel(self) -> bool:
        return True


_CAN_FORK = hasattr(os, "fork") and sys.platform.startswith("linux")
"""Workers are forked (:class:`_ForkPool`); elsewhere :mod:`concurrent.futures` starts them."""

_PIPE_SIZE: Final = 1 << 18
"""Bytes a worker's task pipe holds: two chunks and their headers, so that sending them
rarely waits for the worker to read."""

_HEAD: Final = struct.Struct("<Q")
"""Each message on a pipe: its length, then the pickle."""


class _Ticket:
    """Work sent to (or waiting for) a forked worker; ``result()`` waits for it."""

    __slots__ = ("done", "error", "payload", "pool", "value")

    def __init__(self, pool: _ForkPool, payload: bytes) -> None:
        self.pool, self.payload = pool, payload
        self.done = False
        self.value: Any = None
        self.error: BaseException | None = None

    def result(self) -> Any:
        while not self.done:
            self.pool.pump()
        if self.error is not None:
            raise self.error
        return self.value

    def cancel(self) -> bool:
        return False  # work sent is done; its result is read and dropped


class _Worker:
    __slots__ = ("inbox", "outbox", "pid", "results", "tasks", "waiting")

    def __init__(self, pid: int, tasks: int, results: int) -> None:
        self.pid, self.tasks, self.results = pid, tasks, results
        self.outbox = bytearray()  # what its task pipe has not taken yet
        self.inbox = bytearray()  # what came from its result pipe, not yet a whole message
        self.waiting: deque[_Ticket] = deque()  # sent to it, in the order it answers


class _ForkPool:
    """Worker processes forked from this one, each fed through its own pipes, with no thread
    in this process: the work is sent and the results read while a result is waited for.
    Each worker has at most two pieces of work sent (one running, one next), so it never
    waits for this process; the rest wait here and go to whichever worker is free first.
    Writes to a worker never block (a full pipe keeps the rest in ``outbox``), so a worker
    writing a large result and this process sending work cannot wait on each other."""

    def __init__(self, jobs: int) -> None:
        self.workers: list[_Worker] = []
        self.queue: deque[_Ticket] = deque()
        try:
            for _ in range(jobs):
                try:
                    self._start()
                except OSError:  # no process or pipe to be had: the ones started do the work
                    if not self.workers:
                        raise
                    break
        except BaseException:
            self.close()
            raise

    def _start(self) -> None:
        import fcntl  # here: Linux only, like the fork

        task_read, task_write = os.pipe()
        result_read, result_write = os.pipe()
        with suppress(OSError):  # room for both pieces of work sent (the default is 64 KB)
            fcntl.fcntl(task_write, fcntl.F_SETPIPE_SZ, _PIPE_SIZE)
        pid = os.fork()
        if pid == 0:  # the worker: serves until its task pipe closes, never returns
            code = 1
            try:
                for other in self.workers:  # or they would not see their pipes close
                    os.close(other.tasks)
                    os.close(other.results)
                os.close(task_write)
                os.close(result_read)
                _serve(task_read, result_write)
                code = 0
            finally:
                os._exit(code)  # no exit handlers or buffers of the parent's run here
        os.close(task_read)
        os.close(result_write)
        os.set_blocking(task_write, False)
        self.workers.append(_Worker(pid, task_write, result_read))

    def submit(self, fn: Callable[[Any], Any], item: Any) -> _Ticket:
        import pickle  # here: a command that starts no processes does not load it

        ticket = _Ticket(self, pickle.dumps((fn, item), pickle.HIGHEST_PROTOCOL))
        self.queue.append(ticket)
        self._dispatch()
        return ticket

    def _dispatch(self) -> None:
        while self.queue:
            worker = min(self.workers, key=lambda w: len(w.waiting))
            if len(worker.waiting) >= 2:
                return
            ticket = self.queue.popleft()
            worker.waiting.append(ticket)
            head, payload = _HEAD.pack(len(ticket.payload)), ticket.payload
            ticket.payload = b""
            # Usually the pipe takes it all at once, with no copy here; else it waits in
            # the outbox, behind what already waits there.
            sent = 0 if worker.outbox else self._write(worker, [head, payload])
            if sent < len(head) + len(payload):
                worker.outbox += (head + payload)[sent:]

    def _send(self, worker: _Worker) -> None:
        del worker.outbox[: self._write(worker, [worker.outbox])]

    def _write(self, worker: _Worker, parts: list[Any]) -> int:
        """What the worker's task pipe takes of ``parts`` now (it never waits)."""
        try:
            return os.writev(worker.tasks, parts)
        except BlockingIOError:
            return 0
        except BrokenPipeError:
            raise self._lost(worker) from None

    def pump(self) -> None:
        """Wait until a worker can take more work or has answered; send and read."""
        import select

        if not self.workers:
            raise WorkerLost("no worker process is left")
        poll = select.poll()
        for w in self.workers:
            if w.waiting:
                poll.register(w.results, select.POLLIN)
            if w.outbox:
                poll.register(w.tasks, select.POLLOUT)
        ready = {fd for fd, _ in poll.poll()}
        for w in self.workers:
            if w.tasks in ready:
                self._send(w)
            if w.results in ready:
                self._receive(w)
        self._dispatch()

    def _receive(self, worker: _Worker) -> None:
        import pickle

        data = os.read(worker.results, 1 << 16)
        if not data:
            raise self._lost(worker)
        inbox = worker.inbox
        inbox += data
        while len(inbox) >= _HEAD.size:
            (size,) = _HEAD.unpack_from(inbox)
            end = _HEAD.size + size
            if len(inbox) < end:
                break
            ok, value = pickle.loads(inbox[_HEAD.size : end])
            del inbox[:end]
            ticket = worker.waiting.popleft()
            ticket.done = True
            if ok:
                ticket.value = value
            else:
                ticket.error = value

    def _lost(self, worker: _Worker) -> WorkerLost:
        _, status = os.waitpid(worker.pid, 0)
        self.workers.remove(worker)
        os.close(worker.tasks)
        os.close(worker.results)
        how = (
            f"killed by signal {os.WTERMSIG(status)}"
            if os.WIFSIGNALED(status)
            else f"exit status {os.waitstatus_to_exitcode(status)}"
        )
        error = WorkerLost(f"a worker process stopped ({how}) before it finished its work")
        for ticket in worker.waiting:
            ticket.done, ticket.error = True, error
        return error

    def close(self) -> None:
        """Close the pipes (each worker ends when it sees its task pipe closed); workers
        still busy with work nobody will read are stopped."""
        import signal

        for w in self.workers:
            os.close(w.tasks)
            os.close(w.results)
            if w.waiting:
                with suppress(ProcessLookupError):
                    os.kill(w.pid, signal.SIGTERM)
        for w in self.workers:
            with suppress(ChildProcessError):
                os.waitpid(w.pid, 0)
        self.workers.clear()


def _serve(tasks: int, results: int) -> None:
    """A forked worker's loop: read ``(fn, item)``, answer ``(True, fn(item))`` or
    ``(False, the exception)``, until the task pipe closes."""
    import pickle
    import traceback

    with open(tasks, "rb", buffering=1 << 17) as stream:
        while len(head := stream.read(_HEAD.size)) == _HEAD.size:
            (size,) = _HEAD.unpack(head)
            fn, item = pickle.loads(stream.read(size))
            try:
                answer = pickle.dumps((True, fn(item)), pickle.HIGHEST_PROTOCOL)
            except Exception as exc:
                exc.add_note("in a worker process:\n" + "".join(traceback.format_exception(exc)))
                try:
                    answer = pickle.dumps((False, exc), pickle.HIGHEST_PROTOCOL)
                except Exception:  # an exception that does not pickle: its text
                    error = RuntimeError(f"{type(exc).__name__}: {exc}")
                    answer = pickle.dumps((False, error), pickle.HIGHEST_PROTOCOL)
            view = memoryview(_HEAD.pack(len(answer)) + answer)
            while view:
                view = view[os.write(results, view) :]


@contextmanager
def _workers(jobs: int, warm: Callable[[], object] | None = None) -> Iterator[Submit]:
    """``submit`` on ``jobs`` processes (1: here).  ``warm()`` runs here before the
    processes start: a little of the work, so that what it imports is imported once, here,
    and not in every process (they are forked from here)."""
    if jobs == 1:
        yield _Later
        return
    if warm is not None:
        warm()
    if _CAN_FORK:
        pool = _ForkPool(jobs)
        try:
            yield pool.submit
        finally:
            pool.close()
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as executor:
        yield executor.submit


def most_workers() -> int:
    """The most worker processes worth starting here: two for each core, and no more than
    the process's descriptors allow (each worker holds two pipes).

    >>> 1 <= most_workers() <= 2 * (os.cpu_count() or 1)
    True
    """
    most = 2 * (os.cpu_count() or 1)
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):
        return most
    if soft != resource.RLIM_INFINITY:
        most = min(most, max(1, (soft - 32) // 4))
    return most


def _how_many(jobs: int | None, items: Iterable[_T]) -> tuple[int, list[_T], Iterator[_T]]:
    """The processes to use (all cores by default, never more than the pieces of work nor
    than :func:`most_workers`; 1 for a single item: starting processes costs more), the
    first items, and all the items again."""
    source = iter(items)
    want = min(jobs or os.cpu_count() or 1, most_workers())
    ahead = list(itertools.islice(source, max(want, 2)))
    jobs = min(want, len(ahead)) if len(ahead) >= 2 else 1
    return jobs, ahead, itertools.chain(ahead, source)


def imap_ordered(
    fn: Callable[[_T], _R], items: Iterable[_T], jobs: int | None = None
) -> Iterator[tuple[_T, _R]]:
    """``(item, fn(item))`` for every item, in input order, on ``jobs`` processes (all cores
    by default; 1, or a single item: in this process).  At most ``3 * jobs`` items are in
    flight."""
    jobs, _, items = _how_many(jobs, items)
    with _workers(jobs) as submit:
        window: deque[tuple[_T, _Pending[_R]]] = deque()
        for item in items:
            window.append((item, submit(fn, item)))
            while len(window) >= 3 * jobs:
                first, future = window.popleft()
                yield first, future.result()
        while window:
            first, future = window.popleft()
            yield first, future.result()


def _run_chunk(per_game: Callable[[GameText], _R], chunk: Chunk) -> tuple[list[_R], bool]:
    """A worker's job: the chunk's games, each through ``per_game``, and whether the chunk
    ended inside a game."""
    games, open_end = split_chunk(chunk)
    return [per_game(gtext) for gtext in games], open_end


def imap_games(
    per_game: Callable[[GameText], _R],
    chunks: Iterable[Chunk],
    jobs: int | None = None,
    warm: Callable[[GameText], object] | None = None,
) -> Iterator[tuple[Chunk, list[_R]]]:
    """``per_game`` of every game of the chunks, in input order, a chunk's games at a time,
    on ``jobs`` processes (all cores by default; 1, or a single chunk: in this process).
    The games and their numbers and lines are exactly what :func:`notation.parse.split_games`
    gives, whatever the text: see :func:`in_order`.  ``warm``, if given, runs here on the
    first game before the processes start, to import once what they all need
    (:func:`replay.games.load_kind`)."""
    jobs, ahead, source = _how_many(jobs, chunks)

    def warm_up() -> None:  # the first game's reader and rules, imported before the fork
        games, _ = split_chunk(ahead[0])
        if games and warm is not None:
            warm(games[0])

    with _workers(jobs, warm_up if warm is not None else None) as submit:
        yield from in_order(per_game, source, submit, 3 * jobs)


def in_order(
    per_game: Callable[[GameText], _R], chunks: Iterator[Chunk], submit: Submit, ahead: int
) -> Iterator[tuple[Chunk, list[_R]]]:
    """The chunks' games through ``per_game``, ``ahead`` chunks in flight on ``submit``, put
    right here as they come back, in input order:

    - a chunk whose first game has another number than the games before it make (a
      header that did not begin a game: a ``[`` line in a comment, a header with no moves)
      goes again, with every chunk of its input in flight, with the right numbers, and
      later chunks of that input are sent numbered right;
    - a chunk that ends inside a game (the cut after it fell in a comment, or between a
      header and its moves) is joined with the next and split again here.
    """
    work = partial(_run_chunk, per_game)
    pending: deque[tuple[Chunk, _Pending[tuple[list[_R], bool]]]] = deque()
    shift_source, shift = -1, 0  # what to add to the guessed numbers of one input's chunks
    current, next_index = -1, 1

    def send(chunk: Chunk) -> None:
        if chunk.source == shift_source:
            chunk = chunk._replace(first_index=chunk.first_index + shift)
        pending.append((chunk, submit(work, chunk)))

    def fill() -> None:
        while len(pending) < ahead and (chunk := next(chunks, None)) is not None:
            send(chunk)

    def closed(chunk: Chunk) -> tuple[Chunk, list[GameText]]:
        """The chunk joined with as many after it as it takes to end outside a game, and its
        games: each round takes as much again as it has (so the text is split a bounded
        number of times over, however long the game), and the games are read and checked
        once, after."""
        games: list[GameText] = []
        open_end = True
        while open_end and not chunk.last:
            more, size, last = [], 0, False
            while not last and size < len(chunk.data):
                if pending:
                    after, old = pending.popleft()
                    old.cancel()
                else:
                    after = next(chunks)  # not the last chunk: its input goes on
                more.append(after)
                size, last = size + len(after.data), after.last
            chunk = chunk.joined(*more)
            games, open_end = split_chunk(chunk)
        return chunk, games

    fill()
    while pending:
        chunk, future = pending.popleft()
        if chunk.source != current:
            current, next_index = chunk.source, 1
        if chunk.first_index != next_index:
            by = next_index - chunk.first_index
            shift = by + (shift if shift_source == chunk.source else 0)
            shift_source = chunk.source
            again = [(chunk, future), *pending]
            pending.clear()
            for item, old in again:
                if item.source == chunk.source:
                    old.cancel()
                    item = item._replace(first_index=item.first_index + by)
                    pending.append((item, submit(work, item)))
                else:
                    pending.append((item, old))
            chunk, future = pending.popleft()
        results, open_end = future.result()
        if open_end and not chunk.last:
            chunk, games = closed(chunk)
            results = [per_game(gtext) for gtext in games]
        next_index += len(results)
        yield chunk, results
        fill()
