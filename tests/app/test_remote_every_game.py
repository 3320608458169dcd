"""Every game the app hosts, played to its end through the host's table window: the host's
seat is played as a person plays it (a drag or click on the table, or a button of the
action bar, for a seeded random legal move), a friend's seat by a scripted client over
loopback, and a computer seat by the server, wherever the game seats three. The games come
from the registry, less those the app does not host (``not_hostable``: solo games, games
played to a beat)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tabletop.app.playing import perform
from tabletop.app.remote import HostedServer, RemoteTable, not_hostable
from tabletop.net.client import ServerError, ThreadedClient, Update
from tabletop.net.server import Limits
from tabletop.registry import load_plugins

PLUGINS = load_plugins(include_entry_points=False)[0]
HOSTED = sorted(g for g, pl in PLUGINS.items() if not_hostable(pl) is None)
#: Scripted seats move far faster than people: the rate limits are not what is tested here.
FAST = Limits(rate=10_000.0, burst=10_000.0)
#: Games whose whole game through the window takes more than a few seconds here (10-40 s on
#: the 2-core reference machine, against 1-4 s for the others): run with ``-m slow``.
SLOW = {"mr-sneaky", "national-economy", "saboteur2", "secret-agent", "sheep-and-thief"}


class Friend:
    """A friend's computer, scripted: on each view where its seat may act, a seeded random
    legal move (one asked again if the server was busy with another move meanwhile)."""

    def __init__(self, url: str, seed: str) -> None:
        self.rng = random.Random(seed)
        self.moves = 0
        self.client = ThreadedClient(url, on_update=self._heard, queue_updates=False)
        self.client.connect().result(30)

    def _heard(self, update: Update) -> None:  # on the client's own thread and loop
        if update.kind == "view" and update.frame.get("legal"):
            asyncio.get_running_loop().create_task(self._move(update.frame))

    async def _move(self, frame: Any) -> None:
        inner = self.client.client
        view = inner.views.get(frame["seat"])
        if view is None or view.seq != frame["seq"] or not view.legal:
            return  # a later view came meanwhile: that one moves
        try:
            await inner.act(self.rng.choice(view.legal), frame["seat"])
            self.moves += 1
        except ServerError as exc:
            assert exc.code in ("stale_view", "not_your_turn"), exc


def _seats(game_id: str) -> list[dict[str, Any]]:
    """The host's seat here, a friend's, and a computer's where the game seats three."""
    spec = PLUGINS[game_id].listing
    seats: list[dict[str, Any]] = [{"kind": "local"}, {"kind": "remote"}]
    if spec.max_players >= 3:
        seats.append({"kind": "computer", "level": "random"})
    while len(seats) < spec.min_players:
        seats.insert(1, {"kind": "remote"})
    return seats


def _press(host: RemoteTable, action: str) -> None:
    """The host's move, made as a person makes it: the table's gesture for it, else its
    button of the bar below the table."""
    on_table = [g for g in host.table.gestures() if g.action == action]
    if on_table:
        perform(host, on_table[0])
        return
    buttons = [b for b in host.buttons if b.property("action") == action]
    assert buttons, f"the window offers no way to make {action!r}"
    QTest.mouseClick(buttons[0], Qt.MouseButton.LeftButton)


def _cases() -> list[Any]:
    assert set(HOSTED) >= SLOW, "a game marked slow that is not hosted"
    return [pytest.param(g, marks=pytest.mark.slow) if g in SLOW else g for g in HOSTED]


@pytest.mark.parametrize("game_id", _cases())
def test_the_hosts_window_plays_a_whole_game(game_id: str, make_window: Any, qtbot: Any,
                                             tmp_path: Path) -> None:
    app = make_window(plugins=PLUGINS)
    app.remote.hosted = HostedServer(tmp_path / "hosted", 0, "127.0.0.1", limits=FAST)
    friends: list[Friend] = []
    seats = _seats(game_id)
    try:
        host = app.remote.host(game_id, seats, name="Ann")
        assert host is not None and host.seat == 0
        url = f"ws://127.0.0.1:{app.remote.hosted.port}"
        for seat, code in sorted(host.codes.items()):
            friend = Friend(url, f"{game_id}/{seat}")
            friend.client.join(code, f"Friend {seat}").result(30)
            friends.append(friend)
        [live] = app.remote.hosted.server.tables.values()
        rng = random.Random(game_id)
        moves = 0
        while True:
            qtbot.waitUntil(lambda: host.frame is not None and not host.waiting and (
                bool(host.frame.get("terminal")) or bool(host.frame.get("legal"))),
                timeout=60_000)
            frame = host.frame
            assert frame is not None
            if frame["terminal"]:
                break
            action = rng.choice(list(frame["legal"]))
            history = len(live.table.session.history)
            _press(host, action)
            assert host.waiting, "a move is sent, and shown once the server made it"
            qtbot.waitUntil(lambda h=history: not host.waiting, timeout=60_000)
            made = [r.action for r in live.table.session.history[history:] if r.seat == 0]
            assert made[:1] == [action], host.status.text()
            moves += 1
            assert moves < 3_000, "the game did not end"
        table = live.table
        assert table.session.is_terminal() and frame["returns"] == table.session.returns()
        assert moves > 0 and all(f.moves > 0 for f in friends)
        if len(seats) > 2:
            assert any(r.seat == len(seats) - 1 for r in table.session.history)
        # Every seat's screen knows the end: the friends' clients, and the host's window,
        # whose result and log name the people as they gave their names.
        for f in friends:
            [seat] = f.client.client.seats
            view = f.client.view(seat)
            assert view is not None and view.terminal
        assert host.status.text() and host.log.count() > 0
        log = [host.log.item(i).text() for i in range(host.log.count())]
        assert not any("Player 1" in line or "Player 2" in line for line in log)
    finally:
        for f in friends:
            f.client.close()
        app.remote.close()
