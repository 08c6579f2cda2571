"""KGN, the Kozyr Game Notation: cards, records, reader, writer and JSON.

>>> import notation
>>> text = '''[Game "thousand"]
... [Players "Anna" "Boris" "Vera"]
... [Dealer "Vera"]
... [Rules "classic"]
...
... hand 1
...   bid anna 100, Boris pass, Vera pass
... '''
>>> game = notation.loads(text)
>>> game.hands[0].auction[0].seat
'Anna'
>>> print(notation.dumps(game), end="")
[Game "thousand"]
[Players "Anna" "Boris" "Vera"]
[Dealer "Vera"]
[Rules "classic"]
<BLANKLINE>
hand 1
  bid Anna 100, Boris pass, Vera pass
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import IO

from .cards import Card, Rank, Suit, canonical_card, card_code, card_points, parse_card
from .errors import IllegalMoveError, KgnError, KgnSyntaxError, RulesConfigError, WrongFactError
from .parse import iter_games, parse_game, read_game, split_games
from .records import AnyGame, BuraGame, Game, GameRecord, ThousandGame
from .write import write_game

__all__ = [
    "AnyGame",
    "BuraGame",
    "Card",
    "Game",
    "IllegalMoveError",
    "KgnError",
    "KgnSyntaxError",
    "Rank",
    "RulesConfigError",
    "Suit",
    "ThousandGame",
    "WrongFactError",
    "canonical_card",
    "card_code",
    "card_points",
    "dump",
    "dumps",
    "iter_games",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "parse_card",
    "parse_game",
    "read_game",
    "split_games",
    "write_game",
]

__version__ = "0.1.0"


def loads_all(text: str, *, file: str | None = None) -> list[Game]:
    """Every game of a KGN text (raises :class:`KgnError` at the first bad one)."""
    return list(iter_games(io.StringIO(text), file=file))


def load_all(handle: IO[str] | IO[bytes], *, file: str | None = None) -> list[Game]:
    return list(iter_games(handle, file=file))


def loads(text: str, *, file: str | None = None) -> Game:
    """The one game of a KGN text; a text of several games is an error (use
    :func:`loads_all` or :func:`iter_games`)."""
    games = loads_all(text, file=file)
    if len(games) != 1:
        raise KgnError(
            f"expected one game, found {len(games)}", code="game-count", file=file, line=1, column=1
        )
    return games[0]


def load(handle: IO[str] | IO[bytes], *, file: str | None = None) -> Game:
    games = load_all(handle, file=file)
    if len(games) != 1:
        raise KgnError(f"expected one game, found {len(games)}", code="game-count", file=file)
    return games[0]


def dumps(games: Game | Iterable[Game]) -> str:
    """Canonical KGN text of one game or of several (separated by a blank line)."""
    if isinstance(games, GameRecord):
        return write_game(games)
    return "\n".join(write_game(g) for g in games)


def dump(games: Game | Iterable[Game], handle: IO[str]) -> None:
    handle.write(dumps(games))
