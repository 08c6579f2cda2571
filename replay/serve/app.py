"""The web application of ``kozyr serve`` (Starlette): pages and a small JSON API.

Routes (every one needs its link's token, ``?k=``; see :mod:`replay.serve.keys`)::

    GET  /                       the games of the folder, and a form for a new one (admin)
    POST /new                    start a game (admin)
    GET  /play/NAME              the recording page (write)
    GET  /watch/NAME[?seat=S]    the live board: kozyr html's page, following the game
    GET  /api/NAME/state         what the recording page shows (write)
    POST /api/NAME/entry         one entry: {"version", "answer" | "tally" | "undo"} (write)
    GET  /api/NAME/data          the board's data now (watch, or a seat's)
    GET  /api/NAME/events        server-sent events: the game's version after each change

Pages carry their script and style inline under a strict Content Security Policy; every
text from a record is made safe as in ``kozyr html`` and put on the page as text.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route

from notation.errors import safe_text
from notation.i18n import LANGUAGES, N_, current, language_of, rank_letters, tr, use

from ..games import GAMES
from ..page import csp_hash, page_document, page_policy, script_json
from ..record import SessionError
from .keys import Keys
from .rooms import BadName, Conflict, Games, Refused, Room, private

__all__ = ["MAX_BODY", "Guard", "create_app"]

HERE = Path(__file__).resolve().parent
MAX_BODY = 16 * 1024
"""The largest request body taken (an entry is a line; a new game's form a few lines)."""
MAX_ANTE_DIGITS = 6
"""The longest ante the new-game form takes (as its field does)."""
KEEPALIVE = 15.0
"""Seconds between the comments that keep an idle event stream open."""

PHONE_WORDS = (
    N_("or end the hand as a score sheet keeps it:"),
    N_("the hand as a score sheet keeps it:"),
    N_("enter"),
    N_("type an event\u2026"),
    N_("take the last word back"),
    N_("the server cannot be reached; nothing was entered. Try again."),
    N_("legal:"),
    N_("this game cannot be shown"),
    N_("the server cannot be reached"),
    N_("a whole number for each player"),
    N_("undo: sure?"),
    N_("undo"),
    N_("the server cannot be reached; nothing can be entered until it is back"),
    N_("the game is over: {result}"),
)
"""The recording page's own words (phone.js), given to it in the language of the request."""

INDEX_WORDS = (
    N_("the games of this folder"), N_("no games yet"), N_("A new game"), N_("file"), N_("game"),
    N_("players, in seat order"), N_("first dealer"), N_("rules"), N_("ante (a game played for a pot)"),
    N_("start"), N_("record"), N_("watch"), N_("as seen by:"),
)  # fmt: skip
"""The words of the list of games and its form for a new game."""

PLAY_WORDS = (
    N_("score sheet"), N_("undo"), N_("board"), N_("a new file's name"), N_("save as"),
    N_("an event in KGN"), N_("enter"), N_("the record"), N_("games"),
)  # fmt: skip
"""The words of the recording page's own HTML."""

LANGUAGE_COOKIE = "kozyr-lang"
"""Where a phone keeps the language chosen on a page (``?lang=ru`` sets it)."""


def accepted(header: str) -> str | None:
    """The first language of an ``Accept-Language`` header kozyr speaks, by the weights
    the browser gives (``ru-RU,ru;q=0.9,en;q=0.8`` is Russian).

    >>> accepted("de-DE,de;q=0.9,it;q=0.8,en;q=0.5"), accepted("fr"), accepted("*")
    ('it', None, None)
    """
    ranked = []
    for i, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        lang = language_of(tag.strip())
        if lang is not None and weight > 0:
            ranked.append((-weight, i, lang))
    return min(ranked)[2] if ranked else None


def request_language(scope: Any, default: str) -> tuple[str, bool]:
    """The language of a request: ``?lang=`` (then remembered in a cookie), the cookie, the
    browser's ``Accept-Language``, else the server's own (``kozyr serve --lang``, the
    locale); and whether the choice is to be remembered."""
    from urllib.parse import parse_qs

    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    asked = language_of((query.get("lang") or [""])[0])
    if asked is not None:
        return asked, True
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
    for cookie in headers.get("cookie", "").split(";"):
        name, _, value = cookie.strip().partition("=")
        if name == LANGUAGE_COOKIE and language_of(value) is not None:
            return str(language_of(value)), False
    return accepted(headers.get("accept-language", "")) or default, False


def language_switch(request: Request) -> str:
    """Links to the same page in each language (the chosen one marked)."""
    links = []
    for lang in LANGUAGES:
        if lang == current():
            links.append(f'<b aria-current="true">{lang}</b>')
        else:
            links.append(f'<a href="{escape(str(request.url.include_query_params(lang=lang)))}" hreflang="{lang}">{lang}</a>')
    return '<span id="lang">' + " ".join(links) + "</span>"


HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}


class TooLarge(Exception):
    pass


class TooSlow(Exception):
    pass


BODY_TIMEOUT = 10.0
"""Seconds a request's body may take to arrive (a connection that sends it byte by byte
for ever is dropped)."""


async def _body(request: Request) -> bytes:
    """The request's body, at most ``MAX_BODY`` bytes (``TooLarge`` beyond), in at most
    ``BODY_TIMEOUT`` seconds (``TooSlow`` beyond)."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise TooLarge

    async def read() -> bytes:
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_BODY:
                raise TooLarge
        return data

    try:
        return await asyncio.wait_for(read(), BODY_TIMEOUT)
    except TimeoutError:
        raise TooSlow from None


def create_app(folder: Path, keys: Keys, *, boot: str | None = None) -> Guard:
    """The application serving the games of ``folder``."""
    folder = folder.resolve()
    games = Games(folder, boot or format(int(time.time() * 1000) % 36**6, "x"))
    script = (HERE / "phone.js").read_text(encoding="utf-8")
    style = (HERE / "phone.css").read_text(encoding="utf-8")
    phone_policy = (
        f"default-src 'none'; script-src '{csp_hash(script)}'; style-src '{csp_hash(style)}'; "
        "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )

    def respond(response: Response, policy: str | None = None) -> Response:
        response.headers.update(HEADERS)
        response.headers["Content-Security-Policy"] = policy or "default-src 'none'; frame-ancestors 'none'"
        return response

    def error(status: int, message: str) -> Response:
        return respond(JSONResponse({"error": safe_text(private(message, folder))}, status_code=status))

    def text_page(status: int, message: str) -> Response:
        shown = escape(safe_text(private(message, folder)))
        body = f"<!DOCTYPE html><meta charset=utf-8><title>kozyr</title><p>{shown}</p>"
        return respond(HTMLResponse(body, status_code=status))

    def token(request: Request) -> str | None:
        return request.query_params.get("k")

    def link(path: str, role: str, name: str = "", seat: str = "") -> str:
        url = f"{path}?k={keys.token(role, name, seat)}"
        return url + (f"&seat={quote(seat)}" if seat else "")

    async def room_of(request: Request) -> Room | Response:
        name = request.path_params["name"]
        try:
            room = await games.room(name)
            if room.closed:  # given up a moment ago to keep the open files bounded
                room = await games.room(name)
            return room
        except BadName as exc:
            return error(404, str(exc))
        except SessionError as exc:
            return error(422, tr("{name} cannot be recorded: {text}").format(name=name, text=exc.text))

    def reader_seat(request: Request, room: Room) -> tuple[bool, str | None]:
        """Whether the request may watch the room, and as which seat (None: every card)."""
        k, name = token(request), room.name
        seat = request.query_params.get("seat")
        if seat is not None:
            if seat not in room.recorder.game.players:
                return False, None
            if keys.allows(k, "seat", name, seat) or keys.allows(k, "watch", name):
                return True, seat
            return False, None
        return keys.allows(k, "watch", name) or keys.allows(k, "write", name), None

    # -- the folder ------------------------------------------------------------------------

    async def index(request: Request) -> Response:
        if not keys.allows(token(request), "admin"):
            return text_page(403, tr("this link has no access here: use the address kozyr serve printed"))
        w = {text: escape(tr(text)) for text in INDEX_WORDS}
        rows = []
        for g in await asyncio.to_thread(games.listing):
            name = g["name"]
            seats = " ".join(
                f'<a href="{escape(link("/watch/" + quote(name), "seat", name, p.strip()))}">{escape(safe_text(p.strip()))}</a>'
                for p in g["players"].split(",")
                if p.strip()
            )
            rows.append(
                f"<li><b>{escape(safe_text(name))}</b> <small>{escape(g['game'])} · {escape(safe_text(g['players']))} · "
                f"{escape(safe_text(g['state']))}</small><br>"
                f'<a class="button" href="{escape(link("/play/" + quote(name), "write", name))}&amp;list={escape(token(request) or "")}">{w["record"]}</a> '
                f'<a class="button" href="{escape(link("/watch/" + quote(name), "watch", name))}">{w["watch"]}</a> '
                f"<small>{w['as seen by:']} {seats}</small></li>"
            )
        options = "".join(f'<option value="{k}">{escape(tr(kind.title))}</option>' for k, kind in GAMES.items())
        body = f"""<!DOCTYPE html>
<html lang="{current()}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>kozyr serve</title><style>{style}</style></head>
<body><header><h1>kozyr</h1><p>{w["the games of this folder"]}</p><nav>{language_switch(request)}</nav></header>
<main>
<ul id="games">{"".join(rows) or "<li>" + w["no games yet"] + "</li>"}</ul>
<form id="new" method="post" action="/new">
<h2>{w["A new game"]}</h2>
<input type="hidden" name="k" value="{escape(token(request) or '')}">
<label>{w["file"]} <input name="name" required maxlength="84" placeholder="friday.kgn"></label>
<label>{w["game"]} <select name="game">{options}</select></label>
<label>{w["players, in seat order"]} <input name="players" required maxlength="200" placeholder="Anna, Boris, Vera"></label>
<label>{w["first dealer"]} <input name="dealer" required maxlength="60" placeholder="Anna"></label>
<label>{w["rules"]} <input name="rules" value="classic" maxlength="300"></label>
<label>{w["ante (a game played for a pot)"]} <input name="ante" inputmode="numeric" maxlength="6"></label>
<button type="submit" class="big">{w["start"]}</button>
</form>
</main></body></html>"""
        return respond(HTMLResponse(body), f"default-src 'none'; style-src '{csp_hash(style)}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")

    async def new(request: Request) -> Response:
        try:
            body = await _body(request)
        except TooLarge:
            return text_page(413, tr("the form is too large"))
        except TooSlow:
            return text_page(408, tr("the form came too slowly"))
        from urllib.parse import parse_qs

        try:
            form = {k: v[0] for k, v in parse_qs(body.decode("utf-8"), max_num_fields=20).items()}
        except (UnicodeDecodeError, ValueError):
            return text_page(400, tr("a form of text"))
        if not keys.allows(form.get("k"), "admin"):
            return text_page(403, tr("this link cannot start games"))
        name = form.get("name", "").strip()
        if name and not name.endswith(".kgn"):
            name += ".kgn"
        game = form.get("game", "")
        if game not in GAMES:
            return text_page(400, tr("choose a game"))
        ante_text = form.get("ante", "").strip()
        if ante_text and not (ante_text.isascii() and ante_text.isdigit() and len(ante_text) <= MAX_ANTE_DIGITS):
            return text_page(400, tr("the ante is a whole number of at most {MAX_ANTE_DIGITS} digits").format(
                MAX_ANTE_DIGITS=MAX_ANTE_DIGITS
            ))
        try:
            await games.create(
                name, game, form.get("players", ""), form.get("dealer", ""),
                form.get("rules", "").strip() or "classic", int(ante_text) if ante_text else None,
            )  # fmt: skip
        except BadName as exc:
            return text_page(400, str(exc))
        except SessionError as exc:
            return text_page(400, exc.text)
        back = f"&list={quote(form.get('k') or '')}"
        return respond(RedirectResponse(link("/play/" + quote(name), "write", name) + back, status_code=303))

    # -- recording -------------------------------------------------------------------------

    async def play(request: Request) -> Response:
        name = request.path_params["name"]
        if not keys.allows(token(request), "write", name):
            return text_page(403, tr("this link cannot record this game"))
        room = await room_of(request)
        if isinstance(room, Response):
            return room
        k = token(request) or ""
        base = f"/api/{quote(room.name)}"
        config = {
            "state": f"{base}/state?k={k}",
            "entry": f"{base}/entry?k={k}",
            "events": f"{base}/events?k={k}",
            "watch": link("/watch/" + quote(room.name), "watch", room.name),
            "words": {w: tr(w) for w in PHONE_WORDS},
            "ranks": rank_letters(),
        }
        data = script_json(json.dumps(config))
        title = escape(safe_text(room.name))
        w = {text: escape(tr(text)) for text in PLAY_WORDS}
        # Opened from the list of games (whose link came along): a way back to it.
        back = request.query_params.get("list")
        games_link = (
            f'<a id="games-link" href="/?k={escape(quote(back))}">{w["games"]}</a> '
            if back is not None and keys.allows(back, "admin") else ""
        )  # fmt: skip
        body = f"""<!DOCTYPE html>
<html lang="{current()}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{title} · kozyr</title><style>{style}</style></head>
<body>
<header><h1>{title}</h1><p id="meta"></p>
<nav>{games_link}<button id="mode" aria-pressed="false">{w["score sheet"]}</button> <button id="undo">{w["undo"]}</button> <a id="board" target="_blank" rel="noopener">{w["board"]}</a> {language_switch(request)}</nav></header>
<main id="recorder">
<p id="ended" role="status"></p>
<h2 id="prompt" aria-live="polite"></h2>
<p id="message" role="status"></p>
<p id="unsaved" role="alert"></p>
<form id="saveas" hidden><input id="newname" required maxlength="84" placeholder="{w["a new file's name"]}" aria-label="{w["a new file's name"]}"><button type="submit">{w["save as"]}</button></form>
<div id="choices"></div>
<form id="tally"></form>
<section id="compose"><div id="words"></div>
<form id="typed"><input id="answer" autocomplete="off" autocapitalize="off" spellcheck="false" aria-label="{w["an event in KGN"]}"><button id="send" type="submit">{w["enter"]}</button></form></section>
<details id="record"><summary>{w["the record"]}</summary><pre id="text"></pre></details>
</main>
<script type="application/json" id="kozyr-serve">{data}</script>
<script>{script}</script>
</body></html>"""
        return respond(HTMLResponse(body), phone_policy)

    async def state(request: Request) -> Response:
        name = request.path_params["name"]
        if not keys.allows(token(request), "write", name):
            return error(403, tr("this link cannot record this game"))
        room = await room_of(request)
        if isinstance(room, Response):
            return room
        async with room.lock:
            return respond(JSONResponse(room.state()))

    async def entry(request: Request) -> Response:
        name = request.path_params["name"]
        if not keys.allows(token(request), "write", name):
            return error(403, tr("this link cannot record this game"))
        try:
            body = await _body(request)
        except TooLarge:
            return error(413, tr("an entry is at most {MAX_BODY} bytes").format(MAX_BODY=MAX_BODY))
        except TooSlow:
            return error(408, tr("the entry came too slowly"))
        try:
            data = json.loads(body)
        except (ValueError, UnicodeDecodeError, RecursionError):
            return error(400, tr("an entry is JSON"))
        if not isinstance(data, dict) or not isinstance(data.get("version"), str):
            return error(400, tr("an entry names the version it was made on"))
        room = await room_of(request)
        if isinstance(room, Response):
            return room
        async with room.lock:
            if room.closed:
                return error(503, tr("the game was being reopened: try again"))
            save_as = data.get("save_as")
            if isinstance(save_as, str):
                return await saved_as(room, save_as.strip())
            try:
                await asyncio.to_thread(room.enter, data["version"], data)
            except Conflict:
                return respond(JSONResponse(
                    {
                        "moved": tr(
                            "the game moved on (another phone entered an event): here it is now; "
                            "nothing of yours was entered"
                        ),
                        "state": room.state(),
                    },
                    status_code=409,
                ))  # fmt: skip
            except Refused as exc:
                body_out = {"error": exc.message, "legal": exc.legal, "state": room.state()}
                return respond(JSONResponse(body_out, status_code=exc.status))
            room.notify()
            return respond(JSONResponse({"state": room.state()}))

    async def saved_as(room: Room, name: str) -> Response:
        """The game saved under a new name (its file was changed by another program): the
        answer names the new recording link."""
        if name and not name.endswith(".kgn"):
            name += ".kgn"
        try:
            await games.save_as(room, name)
        except BadName as exc:
            return error(400, str(exc))
        except Refused as exc:
            return error(422, exc.message)
        room.notify()
        goto = link("/play/" + quote(room.name), "write", room.name)
        return respond(JSONResponse({"state": room.state(), "goto": goto}))

    # -- watching --------------------------------------------------------------------------

    async def watch(request: Request) -> Response:
        room = await room_of_reader(request)
        if isinstance(room, Response):
            return room
        _, seat = reader_seat(request, room)
        data = await asyncio.to_thread(room.view, seat)
        page = page_document(data.decode("utf-8"), title=room.name, kind=room.kind, seat=seat, live=True)
        return respond(HTMLResponse(page), page_policy(live=True) + "; frame-ancestors 'none'")

    async def room_of_reader(request: Request) -> Room | Response:
        name = request.path_params["name"]
        k = token(request)
        seat = request.query_params.get("seat")
        if not (keys.allows(k, "watch", name) or keys.allows(k, "write", name)
                or (seat is not None and keys.allows(k, "seat", name, seat))):  # fmt: skip
            return error(403, tr("this link cannot watch this game"))
        room = await room_of(request)
        if isinstance(room, Response):
            return room
        if not reader_seat(request, room)[0]:
            return error(403, tr("this link cannot watch this game"))
        return room

    async def data(request: Request) -> Response:
        room = await room_of_reader(request)
        if isinstance(room, Response):
            return room
        _, seat = reader_seat(request, room)
        body = await asyncio.to_thread(room.view, seat)
        return respond(Response(body, media_type="application/json"))

    async def events(request: Request) -> Response:
        room = await room_of_reader(request)
        if isinstance(room, Response):
            return room
        queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=1)
        room.listeners.add(queue)

        async def stream() -> AsyncIterator[str]:
            try:
                yield f"retry: 1000\ndata: {room.version}\n\n"
                while not games.stopping:
                    try:
                        version = await asyncio.wait_for(queue.get(), KEEPALIVE)
                    except TimeoutError:
                        yield ": still here\n\n"
                        continue
                    if version is None:  # the server stops: the page reconnects later
                        return
                    yield f"data: {version}\n\n"
            finally:
                room.listeners.discard(queue)

        response = StreamingResponse(stream(), media_type="text/event-stream")
        response.headers["X-Accel-Buffering"] = "no"
        return respond(response)

    async def not_found(request: Request, exc: Exception) -> Response:
        return text_page(404, tr("nothing here"))

    async def failed(request: Request, exc: Exception) -> Response:
        return error(500, tr("the server could not answer this; nothing was changed"))

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/new", new, methods=["POST"]),
            Route("/play/{name}", play),
            Route("/watch/{name}", watch),
            Route("/api/{name}/state", state),
            Route("/api/{name}/entry", entry, methods=["POST"]),
            Route("/api/{name}/data", data),
            Route("/api/{name}/events", events),
        ],
        exception_handlers={404: not_found, 405: not_found, Exception: failed},
        lifespan=_lifespan(games),
    )
    app.state.games = games
    return Guard(app, current())


class Guard:
    """The outermost layer: each request speaks its language (:func:`request_language`, in
    this request's context); an error nothing else caught is answered with a plain 500 that
    carries the same security headers as every answer, and logged as one line (no
    traceback, no path); the server goes on."""

    def __init__(self, app: Any, language: str = "en") -> None:
        self.app = app
        self.state = app.state
        self.language = language
        """The server's own language (``kozyr serve --lang``, the locale)."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False
        lang, remember = request_language(scope, self.language)
        use(lang)

        async def watched(message: Any) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                if remember:  # a language chosen on a page: the phone keeps it
                    cookie = f"{LANGUAGE_COOKIE}={lang}; Path=/; Max-Age=31536000; SameSite=Lax"
                    message = {**message, "headers": [*message.get("headers", []), (b"set-cookie", cookie.encode())]}
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception as exc:
            import logging

            logging.getLogger("kozyr.serve").error("an answer failed: %s", type(exc).__name__)
            if started:
                return
            body = b'{"error":"the server could not answer this; nothing was changed"}'
            headers = [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]
            headers += [
                (b"content-security-policy", b"default-src 'none'; frame-ancestors 'none'"),
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ]
            await send({"type": "http.response.start", "status": 500, "headers": headers})
            await send({"type": "http.response.body", "body": body})


def _lifespan(games: Games) -> Any:
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        games.loop = asyncio.get_running_loop()
        try:
            yield
        finally:
            games.close()

    return lifespan
