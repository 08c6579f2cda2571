"""A record made from its fields by position, in C (``recordmaker.c``); see :func:`notation.records.maker`."""

from collections.abc import Sequence
from typing import Any

FROM_DEFAULT: int
NEW_LIST: int
CALL_FACTORY: int

class Maker:
    def __init__(self, cls: type, nargs: int, slots: Sequence[tuple[object, int, object]], /) -> None: ...
    def __call__(self, *args: Any) -> Any: ...
