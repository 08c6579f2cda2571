"""Burkozel's notation: Bura's (``grammar/bura.lark``), under its own name and with its own
game record, as a variant is (:class:`notation.bura.BuraNotation`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..bura import BuraNotation
from ..bura.records import BuraGame

__all__ = ["KIND", "BurkozelGame", "BurkozelNotation"]


@dataclass(slots=True, kw_only=True, eq=False)
class BurkozelGame(BuraGame):
    """A session of Burkozel: Bura's record of a game, under Burkozel's name."""

    kind: Literal["burkozel"] = "burkozel"  # type: ignore[assignment]  # a variant's own name


class BurkozelNotation(BuraNotation):
    """Burkozel's notation: Bura's, read and written alike."""

    name = "burkozel"
    record = BurkozelGame


KIND = BurkozelNotation()
"""Burkozel's notation kind (:data:`notation.kinds.KINDS`)."""
