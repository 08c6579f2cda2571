"""Bura's exact search of a deal of two to six players in C (``dealsearch.c``); see
:mod:`replay.bura`."""

from collections.abc import Sequence

class Search:
    nodes: int
    def __init__(
        self,
        playoff: bool,
        combo_size: int,
        hand_size: int,
        first_lead: int,
        rights_after_first_trick: bool,
        claims: int,
        void_end: bool,
        penalties: bool,
        open: bool,
        zero_points: bool,
        higher_card: bool,
        moskva_with_trump: bool,
        shokha: bool,
        redeal: bool,
        small_tens: bool,
        allowed: tuple[bool, bool, bool, bool, bool],
        instant: tuple[bool, bool, bool, bool, bool],
        budget: int,
        /,
    ) -> None: ...
    def value(
        self,
        hands: Sequence[int],
        table: int,
        best: int,
        k: int,
        laid: int,
        best_seat: int,
        pile: int,
        stock: Sequence[int | None],
        trump: int,
        phase: int,
        turn: int,
        leader: int,
        claim: int,
        due: int,
        first: bool,
        right: tuple[int, int],
        outranked: int,
        buras: Sequence[int],
        playoff: bool,
        points: Sequence[int],
        took: Sequence[bool],
        sides: Sequence[int],
        seat: int,
        alpha: int,
        beta: int,
        /,
    ) -> int | None: ...
