"""``kozyr serve``: a recorder and live board for the phones at a real table.

A local web server keeps the ``.kgn`` files of one folder: a phone records a game by
tapping (the same checks, lock and atomic saves as ``kozyr record``), any other device
watches it live on ``kozyr html``'s card table, a seat's link showing only what that seat
may see.  :mod:`.keys` says who may do what, :mod:`.rooms` keeps the games, :mod:`.app` is
the web application, :func:`serve` runs it.
"""

from __future__ import annotations

from .app import create_app
from .keys import Keys
from .rooms import Games

__all__ = ["Games", "Keys", "create_app"]
