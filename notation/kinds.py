"""The registry of notation kinds: what each game's KGN is (its grammar, records, readers
and writer), by the name of its ``Game`` tag.

A game's notation is one package, ``notation/<game>/``: its records, its fast reader, the
builder of its Lark grammar (``grammar/<grammar>.lark``) and its writer, bundled as a
:class:`NotationKind` and named by one line of :data:`KINDS`.  Nothing else in
``notation`` names a game: the splitter, the readers' shared parts, the writer's, JSON and
the schema ask the kind.  A package is imported the first time a record of its game comes.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from .builder import Builder
    from .records import GameRecord, Node
    from .write import Writer

__all__ = ["KINDS", "NotationKind"]


class NotationKind:
    """Everything one game's notation brings, as a class: a game's notation is a subclass
    that names its game, record class and words (and its grammar, where that is not the
    one named as the game) and overrides the readers and writers by name (mypy checks
    each); a variant read and written as its game is a subclass that gives only its own
    name (Burkozel's of Bura's).  Its one instance is the package's ``KIND``."""

    name: str
    """The ``Game`` tag's value: the record's ``kind``."""
    grammar: str
    """The Lark grammar that reads it (``grammar/<grammar>.lark``): the one named as the
    game, unless a subclass names another (a variant inherits its game's)."""
    record: type[GameRecord]
    """The class of its game records."""
    keywords: frozenset[str] = frozenset()
    """The words of its body: a player of that name is written quoted."""
    words: tuple[str, ...] = ()
    """The words an event line may start with (``bid``, ``draw`` ...): what ``read_event``
    takes as a whole event rather than a card played."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if not hasattr(cls, "grammar") and hasattr(cls, "name"):
            cls.grammar = cls.name

    def read(self, text: str, first_line: int, /) -> GameRecord | None:
        """The fast reader: the record of a canonical text (its first line's number), or
        None where the text is anything else (the grammar then reads it)."""
        raise NotImplementedError

    def builder(self) -> Builder:
        """A builder of records while the grammar's parser reduces (Lark loads with it)."""
        raise NotImplementedError

    def write_round(self, writer: Writer, round: Node, /) -> None:
        """Writes one round (a hand, a deal) as canonical text."""
        raise NotImplementedError

    def write_event(self, event: Node, /) -> str:
        """One event (a call, a card, a draw ...) as the line the writer gives it."""
        raise NotImplementedError


class _Registry(Mapping[str, NotationKind]):
    """The notation kinds by name, each imported the first time it is asked for."""

    def __init__(self, places: dict[str, str]) -> None:
        self._places = places
        self._kinds: dict[str, NotationKind] = {}

    def __getitem__(self, name: str) -> NotationKind:
        kind = self._kinds.get(name)
        if kind is None:
            module, _, attribute = self._places[name].partition(":")
            kind = getattr(importlib.import_module(module), attribute)
            assert isinstance(kind, NotationKind)
            self._kinds[name] = kind
        return kind

    def __iter__(self) -> Iterator[str]:
        return iter(self._places)

    def __len__(self) -> int:
        return len(self._places)

    def __contains__(self, name: object) -> bool:
        return name in self._places


KINDS: Final[Mapping[str, NotationKind]] = _Registry(
    {
        "thousand": "notation.thousand:KIND",
        "bura": "notation.bura:KIND",
        "burkozel": "notation.burkozel:KIND",
        "sixtysix": "notation.sixtysix:KIND",
    }
)
"""Every game KGN knows, by the name of its ``Game`` tag."""
