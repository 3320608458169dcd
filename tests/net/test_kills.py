"""Faults lose nothing: the server, run as its own process, is killed with SIGKILL at random
moments and started again on its folder, and clients are killed and come back as new clients
with their token; every table resumes at the position its save file holds (its state hash
checked by replay), every client's view comes back at that position, every move a client was
told was accepted is in the final log, and every game reaches its end.

Three kills run with the tests; the 30-kill soak runs with ``-m slow``."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine import savefile
from tabletop.net.client import Disconnected, ServerError, TableClient, Update
from tabletop.net.protocol import VIEW

from .helpers import PATIENCE, PLUGINS

ROOT = Path(__file__).resolve().parents[2]
#: The tables of each round: long enough games that kills land in the middle of them.
ROUND = (("saboteur2", [{"kind": "remote"}, {"kind": "remote"},
                        {"kind": "computer", "level": "random"}]),
         ("national-economy", [{"kind": "remote"}, {"kind": "remote"},
                               {"kind": "computer", "level": "random"}]))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``python -m tabletop.net.server`` on a fixed port and folder, killed and restarted."""

    def __init__(self, data: Path, port: int) -> None:
        self.data = data
        self.port = port
        self.proc: subprocess.Popen[str] | None = None
        self.starts = 0

    async def start(self) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tabletop.net.server", "--data", str(self.data),
             "--host", "127.0.0.1", "--port", str(self.port), "--ai-workers", "0", "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
        assert self.proc.stdout is not None
        line = await asyncio.wait_for(
            asyncio.get_running_loop().run_in_executor(None, self.proc.stdout.readline),
            PATIENCE)
        assert "listening on" in line, line
        self.starts += 1

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        assert self.proc.stdout is not None
        self.proc.stdout.close()
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(PATIENCE)
            assert self.proc.stdout is not None
            self.proc.stdout.close()
            self.proc = None


class Player:
    """A scripted person at one remote seat, who can be killed and come back as a new
    client with the seat's token."""

    def __init__(self, url: str, seed: str) -> None:
        self.url = url
        self.rng = random.Random(seed)
        self.changed = asyncio.Event()
        self.client = self._new_client()
        self.accepted: list[tuple[int, int, str]] = []  # (seq after, seat, action)
        self.came_back_at: list[int] = []
        self._expect_full = False

    def _new_client(self) -> TableClient:
        return TableClient(self.url, on_update=self._update, backoff=(0.05, 0.5))

    def _update(self, update: Update) -> None:
        if update.kind == VIEW and update.frame["full"] and self._expect_full:
            self.came_back_at.append(int(update.frame["seq"]))
            self._expect_full = False
        if update.kind == "connection" and update.frame["state"] == "connected":
            self._expect_full = True
        self.changed.set()

    seat = -1  # set once it joined; a client that came back knows it from its welcome

    def finished(self) -> bool:
        view = self.client.views.get(self.seat)
        return view is not None and view.terminal

    async def killed(self) -> None:
        """The client process dies; a new one starts with the token it had kept."""
        token = self.client.token
        assert token is not None
        ws = self.client._ws
        if ws is not None:
            ws.transport.abort()
        await self.client.close()
        self.client = self._new_client()
        self._expect_full = True
        while True:
            try:
                await self.client.connect()
                await self.client.resume(token)
                return
            except (OSError, Disconnected, ServerError):
                await self.client.close()
                self.client = self._new_client()
                self._expect_full = True
                await asyncio.sleep(0.1)  # the server is down as well: try again

    async def play(self) -> None:
        while not self.finished():
            view = self.client.views.get(self.seat)
            if view is None or not view.legal or not self.client.connected:
                self.changed.clear()
                await asyncio.wait_for(self.changed.wait(), PATIENCE)
                continue
            await asyncio.sleep(self.rng.uniform(0, 0.01))
            client = self.client  # a killed client may have been replaced meanwhile
            view = client.views.get(self.seat)
            if view is None or not view.legal:
                continue
            action = view.legal[self.rng.randrange(len(view.legal))]
            try:
                seq = await client.act(action, self.seat)
                self.accepted.append((seq, self.seat, action))
            except ServerError as exc:
                assert exc.code in ("stale_view", "not_your_turn", "rate_limited"), exc
                if exc.code == "rate_limited":  # the server's own limits: a person's pace
                    await asyncio.sleep(0.1)
            except (Disconnected, TimeoutError):
                self.changed.clear()
                await asyncio.wait_for(self.changed.wait(), PATIENCE)


def _saved(data: Path) -> dict[str, tuple[str, list[list[Any]], bool]]:
    """Each table's save as the files hold it: state hash, log, finished."""
    out = {}
    for game_file in sorted((data / "tables").glob("*/game.json")):
        raw = json.loads(game_file.read_text(encoding="utf-8"))
        out[game_file.parent.name] = (raw["state_hash"], raw["log"], raw["finished"])
    return out


def _replayed_hash(data: Path, table_id: str) -> str:
    session, _ = savefile.load(data / "tables" / table_id / "game.json", PLUGINS)
    return session.state_hash()


async def _soak(data: Path, kills: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    server = ServerProcess(data, _free_port())
    url = f"ws://127.0.0.1:{server.port}"
    await server.start()
    figures = {"server kills": 0, "client kills": 0, "tables": 0, "resumes checked": 0,
               "accepted moves checked": 0, "saved logs checked": 0}
    try:
        while figures["server kills"] + figures["client kills"] < kills:
            hosts: list[TableClient] = []
            players: dict[str, list[Player]] = {}
            for game, seats in ROUND:
                host = TableClient(url, backoff=(0.05, 0.5))
                await host.connect()
                await host.create(game, seats)
                hosts.append(host)
                assert host.table is not None
                players[host.table] = []
                for seat, code in sorted(host.codes.items()):
                    player = Player(url, f"{seed}/{host.table}/{seat}")
                    await player.client.connect()
                    await player.client.join(code, f"P{seat + 1}")
                    player.seat = seat
                    players[host.table].append(player)
            figures["tables"] += len(hosts)
            kept: dict[str, list[list[list[Any]]]] = {t: [] for t in players}
            everyone = [pl for group in players.values() for pl in group]
            games = asyncio.ensure_future(asyncio.gather(*(pl.play() for pl in everyone)))
            while not games.done() and figures["server kills"] + figures["client kills"] < kills:
                await asyncio.sleep(rng.uniform(0.05, 0.4))
                if games.done():
                    break
                if rng.random() < 0.6:
                    server.kill()
                    figures["server kills"] += 1
                    saved = _saved(data)
                    for table_id, (digest, log, _) in saved.items():
                        assert _replayed_hash(data, table_id) == digest
                        if table_id in players:
                            kept[table_id].append(log)
                    for pl in everyone:
                        pl.came_back_at.clear()
                    await server.start()
                    # Every client comes back at the position its table's file holds, or
                    # after it (a computer seat may move first); the log goes on from it.
                    for table_id, group in players.items():
                        decisions = sum(1 for seat, _ in saved[table_id][1] if seat >= 0)
                        for pl in group:
                            if saved[table_id][2]:
                                continue
                            await _wait(pl, lambda p=pl: bool(p.came_back_at))
                            assert pl.came_back_at[0] >= decisions
                            figures["resumes checked"] += 1
                else:
                    victim = rng.choice(everyone)
                    await victim.killed()
                    figures["client kills"] += 1
            await asyncio.wait_for(games, PATIENCE * 3)
            # Nothing lost: every accepted move is in its table's final log, where it said.
            for table_id, group in players.items():
                session, data_ = savefile.load(data / "tables" / table_id / "game.json",
                                               PLUGINS)
                assert data_.finished
                decisions = [(r.seat, r.action) for r in session.history if r.seat >= 0]
                final = [[r.seat, r.action] for r in session.history]
                for log in kept[table_id]:
                    assert final[:len(log)] == log  # the killed server's file, kept whole
                    figures["saved logs checked"] += 1
                for pl in group:
                    assert pl.finished()
                    for seq, seat, action in pl.accepted:
                        assert decisions[seq - 1] == (seat, action)
                        figures["accepted moves checked"] += 1
                    await pl.client.close()
            for host in hosts:
                await host.close()
    finally:
        server.stop()
    return figures


async def _wait(pl: Player, test: Any) -> None:
    async def loop() -> None:
        while not test():
            pl.changed.clear()
            await pl.changed.wait()
    await asyncio.wait_for(loop(), PATIENCE)


def _run(tmp_path: Path, kills: int, capsys: pytest.CaptureFixture[str]) -> None:
    figures = asyncio.run(_soak(tmp_path / "data", kills, seed=kills))
    assert figures["server kills"] + figures["client kills"] >= kills
    assert figures["server kills"] >= 1 and figures["accepted moves checked"] > 0
    with capsys.disabled():
        print(f"\nkill test ({kills}): " + ", ".join(f"{k}: {v}" for k, v in figures.items()))


def test_three_kills(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run(tmp_path, 3, capsys)


@pytest.mark.slow
def test_thirty_kills(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run(tmp_path, 30, capsys)
