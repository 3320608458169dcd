"""The client library of the table server: what a GUI or a text client plays through.

``TableClient`` is the asyncio client: ``connect``, then ``create`` (as the host), ``join``
(with a join code) or ``resume`` (with the token a join gave), then ``act``, ``chat``,
``start`` and ``replace``. It keeps the latest view of each seat it plays (``views``), the
lobby and the chat, and reports every change as an ``Update`` to ``on_update``. It shows
nothing the server did not send: a move is in a view only once the server accepted it.

When the connection drops, it reconnects by itself with its token (exponential backoff with
jitter) and the server sends the full view again, so play carries on from the exact position.

``ThreadedClient`` runs a ``TableClient`` on a thread of its own, for a GUI: its methods may be
called from any thread and return ``concurrent.futures.Future``; updates go to a thread-safe
``queue.Queue`` and, if given, to a callback called on the client's thread (a Qt window
connects it to a signal, which Qt delivers on the GUI thread). No Qt is imported here.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import itertools
import json
import queue
import random
import ssl
import threading
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from . import protocol as p

T = TypeVar("T")

# Kinds of Update.
WELCOMED = "welcome"
VIEWED = "view"
LOBBIED = "lobby"
CHATTED = "chat"
REFUSED = "error"      # an error frame that answers no request of ours
CONNECTION = "connection"  # frame: {"state": "connected" | "reconnecting" | "closed"}


class ServerError(Exception):
    """The server refused a request: ``code`` (see ``protocol.ERRORS``) and its message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class Disconnected(Exception):
    """The connection dropped before the server answered; the client is reconnecting (the
    next view says whether the request was made)."""


@dataclass
class SeatView:
    """The latest view of one seat, as the server sent it, with the whole log so far."""

    seat: int | None
    seq: int = -1
    observation: Any = None
    events: list[dict[str, Any]] = field(default_factory=list)
    legal: list[str] = field(default_factory=list)
    prompt: str | None = None
    to_move: int | None = None
    terminal: bool = False
    started: bool = False
    returns: list[float] | None = None

    @property
    def my_turn(self) -> bool:
        return bool(self.legal)

    def log(self) -> list[str]:
        """The lines of the game log, as the server worded them for this seat."""
        return [e["text"] for e in self.events if e.get("logged", True)]


@dataclass(frozen=True)
class Update:
    """Something the server said: ``kind`` (the constants above), the seat of a view, the
    frame itself."""

    kind: str
    frame: Mapping[str, Any]
    seat: int | None = None


class TableClient:
    """An asyncio client of one table server. See the module's docstring."""

    def __init__(self, url: str, *, ssl_context: ssl.SSLContext | None = None,
                 on_update: Callable[[Update], None] | None = None,
                 backoff: tuple[float, float] = (0.2, 5.0),
                 ping_interval: float | None = 20.0, open_timeout: float = 10.0,
                 request_timeout: float = 30.0) -> None:
        self.url = url
        self.request_timeout = request_timeout
        self.ssl_context = ssl_context
        self.on_update = on_update
        self.backoff = backoff
        self.ping_interval = ping_interval
        self.open_timeout = open_timeout
        self.token: str | None = None
        #: Every seat token this client holds, the first one ``token``: a joined computer
        #: may take several seats of one table (``join`` again), all resumed on a reconnect.
        self.tokens: list[str] = []
        self.lang = "en"
        self.table: str | None = None
        self.host = False
        self.seats: list[int | None] = []
        self.codes: dict[int, str] = {}
        self.views: dict[int | None, SeatView] = {}
        self.lobby: Mapping[str, Any] = {}
        self.chat_lines: list[Mapping[str, Any]] = []
        self.reconnects = 0
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._refs = itertools.count(1)
        self._resuming: dict[int, str] = {}  # ref of each resume sent on a reconnect: its token
        self._closing = False
        self._connected = asyncio.Event()

    # -- the connection -------------------------------------------------------------------
    async def _open(self) -> ClientConnection:
        return await connect(self.url, ssl=self.ssl_context, max_size=p.MAX_SERVER_FRAME,
                             ping_interval=self.ping_interval, open_timeout=self.open_timeout,
                             compression=None)

    async def connect(self) -> None:
        """Open the connection; ``OSError`` (or a websockets error) if the server is not
        there."""
        self._ws = await self._open()
        self._connected.set()
        self._reader = asyncio.get_running_loop().create_task(self._read_loop())

    async def close(self) -> None:
        self._closing = True
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        self._fail_pending(Disconnected("the client was closed"))

    async def __aenter__(self) -> TableClient:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    async def wait_connected(self) -> None:
        await self._connected.wait()

    async def _read_loop(self) -> None:
        while True:
            ws = self._ws
            assert ws is not None
            with contextlib.suppress(ConnectionClosed):
                async for raw in ws:
                    self._on_frame(raw)
            self._connected.clear()
            self._fail_pending(Disconnected("the connection dropped"))
            if self._closing or self.token is None:
                self._emit(Update(CONNECTION, {"state": "closed"}))
                return
            self._emit(Update(CONNECTION, {"state": "reconnecting"}))
            if not await self._reconnect():
                self._emit(Update(CONNECTION, {"state": "closed"}))
                return

    async def _reconnect(self) -> bool:
        low, high = self.backoff
        for attempt in itertools.count():
            if self._closing:
                return False
            # Full jitter: many clients of a restarted server do not all come back at once.
            await asyncio.sleep(random.uniform(0.5, 1.0) * min(high, low * 2 ** attempt))
            try:
                ws = await self._open()
            except (TimeoutError, OSError, InvalidHandshake, InvalidURI):
                continue
            self._ws = ws
            # Every seat this computer plays comes back on the same connection; a refusal of
            # one (a seat given to a computer meanwhile) drops that token alone.
            tokens = list(self.tokens) or ([self.token] if self.token is not None else [])
            self._resuming = {next(self._refs): token for token in tokens}
            try:
                for ref, token in self._resuming.items():
                    await ws.send(p.encode({"v": p.VERSION, "type": p.RESUME, "token": token,
                                            "lang": self.lang, "ref": ref}))
            except ConnectionClosed:
                continue
            self.reconnects += 1
            self._connected.set()
            self._emit(Update(CONNECTION, {"state": "connected"}))
            return True
        return False  # pragma: no cover - the loop above only ends by returning

    def _fail_pending(self, exc: Exception) -> None:
        pending, self._pending = self._pending, {}
        for future in pending.values():
            if not future.done():
                future.set_exception(exc)

    def _emit(self, update: Update) -> None:
        if self.on_update is not None:
            self.on_update(update)

    # -- frames from the server -----------------------------------------------------------
    def _on_frame(self, raw: str | bytes) -> None:
        frame = json.loads(raw)
        kind = frame.get("type")
        ref = frame.get("ref")
        if kind == p.WELCOME:
            self.table = frame["table"]
            self.host = bool(frame["host"])
            self.seats = list(frame["seats"])
            token = frame.get("token")
            if token is not None and token not in self.tokens:
                self.tokens.append(token)
            self.token = self.tokens[0] if self.tokens else self.token
            self.codes = {int(k): v for k, v in frame.get("codes", {}).items()}
            self.chat_lines = list(frame.get("chat", []))
            self._emit(Update(WELCOMED, frame))
        elif kind == p.VIEW:
            seat = frame["seat"]
            view = self.views.get(seat)
            if view is None or frame["full"]:
                view = self.views[seat] = SeatView(seat)
            view.events.extend(frame["events"])
            view.seq = frame["seq"]
            view.observation = frame["observation"]
            view.legal = frame["legal"]
            view.prompt = frame["prompt"]
            view.to_move = frame["to_move"]
            view.terminal = frame["terminal"]
            view.started = frame["started"]
            view.returns = frame["returns"]
            self._emit(Update(VIEWED, frame, seat))
        elif kind == p.LOBBY:
            self.lobby = frame
            self._emit(Update(LOBBIED, frame))
        elif kind == p.CHAT:
            self.chat_lines.append(frame)
            self._emit(Update(CHATTED, frame))
        elif kind == p.ERROR and ref is not None and ref in self._resuming:
            # This token is no longer good (its seat was given to a computer): the client
            # keeps its other seats, and stops when it has none left.
            token = self._resuming.pop(ref)
            if token in self.tokens:
                self.tokens.remove(token)
            self.token = self.tokens[0] if self.tokens else None
            if self.token is None:
                self._closing = True
            self._emit(Update(REFUSED, frame))
        elif kind == p.ERROR and ref not in self._pending:
            self._emit(Update(REFUSED, frame))
        future = self._pending.pop(ref, None) if ref is not None else None
        if future is not None and not future.done():
            if kind == p.ERROR:
                future.set_exception(ServerError(frame["code"], frame["message"]))
            else:
                future.set_result(frame)

    # -- requests -------------------------------------------------------------------------
    async def request(self, frame: dict[str, Any]) -> dict[str, Any]:
        """Send a request and wait for its answer (``ServerError`` for a refusal,
        ``Disconnected`` if the connection drops first)."""
        ws = self._ws
        if ws is None or not self._connected.is_set():
            raise Disconnected("not connected")
        ref = next(self._refs)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[ref] = future
        try:
            await ws.send(p.encode({"v": p.VERSION, **frame, "ref": ref}))
        except ConnectionClosed:
            self._pending.pop(ref, None)
            raise Disconnected("the connection dropped") from None
        try:
            return await asyncio.wait_for(future, self.request_timeout)
        finally:
            self._pending.pop(ref, None)

    async def create(self, game: str, seats: Sequence[Mapping[str, Any]], *,
                     players: int | None = None, options: Mapping[str, Any] | None = None,
                     name: str = "", lang: str = "en") -> dict[str, Any]:
        """Create a table as its host. ``seats``: ``{"kind": "remote"}``, ``{"kind":
        "local"}`` (a person at this screen) or ``{"kind": "computer", "level": "easy"}``.
        The answer holds the table id and the join code of each remote seat (``codes``)."""
        self.lang = lang
        frame: dict[str, Any] = {"type": p.CREATE, "game": game,
                                 "players": len(seats) if players is None else players,
                                 "seats": [dict(s) for s in seats],
                                 "options": dict(options or {}), "lang": lang}
        if name:
            frame["name"] = name
        return await self.request(frame)

    async def join(self, code: str, name: str, lang: str = "en") -> dict[str, Any]:
        self.lang = lang
        return await self.request({"type": p.JOIN, "code": code, "name": name, "lang": lang})

    async def resume(self, token: str, lang: str = "en") -> dict[str, Any]:
        self.lang = lang
        known = token in self.tokens
        if not known:
            self.tokens.append(token)
        self.token = self.tokens[0]
        try:
            return await self.request({"type": p.RESUME, "token": token, "lang": lang})
        except ServerError:
            if not known:  # a token the server does not take is not kept
                self.tokens.remove(token)
                self.token = self.tokens[0] if self.tokens else None
            raise

    async def act(self, action: str, seat: int | None = None) -> int:
        """Submit ``action`` for ``seat`` (default: this client's seat to move) on the latest
        view of it; the new position's number once the server accepted it."""
        if seat is None:
            mine = [s for s in self.seats if s is not None]
            turn = [s for s in mine if self.views.get(s) and self.views[s].legal]
            seat = turn[0] if turn else (mine[0] if mine else None)
        view = self.views.get(seat)
        if view is None or seat is None:
            raise ServerError("not_your_seat", "this client has no view of that seat")
        answer = await self.request({"type": p.ACT, "action": action, "seq": view.seq,
                                     "seat": seat})
        return int(answer["seq"])

    async def chat(self, text: str) -> None:
        await self.request({"type": p.CHAT, "text": text})

    async def start(self) -> None:
        await self.request({"type": p.START})

    async def replace(self, seat: int, level: str) -> None:
        await self.request({"type": p.REPLACE, "seat": seat, "level": level})


class ThreadedClient:
    """A ``TableClient`` on a thread of its own; see the module's docstring."""

    def __init__(self, url: str, *, ssl_context: ssl.SSLContext | None = None,
                 on_update: Callable[[Update], None] | None = None,
                 backoff: tuple[float, float] = (0.2, 5.0), queue_updates: bool = True) -> None:
        # ``queue_updates`` off: a reader that hears every update through ``on_update`` has
        # no use for the queue, which would otherwise hold every frame of the game.
        self.updates: queue.Queue[Update] = queue.Queue()
        self._queue_updates = queue_updates
        self._callback = on_update
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="tabletop-client",
                                        daemon=True)
        self._thread.start()
        self.client: TableClient = self._call(self._make(url, ssl_context, backoff)).result()

    async def _make(self, url: str, ssl_context: ssl.SSLContext | None,
                    backoff: tuple[float, float]) -> TableClient:
        return TableClient(url, ssl_context=ssl_context, on_update=self._deliver,
                           backoff=backoff)

    def _deliver(self, update: Update) -> None:
        if self._queue_updates:
            self.updates.put(update)
        if self._callback is not None:
            self._callback(update)

    def _call(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        return asyncio.run_coroutine_threadsafe(coro, self._loop)

    def connect(self) -> concurrent.futures.Future[None]:
        return self._call(self.client.connect())

    def create(self, game: str, seats: Sequence[Mapping[str, Any]], **kw: Any
               ) -> concurrent.futures.Future[dict[str, Any]]:
        return self._call(self.client.create(game, seats, **kw))

    def join(self, code: str, name: str, lang: str = "en"
             ) -> concurrent.futures.Future[dict[str, Any]]:
        return self._call(self.client.join(code, name, lang))

    def resume(self, token: str, lang: str = "en"
               ) -> concurrent.futures.Future[dict[str, Any]]:
        return self._call(self.client.resume(token, lang))

    def act(self, action: str, seat: int | None = None) -> concurrent.futures.Future[int]:
        return self._call(self.client.act(action, seat))

    def chat(self, text: str) -> concurrent.futures.Future[None]:
        return self._call(self.client.chat(text))

    def start(self) -> concurrent.futures.Future[None]:
        return self._call(self.client.start())

    def replace(self, seat: int, level: str) -> concurrent.futures.Future[None]:
        return self._call(self.client.replace(seat, level))

    def view(self, seat: int | None) -> SeatView | None:
        """The latest view of ``seat`` (read it on the thread that handles updates)."""
        return self.client.views.get(seat)

    def close(self) -> None:
        """Close the connection and stop the thread (waits for both)."""
        if self._loop.is_closed():
            return
        with contextlib.suppress(Exception):
            self._call(self.client.close()).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()
