"""Comparing the fast readers with the Lark grammar: records and their source positions."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


def positions(x: Any, out: list[tuple[str, object]]) -> list[tuple[str, object]]:
    """Every node of a record with its source position, in order."""
    if isinstance(x, BaseModel):
        out.append((type(x).__name__, x.__dict__.get("pos")))
        for key, value in x.__dict__.items():
            if key != "pos":
                positions(value, out)
    elif isinstance(x, list):
        for value in x:
            positions(value, out)
    return out
