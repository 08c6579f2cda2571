"""The kozyr replay engines: rules, legal moves, checking records, generating games."""

from __future__ import annotations

__all__: list[str] = []
