"""Hostile clients: every kind of bad frame gets its error code and changes nothing, floods
and slow or silent readers are cut off, and another table plays on unaffected throughout.

Each test runs a witness table (two scripted clients playing National Economy) beside the
hostile connection and checks that it finished its game; the figures of the suite are
printed (``-s``) for the record."""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from tabletop.net import protocol as p
from tabletop.net.client import ServerError, TableClient
from tabletop.net.server import Limits, Server

from .helpers import FAST, PATIENCE, Bot, running, seat_bots, url

FIGURES: dict[str, int] = {}


def _count(key: str, n: int = 1) -> None:
    FIGURES[key] = FIGURES.get(key, 0) + n


async def _raw(server: Server) -> ClientConnection:
    return await connect(url(server), max_size=p.MAX_SERVER_FRAME, compression=None)


async def _reply(ws: ClientConnection, frame: str | bytes | dict[str, Any],
                 skip: tuple[str, ...] = (p.LOBBY, p.VIEW, p.CHAT)) -> dict[str, Any]:
    """Send one frame and return the first answer that is not a broadcast."""
    await ws.send(frame if isinstance(frame, str | bytes) else json.dumps(frame))
    _count("hostile frames")
    while True:
        answer = json.loads(await asyncio.wait_for(ws.recv(), PATIENCE))
        if answer["type"] not in skip:
            return answer


async def _witness(server: Server) -> tuple[TableClient, list[Bot]]:
    return await seat_bots(server, "national-economy",
                           [{"kind": "remote"}, {"kind": "remote"}], "witness")


async def _witness_plays(bots: list[Bot]) -> None:
    await asyncio.wait_for(asyncio.gather(*(b.play() for b in bots)), PATIENCE)
    assert all(b.finished() for b in bots)
    _count("witness games finished")


async def _close(host: TableClient, bots: list[Bot]) -> None:
    for b in bots:
        await b.client.close()
    await host.close()


def _table_hash(server: Server, table_id: str) -> tuple[str, int]:
    table = server.tables[table_id].table
    return table.session.state_hash(), table.seq


def test_bad_frames_get_their_error_and_change_nothing(tmp_path: Path) -> None:
    async def main() -> None:
        async with running(tmp_path) as server:
            host, bots = await _witness(server)
            table_id = host.table
            assert table_id is not None
            play = asyncio.ensure_future(_witness_plays(bots))
            ws = await _raw(server)
            v = p.VERSION
            cases: list[tuple[str | bytes | dict[str, Any], str | tuple[str, ...]]] = [
                ("{not json", "bad_json"),
                (b"\xff\xfe\x00", "bad_json"),
                ("[1, 2, 3]", "bad_message"),
                ('"text"', "bad_message"),
                ("NaN", "bad_json"),
                ('{"v": 1, "type": "act", "action": "x", "seq": NaN}', "bad_json"),
                # Python 3.11's JSON decoder gives up on nesting this deep (not JSON to it);
                # 3.13's reads it, as an array, which is no message: refused either way.
                ("[" * 5000 + "]" * 5000, ("bad_json", "bad_message")),
                ({"v": 1, "type": "join", "name": "y", "code": [[[[[]]]]]}, "bad_field"),
                ({"type": "join", "code": "x", "name": "y"}, "bad_version"),
                ({"v": 99, "type": "join", "code": "x", "name": "y"}, "bad_version"),
                ({"v": True, "type": "join", "code": "x", "name": "y"}, "bad_version"),
                ({"v": v, "type": "steal"}, "unknown_type"),
                ({"v": v}, "unknown_type"),
                ({"v": v, "type": "view"}, "unknown_type"),
                ({"v": v, "type": "join", "name": "y"}, "bad_field"),
                ({"v": v, "type": "join", "code": 5, "name": "y"}, "bad_field"),
                ({"v": v, "type": "join", "code": "x" * 500, "name": "y"}, "bad_field"),
                ({"v": v, "type": "join", "code": "ABCDE-FGHJK", "name": ""}, "bad_name"),
                ({"v": v, "type": "join", "code": "ABCDE-FGHJK", "name": "a\u202eb"},
                 "bad_name"),
                ({"v": v, "type": "join", "code": "ABCDE-FGHJK", "name": "x" * 25},
                 "bad_name"),
                ({"v": v, "type": "join", "code": "ABCDE-FGHJK", "name": "Mallory"},
                 "bad_code"),
                ({"v": v, "type": "resume", "token": "A" * 32}, "bad_token"),
                ({"v": v, "type": "act", "action": "x", "seq": 0}, "not_seated"),
                ({"v": v, "type": "chat", "text": "hi"}, "not_seated"),
                ({"v": v, "type": "start"}, "not_seated"),
                ({"v": v, "type": "create", "game": "chess", "players": 2,
                  "seats": [{"kind": "remote"}] * 2}, "unknown_game"),
                ({"v": v, "type": "create", "game": "magos", "players": 9,
                  "seats": [{"kind": "remote"}] * 9}, "bad_setup"),
                ({"v": v, "type": "create", "game": "magos", "players": 2,
                  "seats": [{"kind": "remote"}, {"kind": "computer", "level": "god"}]},
                 "bad_setup"),
                ({"v": v, "type": "create", "game": "magos", "players": 2,
                  "seats": [{"kind": "alien"}] * 2}, "bad_field"),
                ({"v": v, "type": "create", "game": "magos", "players": 2,
                  "seats": [{"kind": "remote"}] * 2, "options": {"x": 1.5}}, "bad_field"),
                ({"v": v, "type": "create", "game": "magos", "players": 2,
                  "seats": [{"kind": "remote"}] * 2, "options": {"nonsense": True}},
                 "bad_setup"),
                ({"v": v, "type": "join", "code": "x", "name": "y", "ref": {"a": 1}},
                 "bad_field"),
            ]
            before = _table_hash(server, table_id)
            tables = len(server.tables)
            for frame, code in cases:
                answer = await _reply(ws, frame)
                codes = code if isinstance(code, tuple) else (code,)
                assert answer["type"] == p.ERROR and answer["code"] in codes, (frame, answer)
                assert answer["message"]
                _count("error replies")
            # A wrong guess from an address is charged; the table and its tokens stand.
            assert len(server.tables) == tables
            await ws.close()
            await play
            assert _table_hash(server, table_id) != before  # the witness played on
            await _close(host, bots)
            _count("bad-frame cases", len(cases))

    asyncio.run(main())


def test_a_seat_cannot_act_or_read_for_another(tmp_path: Path) -> None:
    async def main() -> None:
        async with running(tmp_path) as server:
            host, (a, b) = await seat_bots(server, "national-economy",
                                           [{"kind": "remote"}] * 2, "two")
            table = server.tables[host.table or ""].table
            mover = a if table.to_move() == a.client.seats[0] else b
            other = b if mover is a else a
            seat = mover.client.seats[0]
            before = _table_hash(server, table.id)
            legal = mover.client.views[seat].legal
            # Acting for the seat to move from the other seat's connection.
            for attempt in (lambda: other.client.act(legal[0], seat),
                            lambda: host.act(legal[0], seat)):
                with pytest.raises(ServerError) as err:
                    await attempt()
                assert err.value.code == "not_your_seat"
                _count("cross-seat attempts refused")
            # Out of turn, with its own seat.
            with pytest.raises(ServerError) as err:
                await other.client.act(legal[0])
            assert err.value.code == "not_your_turn"
            # Illegal, and malformed, on its own turn.
            for action in ("no-such-move", "x" * 200, ""):
                with pytest.raises(ServerError) as err:
                    await mover.client.act(action)
                assert err.value.code == "illegal_action", action
                assert err.value.message
                _count("illegal actions refused")
            assert _table_hash(server, table.id) == before
            # A guessed token (another seat's, with a character changed) reads nothing.
            ws = await _raw(server)
            for guess in ("x" * 32, "A" * 10):
                answer = await _reply(ws, {"v": p.VERSION, "type": "resume", "token": guess})
                assert answer["code"] == "bad_token"
                _count("guessed tokens refused")
            # Neither connection was ever sent the other seat's view.
            for bot in (a, b):
                seats = {f["seat"] for f in bot.frames if f.get("type") == p.VIEW}
                assert seats == set(bot.client.seats)
            # A replayed action: the old view's number is refused once the table moved on.
            old = mover.client.views[seat].seq
            await mover.client.act(legal[0])
            ws2 = mover.client._ws
            assert ws2 is not None
            answer_frames = []
            await ws2.send(json.dumps({"v": p.VERSION, "type": "act", "action": legal[0],
                                       "seq": old, "seat": seat, "ref": "replay"}))
            _count("hostile frames")
            await wait_refused(mover, "replay", answer_frames)
            assert answer_frames[0]["code"] == "stale_view"
            _count("replayed actions refused")
            await ws.close()
            await _close(host, [a, b])

    asyncio.run(main())


async def wait_refused(bot: Bot, ref: str, out: list[dict[str, Any]]) -> None:
    async def loop() -> None:
        while True:
            for f in bot.frames:
                if f.get("type") == p.ERROR and f.get("ref") == ref:
                    out.append(f)
                    return
            bot.changed.clear()
            await bot.changed.wait()
    await asyncio.wait_for(loop(), PATIENCE)


def test_oversized_frames_close_the_connection(tmp_path: Path) -> None:
    async def main() -> None:
        async with running(tmp_path) as server:
            host, bots = await _witness(server)
            play = asyncio.ensure_future(_witness_plays(bots))
            for size in (p.MAX_REQUEST_BYTES + 1, 10 * 1024 * 1024):
                ws = await _raw(server)
                with pytest.raises(ConnectionClosed) as err:
                    await ws.send("x" * size)
                    await asyncio.wait_for(ws.recv(), PATIENCE)
                assert err.value.rcvd is not None and err.value.rcvd.code == 1009
                _count("oversized frames closed")
            await play
            await _close(host, bots)

    asyncio.run(main())


def test_a_flood_is_limited_then_cut_off(tmp_path: Path) -> None:
    limits = Limits(rate=50.0, burst=20.0, strikes=30, chat_rate=0.5, chat_burst=3.0)

    async def main() -> None:
        async with running(tmp_path, limits) as server:
            host, bots = await _witness(server)
            play = asyncio.ensure_future(_witness_plays(bots))
            ws = await _raw(server)
            sent = 0
            with pytest.raises(ConnectionClosed):
                for _ in range(5000):
                    await ws.send(json.dumps({"v": p.VERSION, "type": "start"}))
                    sent += 1
                    await asyncio.sleep(0)
                while True:  # the server closes the flood
                    await asyncio.wait_for(ws.recv(), PATIENCE)
            assert server.counts["rate_limited"] >= limits.strikes
            _count("flood frames sent", sent)
            _count("flood frames refused for rate", server.counts["rate_limited"])
            # Chat has a limit of its own, below the message rate.
            chatter = host
            said = refused = 0
            for i in range(10):
                try:
                    await chatter.chat(f"line {i}")
                    said += 1
                except ServerError as exc:
                    assert exc.code == "rate_limited"
                    refused += 1
            assert said == 3 and refused == 7
            _count("chat lines refused for rate", refused)
            await play
            await _close(host, bots)

    asyncio.run(main())


def test_a_reader_that_never_reads_is_dropped(tmp_path: Path) -> None:
    # No pings here: the queue bound alone must catch it.
    limits = Limits(rate=10_000.0, burst=10_000.0, chat_rate=1e4, chat_burst=1e4, outbox=8,
                    write_limit=4096, ping_interval=None, close_timeout=0.5)

    async def main() -> None:
        async with running(tmp_path, limits) as server:
            host = TableClient(url(server))
            await host.connect()
            await host.create("national-economy", [{"kind": "remote"}, {"kind": "local"}])
            # A client with a tiny receive buffer joins and then never reads.
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", server.port))
            slow = await connect(url(server), sock=sock, compression=None,
                                 max_size=p.MAX_SERVER_FRAME)
            await slow.send(json.dumps({"v": p.VERSION, "type": "join",
                                        "code": host.codes[0], "name": "Sloth"}))
            slow.transport.pause_reading()
            table = server.tables[host.table or ""]

            async def joined() -> None:
                while not table.present(0):
                    await asyncio.sleep(0.01)
            await asyncio.wait_for(joined(), PATIENCE)
            # Loopback buffers hold megabytes: shrink the server's end of this one, so that
            # a few dozen frames fill it rather than thousands.
            for conn in table.conns:
                if 0 in conn.seats:
                    conn.ws.transport.get_extra_info("socket").setsockopt(
                        socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
            witness_host, witness = await _witness(server)
            play = asyncio.ensure_future(_witness_plays(witness))
            lines = 0
            while table.present(0) and lines < 5000:
                await host.chat(f"filler {lines} " + "." * 280)
                lines += 1
            await play
            assert not table.present(0)
            assert server.counts.get("dropped_slow_reader") == 1
            assert table.table.lobby(table.present)["seats"][0]["state"] == p.WAITING
            _count("slow readers dropped")
            _count("frames before the slow reader was dropped", lines)
            slow.transport.abort()
            await slow.close()
            await host.close()
            await _close(witness_host, witness)

    asyncio.run(main())


def test_a_half_open_connection_times_out(tmp_path: Path) -> None:
    limits = Limits(rate=10_000.0, burst=10_000.0, ping_interval=0.2, ping_timeout=0.4,
                    close_timeout=0.5)

    async def main() -> None:
        async with running(tmp_path, limits) as server:
            # Joined, then silent: never reads, never answers a ping.
            host, (silent, other) = await seat_bots(server, "magos",
                                                     [{"kind": "remote"}] * 2, "half")
            table = server.tables[host.table or ""]
            assert silent.client._ws is not None
            silent.client._ws.transport.pause_reading()
            seat = silent.client.seats[0]

            async def timed_out() -> None:
                while table.present(seat):
                    await asyncio.sleep(0.05)
            await asyncio.wait_for(timed_out(), PATIENCE)
            # The other seat was told that this one waits for its player.
            await wait_for_state(other, seat, p.WAITING)
            _count("half-open connections closed")
            await other.client.close()
            silent.client._ws.transport.abort()  # it would wait for a close it cannot read
            await silent.client.close()
            await host.close()

    asyncio.run(main())


async def wait_for_state(bot: Bot, seat: int, state: str) -> None:
    async def loop() -> None:
        while True:
            lobby = bot.client.lobby
            if lobby and lobby["seats"][seat]["state"] == state:
                return
            bot.changed.clear()
            await bot.changed.wait()
    await asyncio.wait_for(loop(), PATIENCE)


@pytest.fixture(scope="module", autouse=True)
def _print_figures() -> Any:
    yield
    print("\nhostile-suite figures: " + ", ".join(f"{k}: {v}" for k, v in FIGURES.items()))


def test_the_fast_limits_are_only_for_tests() -> None:
    assert Limits().rate < FAST.rate
