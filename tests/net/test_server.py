"""The server's own rules: no Qt, the documented protocol, computer seats off the loop, the
host's messages, the chat and names, the table files (permissions, tokens kept across a
restart), reconnection by the client library, and the rate buckets."""

from __future__ import annotations

import asyncio
import re
import stat
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tabletop.net import protocol as p
from tabletop.net.client import ServerError, TableClient, ThreadedClient, Update
from tabletop.net.server import Server, TokenBucket
from tabletop.net.tables import think

from .helpers import PATIENCE, PLUGINS, Bot, running, seat_bots, url, wait_for

ROOT = Path(__file__).resolve().parents[2]


def test_the_server_and_client_do_not_import_qt() -> None:
    code = ("import sys\nimport tabletop.net.server, tabletop.net.client, "
            "tabletop.net.discovery\n"
            "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'pyqtgraph'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_every_message_type_and_error_code_is_documented() -> None:
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z_]+)`", doc))
    missing = [t for t in (*p.CLIENT_TYPES, *p.SERVER_TYPES, *p.ERRORS, *p.SEAT_KINDS,
                           *p.SEAT_STATES) if t not in named]
    assert not missing, f"not in docs/protocol.md: {missing}"
    assert f"`{p.VERSION}`" in doc or f"version {p.VERSION}" in doc


def test_a_thinking_computer_does_not_hold_up_another_table(tmp_path: Path) -> None:
    started = threading.Event()
    release = threading.Event()
    calls: list[int] = []

    def slow_think(game_id: str, level: str, obs: Any, seat: int, legal: Any,
                   seed: int) -> str:
        calls.append(seat)
        if len(calls) == 1:  # the first question thinks until the other table has played
            started.set()
            release.wait(PATIENCE)
        return think(game_id, "random", obs, seat, legal, seed)

    async def main() -> None:
        pool = ThreadPoolExecutor(2)
        try:
            async with running(tmp_path, think=slow_think, ai_executor=pool) as server:
                slow = TableClient(url(server))
                await slow.connect()
                await slow.create("magos", [{"kind": "computer", "level": "hard"}] * 2)
                await asyncio.get_running_loop().run_in_executor(None, started.wait, PATIENCE)
                # Meanwhile a whole game is played at another table.
                host, bots = await seat_bots(server, "national-economy",
                                             [{"kind": "remote"}] * 2, "beside")
                await asyncio.wait_for(asyncio.gather(*(b.play() for b in bots)), PATIENCE)
                assert all(b.finished() for b in bots)
                assert not release.is_set() and len(calls) == 1  # still thinking
                release.set()
                table = server.tables[slow.table or ""].table
                deadline = asyncio.get_running_loop().time() + PATIENCE
                while table.seq < 3 and asyncio.get_running_loop().time() < deadline:
                    await asyncio.sleep(0.01)
                assert table.seq >= 3  # and it goes on once it has thought
                for c in (slow, host, *(b.client for b in bots)):
                    await c.close()
        finally:
            release.set()
            pool.shutdown()

    asyncio.run(main())


def test_computer_seats_think_in_a_process_pool(tmp_path: Path) -> None:
    async def main() -> None:
        server = Server(tmp_path, port=0, ai_workers=1, plugins=PLUGINS)
        await server.start()
        try:
            watcher = Bot(url(server), "pool")
            await watcher.client.connect()
            await watcher.client.create("magos", [{"kind": "computer", "level": "easy"}] * 2)
            await wait_for(watcher, lambda: watcher.client.views[None].terminal,
                           timeout=PATIENCE * 2)
            assert watcher.client.views[None].returns is not None
            await watcher.client.close()
        finally:
            await server.close()

    asyncio.run(main())


def test_host_messages_chat_and_names(tmp_path: Path) -> None:
    async def main() -> None:
        async with running(tmp_path) as server:
            host = Bot(url(server), "host")
            await host.client.connect()
            welcome = await host.client.create(
                "national-economy", [{"kind": "local"}, {"kind": "remote"},
                                     {"kind": "remote"}], name="Hana")
            assert welcome["host"] and set(host.client.codes) == {1, 2}
            assert host.client.lobby["seats"][1]["state"] == p.OPEN
            guest = Bot(url(server), "guest")
            await guest.client.connect()
            with pytest.raises(ServerError) as err:
                await guest.client.join(host.client.codes[1], "\x1b[31mred")
            assert err.value.code == "bad_name"
            await guest.client.join(host.client.codes[1], "  Taro  ")
            await wait_for(host, lambda: host.client.lobby["seats"][1]["name"] == "Taro")
            # A spent code does not open the seat again.
            again = TableClient(url(server))
            await again.connect()
            with pytest.raises(ServerError) as err:
                await again.join(host.client.codes[1], "Jiro")
            assert err.value.code == "bad_code"
            # Not started until every remote seat came, or the host starts it.
            assert not host.client.views[0].started
            for who in (guest.client, ):
                with pytest.raises(ServerError) as err:
                    await who.start()
                assert err.value.code == "not_host"
                with pytest.raises(ServerError) as err:
                    await who.replace(2, "easy")
                assert err.value.code == "not_host"
            with pytest.raises(ServerError) as err:
                await host.client.replace(1, "easy")  # Taro is here
            assert err.value.code == "seat_present"
            with pytest.raises(ServerError) as err:
                await host.client.replace(0, "easy")  # the host's own seat
            assert err.value.code == "bad_seat"
            # The seat nobody came to goes to a computer: the table starts.
            await host.client.replace(2, "random")
            await wait_for(host, lambda: host.client.views[0].started)
            with pytest.raises(ServerError) as err:
                await host.client.start()
            assert err.value.code == "already_started"
            # Chat: both hear it, with the speaker's name; it is kept in the table file.
            await guest.client.chat("よろしく!")
            await wait_for(host, lambda: any(c.get("text") == "よろしく!"
                                             for c in host.client.chat_lines))
            line = next(c for c in host.client.chat_lines if c.get("text") == "よろしく!")
            assert line["name"] == "Taro" and line["seat"] == 1
            for bad in ("", "x" * (p.MAX_CHAT + 1), "a\u202eb"):
                with pytest.raises(ServerError) as err:
                    await guest.client.chat(bad)
                assert err.value.code in ("bad_chat", "bad_field")
            folder = server.store.folder(host.client.table or "")
            table_text = (folder / "table.json").read_text(encoding="utf-8")
            assert "\\u3088\\u308d\\u3057\\u304f!" in table_text
            # The secrets are files of the server's alone, and tokens are kept as digests.
            for name in ("table.json", "game.json"):
                assert stat.S_IMODE((folder / name).stat().st_mode) == 0o600
            assert host.client.token is not None and host.client.token not in table_text
            assert guest.client.token is not None and guest.client.token not in table_text
            # The game's words use the names people gave.
            await wait_for(guest, lambda: bool(guest.client.views[1].events))
            for c in (host.client, guest.client, again):
                await c.close()

    asyncio.run(main())


def test_lines_sent_before_a_join_are_worded_again_with_the_names(tmp_path: Path) -> None:
    """The host's seat carries the host's name, and a friend who joins is named in every line
    of the log, those sent before they came included, in the prompts and the lobby."""
    async def main() -> None:
        async with running(tmp_path) as server:
            host = Bot(url(server), "host")
            await host.client.connect()
            await host.client.create("national-economy", [{"kind": "local"},
                                                          {"kind": "remote"}], name="Hana")
            await wait_for(host, lambda: 0 in host.client.views)
            before = host.client.views[0].log()
            # The start player is drawn before anyone joins: worded "Player 2" or "Hana".
            assert any("Player 2" in line or "Hana" in line for line in before)
            assert host.client.lobby["seats"][0]["name"] == "Hana"
            # A second person at the host's screen is named by the host; a friend is not.
            second = Bot(url(server), "second")
            other = second.client
            await other.connect()
            with pytest.raises(ServerError) as err:
                await other.create("spymaster", [{"kind": "local"},
                                                 {"kind": "remote", "name": "Taro"}])
            assert err.value.code == "bad_field" and "seats[1].name" in err.value.message
            await other.create("buried-treasure", [{"kind": "local", "name": "Ken"},
                                                   {"kind": "local"}, {"kind": "remote"}],
                               name="Hana")
            await wait_for(second, lambda: bool(other.lobby))
            names = [s["name"] for s in other.lobby["seats"]]
            assert names == ["Ken", "Hana", "Player 3"]
            await other.close()
            guest = Bot(url(server), "guest")
            await guest.client.connect()
            await guest.client.join(host.client.codes[1], "Taro")
            await wait_for(host, lambda: any("Taro" in line
                                             for line in host.client.views[0].log()))
            await wait_for(guest, lambda: 1 in guest.client.views)
            for client, seat in ((host.client, 0), (guest.client, 1)):
                log = client.views[seat].log()
                assert len(log) == len(before)  # the same lines, worded again, not added
                assert not any("Player 1" in line or "Player 2" in line for line in log), log
            view = next(v for v in (host.client.views[0], guest.client.views[1]) if v.legal)
            assert view.prompt and "Player" not in view.prompt
            for c in (host.client, guest.client):
                await c.close()

    asyncio.run(main())


def test_a_restarted_server_keeps_tables_and_tokens(tmp_path: Path) -> None:
    async def main() -> None:
        async with running(tmp_path) as server:
            host, (a, b) = await seat_bots(server, "magos", [{"kind": "remote"}] * 2, "keep")
            mover = a if a.to_act() else b
            turn = mover.to_act()
            assert turn is not None
            await mover.client.act(turn[1][0], turn[0])
            table = server.tables[host.table or ""].table
            digest, seq = table.session.state_hash(), table.seq
            tokens = [c.token for c in (host, a.client, b.client)]
            for c in (host, a.client, b.client):
                await c.close()
        async with running(tmp_path) as server:
            table = next(iter(server.tables.values())).table
            assert (table.session.state_hash(), table.seq) == (digest, seq)
            for token in tokens:
                c = TableClient(url(server))
                await c.connect()
                assert token is not None
                welcome = await c.resume(token)
                assert welcome["table"] == table.id and "token" not in welcome
                await c.close()

    asyncio.run(main())


def test_the_client_reconnects_by_itself(tmp_path: Path) -> None:
    async def main() -> None:
        async with running(tmp_path) as server:
            states: list[str] = []
            host, (a, b) = await seat_bots(server, "national-economy",
                                           [{"kind": "remote"}] * 2, "again")
            old = a.client.on_update

            def spy(update: Update) -> None:
                if update.kind == "connection":
                    states.append(update.frame["state"])
                assert old is not None
                old(update)
            a.client.on_update = spy
            a.client.backoff = (0.01, 0.05)
            seq = a.client.views[a.client.seats[0]].seq
            assert a.client._ws is not None
            a.client._ws.transport.abort()  # the network drops
            await wait_for(a, lambda: a.client.reconnects == 1 and a.client.connected)
            await wait_for(a, lambda: a.client.views[a.client.seats[0]].seq == seq
                           and "connected" in states)
            assert states[:2] == ["reconnecting", "connected"]
            # It carries on from the exact position: the game plays to its end.
            await asyncio.wait_for(asyncio.gather(a.play(), b.play()), PATIENCE)
            for c in (host, a.client, b.client):
                await c.close()

    asyncio.run(main())


def test_a_joined_computer_takes_two_seats_and_gets_both_back(tmp_path: Path) -> None:
    """Two people sharing a joined computer: one connection joins two seats of a table with
    two codes, is sent both seats' views (and no third's), plays both, and on a reconnect
    resumes both with their tokens. A code of another table, or a host's token, is refused."""
    async def main() -> None:
        async with running(tmp_path) as server:
            host = Bot(url(server), "host")
            await host.client.connect()
            await host.client.create("buried-treasure", [{"kind": "local"}, {"kind": "remote"},
                                                         {"kind": "remote"}], name="Hana")
            other = TableClient(url(server))
            await other.connect()
            await other.create("spymaster", [{"kind": "local"}, {"kind": "remote"}])
            pair = Bot(url(server), "pair")
            await pair.client.connect()
            await pair.client.join(host.client.codes[1], "Taro")
            with pytest.raises(ServerError) as err:
                await pair.client.join(other.codes[1], "Jiro")
            assert err.value.code == "already_seated"
            with pytest.raises(ServerError) as err:
                await pair.client.join("AAAAA-AAAAA", "Jiro")
            assert err.value.code == "bad_code"
            with pytest.raises(ServerError) as err:
                await pair.client.resume(host.client.token or "")
            assert err.value.code == "already_seated"
            assert len(pair.client.tokens) == 1
            welcome = await pair.client.join(host.client.codes[2], "Jiro")
            assert welcome["seats"] == [1, 2] and len(pair.client.tokens) == 2
            await wait_for(pair, lambda: set(pair.client.views) == {1, 2})
            await wait_for(host, lambda: [s["name"] for s in host.client.lobby["seats"]]
                           == ["Hana", "Taro", "Jiro"])
            assert all(s["state"] == p.PRESENT for s in host.client.lobby["seats"])
            with pytest.raises(ServerError) as err:
                await pair.client.act("anything", 0)  # the host's seat is not theirs
            assert err.value.code == "not_your_seat"
            pair.client.backoff = (0.01, 0.05)
            assert pair.client._ws is not None
            pair.client._ws.transport.abort()  # the network drops: both seats wait
            await wait_for(pair, lambda: pair.client.reconnects == 1 and pair.client.connected)
            await wait_for(host, lambda: all(s["state"] == p.PRESENT
                                             for s in host.client.lobby["seats"]))
            assert pair.client.seats == [1, 2]
            # Both seats play on from where they were, with the host's, to the end.
            await asyncio.wait_for(asyncio.gather(pair.play(), host.play()), PATIENCE)
            assert set(pair.client.views) == {1, 2}
            assert pair.moves > 0 and all(pair.client.views[s].terminal for s in (1, 2))
            [seat_frames] = [{f.get("seat") for f in pair.frames if f.get("type") == "view"}]
            assert seat_frames == {1, 2}
            for c in (host.client, other, pair.client):
                await c.close()

    asyncio.run(main())


def test_a_joined_computer_keeps_its_other_seat_when_one_goes_to_a_computer(tmp_path: Path
                                                                          ) -> None:
    """Two people share a joined computer; while it is away, the host gives the seat it joined
    first to a computer. On the reconnect that seat's token is refused, and the computer
    carries on with the other seat alone, to the end of the game."""
    async def main() -> None:
        async with running(tmp_path) as server:
            host = Bot(url(server), "host")
            await host.client.connect()
            await host.client.create("buried-treasure", [{"kind": "local"}, {"kind": "remote"},
                                                         {"kind": "remote"}], name="Hana")
            pair = Bot(url(server), "pair")
            await pair.client.connect()
            await pair.client.join(host.client.codes[1], "Taro")
            await pair.client.join(host.client.codes[2], "Jiro")
            await wait_for(host, lambda: all(s["state"] == p.PRESENT
                                             for s in host.client.lobby["seats"]))
            first = pair.client.tokens[0]
            pair.client.backoff = (1.0, 1.0)  # away long enough for the host to act
            assert pair.client._ws is not None
            pair.client._ws.transport.abort()
            await wait_for(host, lambda: host.client.lobby["seats"][1]["state"] == p.WAITING)
            await host.client.replace(1, "easy")
            await wait_for(pair, lambda: pair.client.reconnects == 1 and pair.client.connected
                           and first not in pair.client.tokens)
            assert len(pair.client.tokens) == 1 and pair.client.token == pair.client.tokens[0]
            await wait_for(host, lambda: host.client.lobby["seats"][2]["state"] == p.PRESENT)
            assert host.client.lobby["seats"][1]["state"] == p.COMPUTER
            await asyncio.wait_for(asyncio.gather(pair.play(), host.play()), PATIENCE)
            assert pair.client.views[2].terminal
            for c in (host.client, pair.client):
                await c.close()

    asyncio.run(main())


def test_the_threaded_client_for_a_gui(tmp_path: Path) -> None:
    async def main() -> None:
        async with running(tmp_path) as server:
            address = url(server)
            heard: list[str] = []

            def play() -> None:
                client = ThreadedClient(address, on_update=lambda u: heard.append(u.kind))
                try:
                    client.connect().result(PATIENCE)
                    client.create("magos", [{"kind": "local"}, {"kind": "local"}]
                                  ).result(PATIENCE)
                    for _ in range(3):
                        while True:
                            update = client.updates.get(timeout=PATIENCE)
                            if update.kind == "view" and update.frame["legal"]:
                                break
                        seat = update.frame["seat"]
                        client.act(update.frame["legal"][0], seat).result(PATIENCE)
                    client.chat("done").result(PATIENCE)
                finally:
                    client.close()

            await asyncio.get_running_loop().run_in_executor(None, play)
            assert {"welcome", "lobby", "view"} <= set(heard)
            table = next(iter(server.tables.values())).table
            assert table.seq >= 3

    asyncio.run(main())


def test_token_bucket() -> None:
    now = [0.0]
    bucket = TokenBucket(2.0, 3.0, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5
    assert bucket.take() and not bucket.take()
    now[0] += 100
    assert bucket.has() and bucket.has()  # asking spends nothing
    assert sum(bucket.take() for _ in range(10)) == 3
    assert not bucket.has()


def test_wrong_guesses_run_out_an_address_budget(tmp_path: Path) -> None:
    from tabletop.net.server import Limits

    async def main() -> None:
        async with running(tmp_path, Limits(rate=1e4, burst=1e4, auth_rate=0.001,
                                            auth_burst=3)) as server:
            c = TableClient(url(server))
            await c.connect()
            codes = []
            for _ in range(5):
                try:
                    await c.resume("A" * 32)
                except ServerError as exc:
                    codes.append(exc.code)
            assert codes == ["bad_token"] * 3 + ["too_many_failures"] * 2
            await c.close()

    asyncio.run(main())


def test_a_move_whose_save_fails_is_not_made(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    async def main() -> None:
        async with running(tmp_path) as server:
            host, (a, b) = await seat_bots(server, "magos", [{"kind": "remote"}] * 2, "disk")
            table = server.tables[host.table or ""].table
            before = (table.session.state_hash(), table.seq)
            mover = a if a.to_act() else b
            turn = mover.to_act()
            assert turn is not None

            def full_disk(table_id: str, text: str) -> None:
                raise OSError(28, "No space left on device")

            monkeypatch.setattr(server.store, "write_game", full_disk)
            with pytest.raises(ServerError) as err:
                await mover.client.act(turn[1][0], turn[0])
            assert err.value.code == "server_error"
            assert (table.session.state_hash(), table.seq) == before
            assert mover.client.views[turn[0]].seq == before[1]  # nobody was told of it
            monkeypatch.undo()
            await mover.client.act(turn[1][0], turn[0])  # the disk has room again
            assert table.seq == before[1] + 1
            for c in (host, a.client, b.client):
                await c.close()

    asyncio.run(main())
