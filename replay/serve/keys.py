"""Who may do what on a served folder: links carry a token, an HMAC of what it allows.

The server's secret lives in ``DIR/.kozyr-serve.key`` (readable by its owner only), so the
links of a game stay good when the server is started again.  A token allows one of:

``admin``            the list of games, new games, and everything below on every game;
``write`` + NAME     recording game NAME (and watching it);
``watch`` + NAME     watching game NAME with every card;
``seat`` + NAME + S  watching game NAME as seat S sees it.

A watching token cannot write; a seat's token shows nothing another seat holds.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import os
import secrets
from pathlib import Path

__all__ = ["KEY_FILE", "Keys"]

KEY_FILE = ".kozyr-serve.key"


class Keys:
    """The tokens of one server's links."""

    def __init__(self, secret: bytes) -> None:
        self.secret = secret

    @classmethod
    def of_folder(cls, folder: Path) -> tuple[Keys, str | None]:
        """The folder's keys (made on first use), and a note when they could not be kept
        (a folder that cannot be written: the links then last as long as the server)."""
        path = folder / KEY_FILE
        try:
            if path.is_symlink():
                raise OSError("a link")
            text = path.read_text(encoding="ascii").strip()
            if len(text) >= 32:
                return cls(text.encode("ascii")), None
        except (OSError, UnicodeDecodeError):
            pass
        text = secrets.token_hex(32)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
            with contextlib.closing(os.fdopen(fd, "w", encoding="ascii")) as handle:
                handle.write(text + "\n")
        except OSError as exc:
            return cls(text.encode("ascii")), f"cannot keep the links' key in {path} ({exc.strerror or exc}): links last until the server stops"
        return cls(text.encode("ascii")), None

    def token(self, role: str, name: str = "", seat: str = "") -> str:
        message = "\0".join((role, name, seat)).encode("utf-8")
        digest = hmac.new(self.secret, message, hashlib.sha256).digest()[:18]
        return base64.urlsafe_b64encode(digest).decode("ascii")

    def allows(self, token: str | None, role: str, name: str = "", seat: str = "") -> bool:
        """Whether ``token`` allows ``role`` (``admin`` allows every role)."""
        if not token or len(token) > 64:
            return False
        if hmac.compare_digest(token, self.token("admin")):
            return True
        return role != "admin" and hmac.compare_digest(token, self.token(role, name, seat))
