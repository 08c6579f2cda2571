"""Sixty-six's exact search of a deal in C (``dealsearch.c``); see :mod:`replay.sixtysix`."""

from collections.abc import Sequence

class Search:
    nodes: int
    def __init__(
        self, bonus: int, last_trick: bool, exchange: bool, closing: bool, marriage_late: bool, budget: int, /
    ) -> None: ...
    def value(
        self,
        h0: int,
        h1: int,
        stock: Sequence[int],
        turned: int,
        turn: int,
        leader: int,
        phase: int,
        led: int,
        points: tuple[int, int],
        marriages: tuple[int, int],
        tricks: tuple[int, int],
        closed_by: int,
        tricks_at_close: int,
        exhausted: bool,
        out_right: int,
        last_winner: int,
        seat: int,
        alpha: int,
        beta: int,
        /,
    ) -> int | None: ...
