"""Package attributes that load their module when first used (PEP 562), so that a command
that needs none of them (``kozyr --help``) starts at once."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

__all__ = ["lazy_attributes"]


def lazy_attributes(
    package: str, modules: dict[str, str], namespace: dict[str, Any]
) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``modules`` maps each attribute to the
    module (relative to ``package``) that defines it; a value once loaded is kept in
    ``namespace`` (the package's globals)."""

    def __getattr__(name: str) -> Any:
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module, package), name)
        namespace[name] = value
        return value

    return __getattr__
