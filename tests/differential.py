"""Comparing the fast readers with the Lark grammar: records and their source positions."""

from __future__ import annotations

from typing import Any

from notation.records import record_items


def positions(x: Any, out: list[tuple[str, object]]) -> list[tuple[str, object]]:
    """Every node of a record with its source position, in order."""
    if hasattr(x, "__dataclass_fields__"):
        out.append((type(x).__name__, x.pos))
        for key, value in record_items(x):
            if key != "pos":
                positions(value, out)
    elif isinstance(x, list):
        for value in x:
            positions(value, out)
    return out
