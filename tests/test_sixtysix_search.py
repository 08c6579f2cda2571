"""Sixty-six's own search (replay/sixtysix/dealsearch.c, DealSearch in replay/sixtysix/__init__.py): the
game-free solver's faster twin, which lets the decisions of the open phase be judged in
the dark.  It exists only where the package was compiled; the game-free solver is its
reference."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections import Counter

import pytest
from conftest import ROOT, SAMPLES

from replay.sixtysix import DealSearch
from replay.sixtysix.engine import RULEBOOK
from replay.sixtysix.table import SixtySixTable
from replay.solve import Solver, TooLarge, child, options, search_at

pytestmark = pytest.mark.skipif(not DealSearch.built(), reason="the package was installed without its C searches")

KOZYR = [sys.executable, "-c", "from replay.cli import main; main()"]

RULES = ["classic", "classic last-trick=0", "classic nine-exchange=off", "classic closing=off", "classic marriage-late=off"]


def positions(seed: int, count: int) -> list[SixtySixTable]:
    """Random positions of random deals, every switch, a tie's point carried in some: each
    reached by random choices (a player goes out one time in ten)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        table = SixtySixTable(["Anna", "Boris"], rules=RULEBOOK.parse(rng.choice(RULES)), bonus=rng.choice([0, 0, 1]))
        table.push(table.chance_move(rng))  # type: ignore[arg-type]
        for _ in range(rng.randint(10, 34)):
            moves = options(table)
            if not moves or table.results:
                break
            on = [m for m in moves if type(m).__name__ != "GoOut"]
            table = child(table, rng.choice(on if on and rng.random() < 0.9 else moves))
        if not table.results and table.round is not None:
            out.append(table)
    return out


def held_to_the_solver(table: SixtySixTable, budget: int) -> list[int]:
    """The seats of ``table`` whose value the C search finds equal to the game-free solver's
    (given ``budget`` positions), each reaching its value and not one game point more; a
    seat the solver does not finish is left out."""
    exact = Solver.at(table, budget)
    fast = search_at(table, 10**8)
    assert isinstance(fast, DealSearch)
    seats = []
    for seat in (0, 1):
        try:
            value = exact.value(table, seat)
        except TooLarge:
            continue
        assert fast.value(table, seat) == value, (table.moves, seat)
        assert fast.reaches(table, seat, value) and not fast.reaches(table, seat, value + 1)
        seats.append(seat)
    return seats


def test_the_c_search_equals_the_game_free_solver_position_by_position() -> None:
    """In random positions of every kind (the stock open, closed or gone; a lead, an
    answer, the draws due, every card played; marriages shown, the nine exchanged), both
    seats' values, and whether each reaches its value and one more, are the game-free
    solver's."""
    kinds: Counter[str] = Counter()
    for table in positions(7, 70):
        deal = table.round
        assert deal is not None
        for _ in held_to_the_solver(table, 30_000):
            kinds["stock open" if not deal.strict else "closed" if deal.closed_by is not None else "stock gone"] += 1
            kinds[deal.phase] += 1
            kinds["marriage shown"] += bool(deal.marriages)
    assert kinds["stock open"] >= 20 and kinds["closed"] >= 10 and kinds["stock gone"] >= 10, kinds
    assert kinds["follow"] >= 10 and kinds["draw"] >= 5 and kinds["marriage shown"] >= 10, kinds


def strict_positions(seed: int, count: int) -> list[SixtySixTable]:
    """Random positions once the stock is closed or gone (where most of a search's positions
    lie, and where each side's best case most often ends a search), every switch."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        table = SixtySixTable(["Anna", "Boris"], rules=RULEBOOK.parse(rng.choice(RULES)), bonus=rng.choice([0, 1]))
        table.push(table.chance_move(rng))  # type: ignore[arg-type]
        extra = rng.randint(0, 8)
        while not table.results and table.round is not None and extra >= 0:
            moves = [m for m in options(table) if type(m).__name__ != "GoOut"] or options(table)
            if not moves:
                break
            table = child(table, rng.choice(moves))
            extra -= table.round is not None and table.round.strict
        if not table.results and table.round is not None and table.round.strict:
            out.append(table)
    return out


def test_once_the_stock_is_closed_or_gone_the_c_search_equals_the_game_free_solver() -> None:
    """The search stops where the most a side could still make of the deal (every trick
    left, every marriage it holds) is beyond what is asked, and tries the cards in an order
    of its own: neither changes a value.  In 150 positions after a close or the last draw
    (marriages that may still be shown where marriage-late allows them, a tie's point
    carried in some), both seats' values and the bounds either side of them are the
    game-free solver's."""
    kinds: Counter[str] = Counter()
    for table in strict_positions(3, 150):
        deal = table.round
        assert deal is not None
        assert held_to_the_solver(table, 100_000) == [0, 1], table.moves
        kinds["closed" if deal.closed_by is not None else "stock gone"] += 1
        kinds["a tie's point carried"] += table.match.bonus > 0
        kinds["a marriage to show"] += any(type(m).__name__ == "PlayCard" and m.marriage for m in options(table))  # type: ignore[attr-defined]
    assert kinds["closed"] >= 30 and kinds["stock gone"] >= 30 and kinds["a tie's point carried"] >= 30, kinds
    assert kinds["a marriage to show"] >= 5, kinds


def test_the_c_search_is_some_hundreds_of_times_as_fast() -> None:
    """What it is for: a position of the open phase that the game-free solver takes a
    second or more for takes the C search some milliseconds."""
    table = next(t for t in positions(11, 40) if t.round is not None and not t.round.strict and len(t.round.stock or []) >= 6)
    start = time.process_time()
    fast = search_at(table, 10**8).value(table, 0)
    quick = time.process_time() - start
    start = time.process_time()
    try:
        slow = Solver.at(table, 200_000).value(table, 0)
    except TooLarge:
        slow = None  # larger still
    took = time.process_time() - start
    assert slow is None or slow == fast
    assert took > 20 * quick, (took, quick)


def test_the_decisions_of_the_open_phase_are_judged_in_the_dark() -> None:
    """Deal 5 of samples/sixtysix/01-close-made-and-failed.kgn, trick 3, the stock open:
    Olga counts 46 (two tricks and her trump marriage) and holds TC QC JC, the three highest
    trumps in play once the stock is closed (the turned ace then stays out).  Over layouts
    of what she had not seen (Ivan's hand, the stock's order) closing wins 3 game points in
    every one; her QD, leaving the stock open, less.  And at trick 5 her going out with 61
    after closing fails the close (S11): -3, where playing on won."""
    out = subprocess.run(
        [*KOZYR, "analyze", "--hand", "5", "--simulate", "100", str(SAMPLES / "sixtysix" / "01-close-made-and-failed.kgn")],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    qd = next(x for x in lines if "3. Olga QD in the dark (" in x)  # over its share of the layouts
    assert "; close expects +3 (" in qd
    gone = next(x for x in lines if "5. Olga out in the dark (100 layouts)" in x)
    assert "expects -3 game points; TS expects +3" in gone
    # docs/analysis.md shows this run as it prints
    doc = (ROOT / "docs" / "analysis.md").read_text(encoding="utf-8")
    assert "```text\n" + out.stdout + "```" in doc
