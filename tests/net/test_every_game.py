"""Scripted clients over loopback play a whole game of every registered game to its end,
with a computer seat wherever the game has two seats or more: the server runs the rules, the
computer seats and the saves; the clients see only their views and play random legal moves."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from tabletop.engine import savefile

from .helpers import PLUGINS, running, seat_bots, seats_for

#: Games whose random play runs too long for CI at their smallest table (none so far).
SLOW: set[str] = set()


def _cases() -> list[object]:
    return [pytest.param(gid, marks=pytest.mark.slow) if gid in SLOW else gid
            for gid in sorted(PLUGINS)]


@pytest.mark.parametrize("game_id", _cases())
def test_a_whole_game_over_the_wire(game_id: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    plugin = PLUGINS[game_id]
    players = plugin.spec.min_players

    async def main() -> tuple[int, float]:
        async with running(tmp_path) as server:
            seats = seats_for(plugin, players)
            start = time.perf_counter()
            host, bots = await seat_bots(server, game_id, seats, game_id)
            await asyncio.gather(*(b.play() for b in bots))
            seconds = time.perf_counter() - start
            views = [b.client.views[b.client.seats[0]] for b in bots]
            table = next(iter(server.tables.values())).table
            assert table.session.is_terminal()
            # Every client saw the same end, the server's.
            for view in views:
                assert view.terminal and view.returns == table.session.returns()
                assert view.seq == table.seq
            # The save on disk is the finished game, and replays to it.
            session, data = savefile.load(server.store.folder(table.id) / "game.json",
                                          PLUGINS)
            assert data.finished and session.state_hash() == table.session.state_hash()
            if players > 1:
                assert data.seats[-1] == "random"
                assert any(seat == players - 1 for seat, _ in data.log)
            for b in bots:
                await b.client.close()
            await host.close()
            return sum(b.moves for b in bots), seconds

    moves, seconds = asyncio.run(main())
    assert moves > 0
    with capsys.disabled():
        print(f"\n{game_id}: {players} seats, {moves} remote moves in {seconds:.2f}s")
