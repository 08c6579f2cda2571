"""The escapes of KGN text, shared by both readers: ``\\u{HEX}`` in comments and strings."""

from __future__ import annotations

import re

__all__ = ["COMMENT_BODY", "code_point", "decode_comment", "unescape_string"]

_COMMENT_ESCAPE = re.compile(r"\\u\{([0-9A-Fa-f]{1,6})\}")
_STRING_ESCAPE = re.compile(r"\\(?:u\{([0-9A-Fa-f]{1,6})\}|(.))")

COMMENT_BODY = re.compile(
    r"[^}\\]*(?:(?:\\u\{[0-9A-Fa-f]{1,6}\}|\\(?!u\{[0-9A-Fa-f]{1,6}\}))[^}\\]*)*"
)
"""The inside of a ``{}`` comment up to its closing brace (``\\u{HEX}`` escapes skipped)."""


def code_point(hex_digits: str, text: str) -> str:
    """The character of a ``\\u{HEX}`` escape (``text``, the escape itself, when the
    number is not a character)."""
    value = int(hex_digits, 16)
    return chr(value) if value <= 0x10FFFF and not 0xD800 <= value <= 0xDFFF else text


def decode_comment(text: str) -> str:
    r"""A comment's text with its ``\u{HEX}`` escapes decoded (nothing else is an escape).

    >>> decode_comment("a \\u{7D} b")
    'a } b'
    """
    if "\\u{" not in text:
        return text
    return _COMMENT_ESCAPE.sub(lambda m: code_point(m.group(1), m.group(0)), text)


def unescape_string(token: str) -> str:
    r"""A quoted string's text (``token`` with its quotes): ``\"``, ``\\`` and
    ``\u{HEX}`` decoded.

    >>> unescape_string(r'"a \"b\" \u{41}"')
    'a "b" A'
    """
    body = token[1:-1]
    if "\\" not in body:
        return body
    return _STRING_ESCAPE.sub(
        lambda m: code_point(m.group(1), m.group(0)) if m.group(1) else m.group(2), body
    )
