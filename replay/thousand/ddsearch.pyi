"""The double-dummy search in C (``ddsearch.c``); see :mod:`replay.thousand.dd`."""

from collections.abc import Sequence

class Search:
    nodes: int
    def __init__(
        self,
        must_overtake: bool,
        marriage_first_trick: bool,
        trump_next_trick: bool,
        ace_marriage: int,
        marriage_values: tuple[int, int, int, int],
        /,
    ) -> None: ...
    def value(
        self,
        h0: int,
        h1: int,
        h2: int,
        turn: int,
        declarer: int,
        trick_cards: Sequence[int],
        trick_seats: Sequence[int],
        trump: int,
        next_trump: int,
        first: bool,
        alpha: int,
        beta: int,
        /,
    ) -> int: ...
