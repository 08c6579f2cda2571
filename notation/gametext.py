"""The text of one game as the splitter found it in a file, with its place there."""

from __future__ import annotations

from array import array
from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from .errors import KgnSyntaxError

__all__ = ["GameText"]


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class GameText:
    """The text of one game as it stood in the input."""

    text: str
    first_line: int  # line number of the game's first line in the file
    index: int  # 1-based position of the game in the file
    file: str | None = None
    encoding_error: KgnSyntaxError | None = None
    _starts: array[int] | None = None

    def source_line(self, line: int) -> str | None:
        """The text of file line ``line`` (None outside the game); the line offsets are
        computed once (8 bytes a line), so many diagnostics of one game cost no more than
        one."""
        if self._starts is None:
            starts = array("q", [0])
            find = self.text.find
            i = find("\n")
            while i >= 0:
                starts.append(i + 1)
                i = find("\n", i + 1)
            self._starts = starts
        k = line - self.first_line
        if not 0 <= k < len(self._starts):
            return None
        start = self._starts[k]
        end = self._starts[k + 1] - 1 if k + 1 < len(self._starts) else len(self.text)
        return self.text[start:end]

    def syntax_error(
        self,
        message: str,
        line: int,
        column: int,
        *,
        code: str | None = None,
        hint: str | None = None,
    ) -> KgnSyntaxError:
        """A syntax error at ``line``:``column`` of this game, with its file, game number and
        source line."""
        return KgnSyntaxError(
            message,
            code=code,
            file=self.file,
            line=line,
            column=column,
            game=self.index,
            source=self.source_line(line),
            hint=hint,
        )
