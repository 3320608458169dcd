"""The table server: hosts any number of tables over WebSocket, headless, with no Qt.

``tabletop-server --data DIR`` (or ``python -m tabletop.net.server``) serves every table kept
in ``DIR`` and any created later. The server is the authority: each table's session lives
here (``tabletop.net.tables``); a connection is bound to a seat by a token and is sent only
that seat's view. Every frame from a client is checked (size by websockets' ``max_size``,
then rate, protocol version, schema, seat, turn, position and legality) and a bad one gets an
``error`` reply with a stable code and changes nothing. The protocol is ``docs/protocol.md``;
running the server is ``docs/server.md``.

What keeps one table from slowing another:

* computer seats think in an executor (a process pool by default), never on the event loop;
* every action is written to disk in a thread before it is announced, so a crash never loses
  a move a client was shown, and the loop never waits on ``fsync``;
* each connection has a bounded queue of outgoing frames and a writer task of its own: a client
  that does not read fills its queue and is dropped, while the others are served;
* websockets pings every connection and closes one whose pong does not come (half-open).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import ssl
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from tabletop.api import GamePlugin
from tabletop.engine.session import Session

from . import protocol as p
from .protocol import ProtocolError, Request, encode, error_frame
from .tables import Table, TableFileError, TableStore, digest, normal_code, question_seed, think

log = logging.getLogger("tabletop.net.server")

DEFAULT_PORT = 8765
#: The host's role in the token index: the host is no seat.
HOST = -1

Think = Callable[[str, str, Any, int, Sequence[str], int], str]


@dataclass(frozen=True)
class Limits:
    """How much a server accepts. Rates are per second; the buckets refill continuously."""

    max_tables: int = 1000
    #: Messages a connection may send: a steady rate and a burst.
    rate: float = 20.0
    burst: float = 40.0
    #: Chat lines a connection may send, on top of the message rate.
    chat_rate: float = 0.5
    chat_burst: float = 5.0
    #: Wrong join codes or tokens from one address (guessing is slow by design).
    auth_rate: float = 0.1
    auth_burst: float = 10.0
    #: Messages refused for rate in a row after which the connection is closed.
    strikes: int = 50
    #: Frames queued for a connection that does not read before it is dropped.
    outbox: int = 256
    #: websockets' write buffer high-water mark (bytes) before a send waits.
    write_limit: int = 256 * 1024
    ping_interval: float | None = 20.0
    ping_timeout: float | None = 20.0
    close_timeout: float = 2.0


class TokenBucket:
    """``rate`` tokens a second up to ``burst``; ``take`` spends one if there is one."""

    __slots__ = ("burst", "clock", "level", "rate", "stamp")

    def __init__(self, rate: float, burst: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.level = burst
        self.stamp = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> bool:
        self._refill()
        if self.level >= 1.0:
            self.level -= 1.0
            return True
        return False

    def has(self) -> bool:
        """Whether ``take`` would succeed now, spending nothing."""
        self._refill()
        return self.level >= 1.0


@dataclass(eq=False)
class Connection:
    """One client connection and what it is bound to."""

    ws: ServerConnection
    outbox: asyncio.Queue[str | None]
    bucket: TokenBucket
    chat_bucket: TokenBucket
    address: str
    live: Live | None = None
    #: The seats whose views it is sent (``None``: the spectator view of a host with no seat).
    seats: list[int | None] = field(default_factory=list)
    host: bool = False
    #: The digests of the tokens it holds: the host's, or one per seat it plays (a joined
    #: computer may hold several seats of one table, for people sharing its screen).
    token_hashes: set[str] = field(default_factory=set)
    lang: str = "en"
    #: Per seat viewed, the log entries whose events it has been sent.
    sent: dict[int | None, int] = field(default_factory=dict)
    strikes: int = 0
    writer: asyncio.Task[None] | None = None
    dropped: bool = False
    #: The server's counts, where a drop is counted by its reason.
    counts: dict[str, int] = field(default_factory=dict)
    close_timeout: float = 2.0
    closer: asyncio.Task[None] | None = None

    def push(self, frame: dict[str, Any] | str) -> None:
        """Queue a frame; a client that lets its queue fill is dropped (it reads too slowly
        and would hold frames for nobody)."""
        if self.dropped:
            return
        text = frame if isinstance(frame, str) else encode(frame)
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.drop("slow_reader")

    def drop(self, reason: str) -> None:
        if self.dropped:
            return
        self.dropped = True
        self.counts[f"dropped_{reason}"] = self.counts.get(f"dropped_{reason}", 0) + 1
        log.info("dropping %s: %s", self.address, reason)
        self.closer = asyncio.get_running_loop().create_task(self._close(reason))

    async def _close(self, reason: str) -> None:
        # A close frame cannot pass a full buffer: after ``close_timeout`` the TCP connection
        # is cut, which ends the handler and frees the seat.
        try:
            await asyncio.wait_for(self.ws.close(1008, reason), self.close_timeout)
        except (TimeoutError, ConnectionClosed, OSError):
            pass
        finally:
            self.ws.transport.abort()


@dataclass(eq=False)
class Live:
    """A table being served: its connections, the lock that orders its changes, and the task
    of its computer seats."""

    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    thinking: asyncio.Task[None] | None = None

    def present(self, seat: int) -> bool:
        return any(seat in c.seats for c in self.conns)


class Server:
    """The table server. ``await start()``, then ``port``; ``await close()`` at the end.

    ``ai_workers`` processes think for the computer seats (0: one thread, for tests);
    ``think`` and ``ai_executor`` replace how and where they think.
    """

    def __init__(self, data: Path, *, host: str = "127.0.0.1", port: int = DEFAULT_PORT,
                 ssl_context: ssl.SSLContext | None = None, limits: Limits | None = None,
                 ai_workers: int = 1, ai_executor: Executor | None = None,
                 think: Think = think, plugins: dict[str, GamePlugin] | None = None) -> None:
        self.store = TableStore(Path(data))
        self.host = host
        self.port = port
        self.ssl_context = ssl_context
        self.limits = limits or Limits()
        self._think = think
        self._own_ai = ai_executor is None
        if ai_executor is None:
            ai_executor = (ProcessPoolExecutor(ai_workers,
                                               mp_context=multiprocessing.get_context("spawn"))
                           if ai_workers > 0 else ThreadPoolExecutor(1, "tabletop-ai"))
        self._ai = ai_executor
        self._io = ThreadPoolExecutor(4, "tabletop-io")
        if plugins is None:
            from tabletop.registry import load_plugins

            plugins = load_plugins()[0]
        self.plugins = plugins
        self.tables: dict[str, Live] = {}
        self._tokens: dict[str, tuple[str, int]] = {}
        self._codes: dict[str, tuple[str, int]] = {}
        self._auth: dict[str, TokenBucket] = {}
        self._ws: WsServer | None = None
        self.damaged: dict[str, str] = {}
        #: Counts for the operator (and the tests): frames refused by code, drops, and so on.
        self.counts: dict[str, int] = {}

    # -- life -----------------------------------------------------------------------------
    async def start(self) -> None:
        self.store.prepare()
        for table_id, found in self.store.load_all(self.plugins):
            if isinstance(found, TableFileError):
                log.error("table %s cannot be resumed: %s", table_id, found)
                self.damaged[table_id] = str(found)
                continue
            self._register(found)
        lim = self.limits
        self._ws = await serve(
            self._handler, self.host, self.port, ssl=self.ssl_context,
            max_size=p.MAX_REQUEST_BYTES, write_limit=lim.write_limit,
            ping_interval=lim.ping_interval, ping_timeout=lim.ping_timeout,
            close_timeout=lim.close_timeout, compression=None)
        sock = next(iter(self._ws.sockets))
        self.port = int(sock.getsockname()[1])
        for live in self.tables.values():
            self._kick_computers(live)

    async def close(self) -> None:
        if self._ws is not None:
            self._ws.close()
            await self._ws.wait_closed()
        for live in self.tables.values():
            if live.thinking is not None:
                live.thinking.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await live.thinking
        if self._own_ai:
            self._ai.shutdown(wait=True, cancel_futures=True)
        self._io.shutdown(wait=True)

    async def __aenter__(self) -> Server:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def _register(self, table: Table) -> Live:
        live = Live(table)
        self.tables[table.id] = live
        self._tokens[table.host_hash] = (table.id, HOST)
        for i, seat in enumerate(table.seats):
            if seat.token_hash is not None:
                self._tokens[seat.token_hash] = (table.id, i)
            if seat.code is not None:
                self._codes[seat.code] = (table.id, i)
        return live

    async def adopt(self, table: Table) -> None:
        """Serve a table made outside (tests, benchmarks): write it and register it."""
        await self._run_io(self.store.write, table)
        self._kick_computers(self._register(table))

    def count(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1

    # -- connections ----------------------------------------------------------------------
    async def _handler(self, ws: ServerConnection) -> None:
        lim = self.limits
        peer = ws.remote_address
        conn = Connection(ws, asyncio.Queue(lim.outbox), TokenBucket(lim.rate, lim.burst),
                          TokenBucket(lim.chat_rate, lim.chat_burst),
                          str(peer[0]) if peer else "?", counts=self.counts,
                          close_timeout=lim.close_timeout)
        conn.writer = asyncio.create_task(self._write(conn))
        self.count("connections")
        try:
            async for raw in ws:
                await self._on_frame(conn, raw)
        except ConnectionClosed as exc:
            if exc.rcvd is not None and exc.rcvd.code == 1009:
                self.count("too_big")
        finally:
            conn.dropped = True
            if conn.writer is not None:
                conn.writer.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await conn.writer
            self._detach(conn)

    async def _write(self, conn: Connection) -> None:
        with contextlib.suppress(ConnectionClosed):
            while (text := await conn.outbox.get()) is not None:
                await conn.ws.send(text)

    def _detach(self, conn: Connection) -> None:
        live = conn.live
        if live is None or conn not in live.conns:
            return
        live.conns.discard(conn)
        self._send_lobby(live)

    async def _on_frame(self, conn: Connection, raw: str | bytes) -> None:
        if conn.dropped:
            return  # what a dropped client still had in flight is not read
        self.count("frames")
        if not conn.bucket.take():
            conn.strikes += 1
            self.count("rate_limited")
            if conn.strikes >= self.limits.strikes:
                conn.drop("rate_limited")
            else:
                conn.push(error_frame("rate_limited", p.ERRORS["rate_limited"],
                                      p.peek_ref(raw)))
            return
        conn.strikes = 0
        ref: object = None
        try:
            req = p.parse_request(raw)
            ref = req.ref
            await self._dispatch(conn, req)
        except ProtocolError as exc:
            self.count(exc.code)
            if ref is None:  # refused while parsing: answer the request's ref if it has one
                ref = p.peek_ref(raw)
            conn.push(error_frame(exc.code, exc.message, ref))
        except Exception:
            log.exception("a message failed")
            self.count("server_error")
            conn.push(error_frame("server_error", p.ERRORS["server_error"], ref))

    async def _dispatch(self, conn: Connection, req: Request) -> None:
        if req.type in (p.CREATE, p.JOIN, p.RESUME):
            if conn.live is not None:
                self._check_another_seat(conn, req)
            conn.lang = req.lang
            if req.type == p.CREATE:
                await self._create(conn, req)
            elif req.type == p.JOIN:
                await self._join(conn, req)
            else:
                await self._resume(conn, req)
            return
        live = conn.live
        if live is None:
            raise ProtocolError("not_seated")
        if req.type == p.ACT:
            await self._act(conn, live, req)
        elif req.type == p.CHAT:
            await self._chat(conn, live, req)
        elif req.type == p.START:
            await self._start(conn, live, req)
        else:
            await self._replace(conn, live, req)

    # -- joining --------------------------------------------------------------------------
    def _check_another_seat(self, conn: Connection, req: Request) -> None:
        """A seated connection may take one more seat of its own table (a join code or a
        seat's token): two people sharing a joined computer. Anything else is
        ``already_seated``; a wrong code or token counts against the address as ever."""
        live = conn.live
        assert live is not None
        if conn.host or req.type == p.CREATE:
            raise ProtocolError("already_seated")
        self._check_auth_budget(conn)
        if req.type == p.JOIN:
            found = self._codes.get(normal_code(req.code))
            missing = "bad_code"
        else:
            found = self._tokens.get(digest(req.token))
            missing = "bad_token"
        if found is None:
            self._failed_auth(conn)
            raise ProtocolError(missing)
        if found[0] != live.table.id or found[1] == HOST:
            raise ProtocolError("already_seated", "a connection takes seats of one table "
                                                  "only, and a host's connection no other")

    def _auth_bucket(self, conn: Connection) -> TokenBucket:
        bucket = self._auth.get(conn.address)
        if bucket is None:
            if len(self._auth) > 10_000:
                self._auth.clear()  # a crowd of addresses: start their counts again
            lim = self.limits
            bucket = self._auth[conn.address] = TokenBucket(lim.auth_rate, lim.auth_burst)
        return bucket

    def _check_auth_budget(self, conn: Connection) -> None:
        # Only wrong guesses spend the address's budget (``_failed_auth``); a right code or
        # token costs nothing, so a family behind one router is never locked out by joining.
        if not self._auth_bucket(conn).has():
            raise ProtocolError("too_many_failures")

    def _failed_auth(self, conn: Connection) -> None:
        self._auth_bucket(conn).take()

    async def _create(self, conn: Connection, req: Request) -> None:
        if len(self.tables) >= self.limits.max_tables:
            raise ProtocolError("too_many_tables")
        plugin = self.plugins.get(req.game)
        if plugin is None:
            raise ProtocolError("unknown_game", f"the server has no game '{req.game}' "
                                                f"(it has {', '.join(sorted(self.plugins))})")
        table, token, codes = Table.create(plugin, req.players, req.options or {}, req.seats,
                                           req.name)
        while table.id in self.tables:  # 48 random bits: never in practice
            table.id = os.urandom(6).hex()
        await self._run_io(self.store.write, table)
        live = self._register(table)
        self.count("tables_created")
        self._attach(conn, live, HOST, digest(token), req.ref, token=token, codes=codes)
        self._kick_computers(live)

    async def _join(self, conn: Connection, req: Request) -> None:
        self._check_auth_budget(conn)
        found = self._codes.get(normal_code(req.code))
        live = self.tables.get(found[0]) if found else None
        was_started = live is not None and live.table.started
        redeemed = live.table.redeem(req.code, req.name) if live is not None else None
        if live is None or redeemed is None:
            self._failed_auth(conn)
            raise ProtocolError("bad_code")
        seat, token = redeemed
        table = live.table
        started = table.started and not was_started
        del self._codes[normal_code(req.code)]
        self._tokens[digest(token)] = (table.id, seat)
        table.names_changed()
        await self._run_io(self.store.write_table, table.id, table.table_text())
        # Every line already sent named the new seat "Player N": each connection is sent its
        # whole view again, worded with the name (a full view replaces the log it holds).
        others = list(live.conns)
        self._attach(conn, live, seat, digest(token), req.ref, token=token)
        for other in others:
            other.sent = {}
            self._send_views(other)
        if started:  # the last seat came: whoever is to move now gets legal actions
            self._kick_computers(live)

    async def _resume(self, conn: Connection, req: Request) -> None:
        self._check_auth_budget(conn)
        key = digest(req.token)
        found = self._tokens.get(key)
        live = self.tables.get(found[0]) if found else None
        if found is None or live is None:
            self._failed_auth(conn)
            raise ProtocolError("bad_token")
        role = found[1]
        ok = live.table.is_host(key) if role == HOST else live.table.seat_of(key) == role
        if not ok:
            self._failed_auth(conn)
            raise ProtocolError("bad_token")
        for other in list(live.conns):
            if key in other.token_hashes and other is not conn:
                # The same player again (a reconnect before the old connection timed out).
                other.push(error_frame("replaced", p.ERRORS["replaced"]))
                live.conns.discard(other)
                other.drop("replaced")
        self._attach(conn, live, role, key, req.ref)

    def _attach(self, conn: Connection, live: Live, role: int, token_hash: str,
                ref: object, *, token: str | None = None,
                codes: dict[int, str] | None = None) -> None:
        table = live.table
        if conn.live is live and not conn.host and role != HOST:
            # Another seat of the same table for this connection: its views come too.
            if role not in conn.seats:
                conn.seats.append(role)
        else:
            conn.host = role == HOST
            conn.token_hashes = set()
            local = table.local_seats()
            conn.seats = [role] if role != HOST else list(local) or [None]
            conn.sent = {}
        conn.live = live
        conn.token_hashes.add(token_hash)
        live.conns.add(conn)
        spec = table.game.spec
        welcome: dict[str, Any] = {
            "v": p.VERSION, "type": p.WELCOME, "table": table.id, "game": spec.id,
            "name_en": spec.name_en, "name_ja": spec.name_ja,
            "players": table.session.num_players, "options": table.session.options,
            "seats": conn.seats, "host": conn.host,
            "chat": [c.to_json() for c in table.chat],
        }
        if token is not None:
            welcome["token"] = token
        if conn.host:
            welcome["codes"] = {str(k): v for k, v in (codes or table.open_codes()).items()}
        if ref is not None:
            welcome["ref"] = ref
        conn.push(welcome)
        self._send_lobby(live)
        self._send_views(conn)

    # -- playing --------------------------------------------------------------------------
    async def _act(self, conn: Connection, live: Live, req: Request) -> None:
        seat = req.seat
        if seat is None:
            seats = [s for s in conn.seats if s is not None]
            player = live.table.to_move()
            # A host with several seats at its screen acts for whichever of them is to move.
            seat = player if player in seats else (seats[0] if seats else None)
        if seat is None or seat not in conn.seats:
            raise ProtocolError("not_your_seat")
        async with live.lock:
            table = live.table
            session = table.try_act(seat, req.action, req.seq, conn.lang)
            await self._save(table, session)
        self._broadcast(live)
        conn.push(self._ack(req, table.seq))
        self._kick_computers(live)

    async def _save(self, table: Table, session: Session) -> None:
        """Write ``session`` as ``table``'s save, then make it the table's; if the write
        fails the table keeps its old session and the error goes up (nothing changed)."""
        await self._run_io(self.store.write_game, table.id, table.game_text(session))
        table.commit(session)
        self.count("actions")

    def _ack(self, req: Request, seq: int | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"v": p.VERSION, "type": p.ACK, "of": req.type}
        if seq is not None:
            out["seq"] = seq
        if req.ref is not None:
            out["ref"] = req.ref
        return out

    async def _chat(self, conn: Connection, live: Live, req: Request) -> None:
        if not conn.chat_bucket.take():
            raise ProtocolError("rate_limited", "too many chat lines: this one was dropped")
        table = live.table
        line = table.say(conn.seats[0] if not conn.host else None, req.text)
        await self._run_io(self.store.write_table, table.id, table.table_text())
        frame = encode({"v": p.VERSION, "type": p.CHAT, "table": table.id, **line.to_json()})
        for c in live.conns:
            c.push(frame)
        conn.push(self._ack(req))

    async def _start(self, conn: Connection, live: Live, req: Request) -> None:
        if not conn.host:
            raise ProtocolError("not_host")
        table = live.table
        if table.started:
            raise ProtocolError("already_started")
        table.started = True
        await self._run_io(self.store.write_table, table.id, table.table_text())
        self._broadcast(live)
        conn.push(self._ack(req))
        self._kick_computers(live)

    async def _replace(self, conn: Connection, live: Live, req: Request) -> None:
        if not conn.host:
            raise ProtocolError("not_host")
        table = live.table
        seat = req.seat
        assert seat is not None
        if not 0 <= seat < len(table.seats) or table.seats[seat].kind != p.REMOTE:
            raise ProtocolError("bad_seat", "only a remote person's seat can be given to a "
                                            "computer")
        if live.present(seat):
            raise ProtocolError("seat_present")
        async with live.lock:
            old = table.seats[seat]
            table.give_to_computer(seat, req.level)
            if old.token_hash is not None:
                self._tokens.pop(old.token_hash, None)
            if old.code is not None:
                self._codes.pop(old.code, None)
            table.names_changed()
            await self._run_io(self.store.write, table)
        self._send_lobby(live)  # the seat is the computer's now: everyone is told so
        self._broadcast(live)
        conn.push(self._ack(req))
        self._kick_computers(live)

    # -- computer seats -------------------------------------------------------------------
    def _kick_computers(self, live: Live) -> None:
        if live.table.computer_to_move() is None:
            return
        if live.thinking is None or live.thinking.done():
            live.thinking = asyncio.get_running_loop().create_task(self._computers(live))

    async def _computers(self, live: Live) -> None:
        try:
            await self._play_computers(live)
        except asyncio.CancelledError:
            raise
        except Exception:
            # A save that cannot be written (a full disk): the table waits where it was,
            # and the next change at it asks the computer again.
            log.exception("table %s: a computer seat's move could not be made",
                          live.table.id)
            self.count("ai_failures")

    async def _play_computers(self, live: Live) -> None:
        loop = asyncio.get_running_loop()
        while (turn := live.table.computer_to_move()) is not None:
            seat, level = turn
            table = live.table
            position = len(table.session.history)
            legal = table.session.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                obs = table.session.observation(seat)
                try:
                    action = await loop.run_in_executor(
                        self._ai, self._think, table.game.spec.id, level, obs, seat, legal,
                        question_seed(table, seat))
                except asyncio.CancelledError:
                    raise
                except Exception:
                    # A broken agent or a dead worker must not stop the table.
                    log.exception("a computer seat failed to think; it plays a legal move")
                    self.count("ai_failures")
                    action = legal[question_seed(table, seat) % len(legal)]
            async with live.lock:
                if len(table.session.history) != position or table is not live.table:
                    continue  # the position changed while it thought: think again
                try:
                    session = table.try_act(seat, action, table.seq)
                except ProtocolError:
                    log.error("a computer seat chose %r, which is not legal", action)
                    self.count("ai_failures")
                    session = table.try_act(seat, legal[0], table.seq)
                await self._save(table, session)
            self._broadcast(live)

    # -- sending --------------------------------------------------------------------------
    def _send_views(self, conn: Connection) -> None:
        live = conn.live
        if live is None:
            return
        table = live.table
        plies = len(table.session.history)
        for seat in conn.seats:
            since = conn.sent.get(seat, 0)
            conn.push(table.view(seat, conn.lang, since))
            conn.sent[seat] = plies

    def _broadcast(self, live: Live) -> None:
        for conn in list(live.conns):
            self._send_views(conn)

    def _send_lobby(self, live: Live) -> None:
        frames: dict[str, str] = {}
        for conn in live.conns:
            if conn.lang not in frames:
                frames[conn.lang] = encode(live.table.lobby(live.present, conn.lang))
            conn.push(frames[conn.lang])

    async def _run_io(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._io, fn, *args)


# -- the command ------------------------------------------------------------------------------

def default_data_dir() -> Path:
    from tabletop.userdata import data_dir

    return data_dir() / "server"


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="tabletop-server",
        description="Host Tabletop tables for players on other computers (WebSocket).")
    ap.add_argument("--data", type=Path, default=None,
                    help="folder of the tables (default: the user data folder)")
    ap.add_argument("--host", default="0.0.0.0",
                    help="address to listen on (default 0.0.0.0; 127.0.0.1 behind a proxy)")
    ap.add_argument("--port", type=int, default=DEFAULT_PORT,
                    help=f"port (default {DEFAULT_PORT}; 0: any free port)")
    ap.add_argument("--tls-cert", help="certificate chain (PEM) to serve wss:// directly")
    ap.add_argument("--tls-key", help="private key (PEM) of --tls-cert")
    ap.add_argument("--ai-workers", type=int, default=max(1, (os.cpu_count() or 2) - 1),
                    help="processes that think for computer seats (0: a thread)")
    ap.add_argument("--max-tables", type=int, default=Limits.max_tables)
    ap.add_argument("--rate", type=float, default=Limits.rate,
                    help=f"messages a second a connection may send (default {Limits.rate:g}; "
                         "bursts of twice that)")
    ap.add_argument("--advertise", metavar="NAME",
                    help="announce the server on the local network (mDNS) under NAME")
    ap.add_argument("--quiet", action="store_true", help="log warnings and errors only")
    return ap


async def _serve(args: argparse.Namespace) -> int:
    context = None
    if args.tls_cert or args.tls_key:
        if not (args.tls_cert and args.tls_key):
            print("tabletop-server: --tls-cert and --tls-key go together", file=sys.stderr)
            return 2
        context = tls_context(args.tls_cert, args.tls_key)
    data = args.data or default_data_dir()
    server = Server(data, host=args.host, port=args.port, ssl_context=context,
                    limits=Limits(max_tables=args.max_tables, rate=args.rate,
                                  burst=2 * args.rate), ai_workers=args.ai_workers)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    await server.start()
    scheme = "wss" if context else "ws"
    print(f"tabletop-server: listening on {scheme}://{args.host}:{server.port} "
          f"({len(server.tables)} tables in {data})", flush=True)
    for table_id, why in server.damaged.items():
        print(f"tabletop-server: table {table_id} was not resumed: {why}", flush=True)
    advert = None
    if args.advertise:
        from .discovery import Advertiser

        advert = Advertiser(args.advertise, server.port, tls=context is not None)
        await loop.run_in_executor(None, advert.start)
    try:
        await stop.wait()
    finally:
        if advert is not None:
            await loop.run_in_executor(None, advert.close)
        await server.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        return asyncio.run(_serve(args))
    except OSError as exc:
        print(f"tabletop-server: {exc.strerror or exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
