"""The WebSocket of a game (``/api/games/{gid}/ws``): a hello first (a seat token, or none to watch),
then live views pushed after every change, and moves and undos sent back, each acknowledged; the table
chat's lines are pushed as they are said (``{"type": "chat"}``), and a seat may say one.

The seat token travels in the hello (or the ``Authorization`` header), never in the URL. Close reasons
stay English (a WebSocket close reason is at most 123 bytes); every other message follows the
hello's ``lang``.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from meeple.core import i18n
from meeple.server.errors import ServerError, http_status
from meeple.server.hub import Hub
from meeple.server.limits import TokenBucket
from meeple.server.live_game import LiveGame
from meeple.server.push import Ack, Subscriber
from meeple.server.routes.answers import chosen_language
from meeple.server.routes.sessions import Sessions
from meeple.server.settings import Settings
from meeple.server.wire import dumps, loads

router = APIRouter()

WS_FIELDS = {
    "hello": {"type", "token", "seq", "log_from", "updates", "observation", "lang"},
    "move": {"type", "seq", "action", "text", "ref"},
    "undo": {"type", "seq", "ref"},
    "view": {"type", "ref"},
    "ping": {"type", "ref"},
    "chat": {"type", "text", "phrase", "ref"},
}
MALFORMED = object()


class Closing(Exception):
    """The connection ends with this close code and reason (the hello was refused)."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code, self.reason = code, reason


@router.websocket("/api/games/{gid}/ws")
async def websocket(ws: WebSocket, gid: str) -> None:
    state = ws.app.state
    await serve_socket(ws, state.hub, state.settings, gid, state.sessions)


def _error(status: int, detail: str | ServerError, ref: Any = None, lang: str = i18n.DEFAULT_LANGUAGE,
           **extra: Any) -> str:
    """An error message for a WebSocket watcher, in the watcher's language."""
    if isinstance(detail, ServerError):
        extra = {**detail.extra, **extra}
        error_id, detail = detail.error_id, detail.render(lang)
    elif i18n.is_message_id(detail):
        error_id, detail = detail, i18n.render(detail, extra.pop("args", None), lang)
    else:
        error_id = "core.text"
    return dumps({"type": "error", "status": status, "detail": detail, "error": error_id, "ref": ref, **extra})


async def _close(ws: WebSocket, code: int, reason: str) -> None:
    if ws.client_state == WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):
            await ws.close(code=code, reason=reason[:120])


async def _sender(ws: WebSocket, hub: Hub, g: LiveGame, sub: Subscriber) -> None:
    # The game's facts are read under its lock: a move in flight has changed the state but not yet its
    # sequence number. When nobody holds the lock the game is consistent as it is, and taking the lock
    # (nothing awaited in between) would change nothing but the cost.
    lock = g.lock
    watchers = hub.watchers
    try:
        while True:
            await sub.wake.wait()
            sub.wake.clear()
            while sub.outbox:
                item = sub.outbox.popleft()
                if isinstance(item, Ack):
                    if lock.locked():
                        async with lock:
                            item = watchers.ack_for(g, sub, item)
                    else:
                        item = watchers.ack_for(g, sub, item)
                await ws.send_text(item)
            if sub.dirty:
                sub.dirty = False
                if lock.locked():
                    async with lock:
                        text = watchers.message_for(g, sub)
                else:
                    text = watchers.message_for(g, sub)
                if text is not None:
                    await ws.send_text(text)
    except asyncio.CancelledError:
        raise
    except Exception:  # noqa: BLE001 - the peer went away (the receive loop cleans up)
        return


def _same_origin(ws: WebSocket) -> bool:
    """Whether the WebSocket was opened by a page of this server (its Origin names the Host it asked)."""
    origin, host = ws.headers.get("origin"), ws.headers.get("host")
    if not origin or not host:
        return False
    return origin.split("://", 1)[-1].rstrip("/").lower() == host.lower()


def _check_fields(msg: dict[str, Any]) -> i18n.Message | None:
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in WS_FIELDS:
        return i18n.Message("server.ws_unknown_type", {"value": repr(kind)[:40], "types": ", ".join(WS_FIELDS)})
    extra = set(msg) - WS_FIELDS[kind]
    if extra:
        return i18n.Message("server.ws_unknown_fields", {"kind": kind, "fields": ", ".join(sorted(map(str, extra)))[:120]})
    return None


def _decode(raw: dict[str, Any], settings: Settings) -> Any:
    """The JSON of a client message, or (close code, reason) when it must end the connection."""
    text = raw.get("text")
    if text is None:
        if raw.get("bytes") is not None:
            return (1003, "send JSON text frames, not binary")
        return (1002, "empty frame")
    if len(text) > settings.max_ws_message_bytes:
        return (1009, f"message too large (limit {settings.max_ws_message_bytes} bytes)")
    try:
        return loads(text)
    except ValueError:
        return MALFORMED


# ------------------------------------------------------------------ the hello
async def _hello(ws: WebSocket, settings: Settings) -> dict[str, Any] | None:
    """The hello message (None: the peer went away first); Closing if it is late, malformed or no hello."""
    try:
        first = await asyncio.wait_for(ws.receive(), timeout=settings.ws_hello_timeout)
    except asyncio.TimeoutError:
        raise Closing(1008, "no hello message: send {\"type\": \"hello\", \"token\": ...} first") from None
    if first["type"] == "websocket.disconnect":
        return None
    hello = _decode(first, settings)
    if isinstance(hello, tuple):
        raise Closing(*hello)
    if hello is MALFORMED:
        raise Closing(1008, "malformed JSON in the hello message")
    problem = _check_fields(hello) if isinstance(hello, dict) else "a message is a JSON object"
    if problem or hello.get("type") != "hello":
        raise Closing(1008, str(problem or "the first message must be {\"type\": \"hello\"}"))
    return hello  # type: ignore[no-any-return]


def _hello_language(ws: WebSocket, hello: dict[str, Any]) -> str:
    try:
        return i18n.language(hello["lang"]) if hello.get("lang") is not None else chosen_language(ws)
    except i18n.UnknownLanguage:
        raise Closing(1008, f"unknown language {str(hello.get('lang'))[:20]!r}; "
                            f"available: {', '.join(i18n.LANGUAGES)}") from None


async def _hello_seat(ws: WebSocket, hub: Hub, g: LiveGame, hello: dict[str, Any],
                      sessions: Sessions | None) -> int | None:
    """The seat the hello's token holds (or the signed-in player's, from a page of this server); None
    to watch as a spectator. Closing for a token this game does not know."""
    token = hello.get("token")
    if token is None:
        auth = ws.headers.get("authorization", "")
        if auth.lower().startswith("bearer "):
            token = auth[7:].strip()
    if token is not None:
        try:
            return await hub.games.seat_for(g, token if isinstance(token, str) else None)
        except ServerError:
            raise Closing(1008, "invalid seat token for this game") from None
    if sessions is not None and _same_origin(ws):
        # no token: a signed-in player's own seat, from the session cookie (only from a page of this
        # server: a WebSocket is not bound by the same-origin rule, so another site's page could open one)
        found = await sessions.session(ws)
        if found is not None:
            seat = g.seat_of(found[0])
            if seat is not None:
                g.seen = hub.clock()
            return seat
    return None


async def _greet(ws: WebSocket, hub: Hub, settings: Settings, g: LiveGame,
                 sessions: Sessions | None) -> Subscriber | None:
    """Read and check the hello; the new watcher, subscribed (None: the connection ended)."""
    hello = await _hello(ws, settings)
    if hello is None:
        return None
    lang = _hello_language(ws, hello)
    seat = await _hello_seat(ws, hub, g, hello, sessions)
    resume = hello.get("seq")
    log_from = hello.get("log_from", 0)
    if not isinstance(log_from, int) or isinstance(log_from, bool) or log_from < 0:
        log_from = 0
    updates, observation = hello.get("updates", False), hello.get("observation", True)
    if not isinstance(updates, bool) or not isinstance(observation, bool):
        raise Closing(1008, "'updates' and 'observation' in the hello are true or false")
    if g.closed:  # abandoned or cancelled: a returning person is told why, in their language
        exc = ServerError(f"server.game_{g.closed}", args={"game": g.id}, game_status=g.closed)
        with contextlib.suppress(Exception):
            await ws.send_text(_error(409, exc, None, lang))
        raise Closing(1008, f"this game was {g.closed}")
    sub = Subscriber(seat, log_from, updates=updates, observation=observation, lang=lang)
    hub.watchers.subscribe(g, sub, resume if isinstance(resume, int) and not isinstance(resume, bool) else None)
    return sub


# ------------------------------------------------------------------ the conversation
async def serve_socket(ws: WebSocket, hub: Hub, settings: Settings, gid: str, sessions: Sessions | None = None) -> None:
    """One viewer's connection: hello (token or none), then live views; moves and undo in both directions."""
    await ws.accept()
    try:
        g = await hub.live_cache.get(gid)
    except ServerError as exc:
        await _close(ws, 1008, exc.detail)
        return
    try:
        sub = await _greet(ws, hub, settings, g, sessions)
    except Closing as closing:
        await _close(ws, closing.code, closing.reason)
        return
    if sub is None:
        return
    sender = asyncio.ensure_future(_sender(ws, hub, g, sub))
    try:
        await _receive(ws, hub, settings, g, sub, sender)
    except (WebSocketDisconnect, RuntimeError, ConnectionError):
        pass
    finally:
        sender.cancel()
        hub.watchers.unsubscribe(g, sub)


async def _receive(ws: WebSocket, hub: Hub, settings: Settings, g: LiveGame, sub: Subscriber,
                   sender: asyncio.Future[None]) -> None:
    """Answer the watcher's messages until it goes away, sends too many or one that ends the connection."""
    bucket = TokenBucket(settings.ws_rate, settings.ws_burst)
    lang = sub.lang
    while True:
        raw = await ws.receive()
        if raw["type"] == "websocket.disconnect":
            return
        if not bucket.take():
            sender.cancel()
            await _close(ws, 1008, "rate limit exceeded: too many messages")
            return
        msg = _decode(raw, settings)
        if isinstance(msg, tuple):
            sender.cancel()
            await _close(ws, *msg)
            return
        if msg is MALFORMED:
            sub.send(_error(400, "server.ws_malformed", lang=lang))
            continue
        if not isinstance(msg, dict):
            sub.send(_error(400, "server.ws_not_object", lang=lang))
            continue
        ref = msg.get("ref")
        problem = _check_fields(msg)
        if problem:
            sub.send(_error(400, problem.id, ref if isinstance(ref, (str, int)) else None, lang, args=problem.args))
            continue
        try:
            await _answer(hub, g, sub, msg, ref, lang)
        except ServerError as exc:
            sub.send(_error(http_status(exc), exc, ref, lang))


async def _answer(hub: Hub, g: LiveGame, sub: Subscriber, msg: dict[str, Any], ref: Any, lang: str) -> None:
    """One well-formed message: a ping, a request for the whole view, a chat line, a move or an undo."""
    kind, seat = msg["type"], sub.seat
    if kind == "ping":
        sub.send(dumps({"type": "pong", "ref": ref, "seq": g.seq}))
    elif kind == "view":
        sub.ask_view()
    elif kind == "hello":
        sub.send(_error(400, "server.ws_hello_again", ref, lang))
    elif kind == "chat":  # a line at the table: never a move (services.chat)
        if seat is None:
            sub.send(_error(403, "server.chat_spectator", ref, lang))
            return
        line = await hub.chat.post(g, seat, msg.get("text"), msg.get("phrase"))
        sub.send(dumps({"type": "chat_ack", "ref": ref if isinstance(ref, (str, int)) else None, "id": line["id"]}))
    elif seat is None:
        sub.send(_error(403, "server.spectators_cannot_act", ref, lang))
    elif kind == "move":
        if ("action" in msg) == ("text" in msg):
            sub.send(_error(400, "server.action_or_text", ref, lang))
            return
        text = msg.get("text")
        if text is not None and not isinstance(text, str):
            sub.send(_error(400, "server.text_not_string", ref, lang))
            return
        new_seq = await hub.play.move(g.id, seat, msg.get("seq"), msg.get("action"), text)
        sub.send(Ack(new_seq, ref))
    elif kind == "undo":
        new_seq = await hub.play.undo(g.id, seat, msg.get("seq"))
        sub.send(Ack(new_seq, ref))
