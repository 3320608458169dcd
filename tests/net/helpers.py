"""Shared pieces of the network tests: a server on a loopback port in a temporary folder,
and scripted clients that play random legal moves as the server's views come in."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from tabletop.api import GamePlugin
from tabletop.net.client import Disconnected, ServerError, TableClient, Update
from tabletop.net.server import Limits, Server
from tabletop.registry import load_plugins

PLUGINS: dict[str, GamePlugin] = load_plugins(include_entry_points=False)[0]

#: Scripted clients move far faster than people: the tests that are not about the limits
#: lift them.
FAST = Limits(rate=10_000.0, burst=10_000.0, chat_rate=1_000.0, chat_burst=1_000.0)

#: How long a test waits for a frame that must come; far longer than any of them takes.
PATIENCE = 60.0


@asynccontextmanager
async def running(data: Path, limits: Limits | None = None, **kw: Any
                  ) -> AsyncIterator[Server]:
    server = Server(data, port=0, limits=limits or FAST, ai_workers=0, plugins=PLUGINS, **kw)
    await server.start()
    try:
        yield server
    finally:
        await server.close()


def url(server: Server) -> str:
    return f"ws://127.0.0.1:{server.port}"


class Bot:
    """A scripted client: on each view of its seats where it may act, a seeded random legal
    move. Records every frame it is sent (``frames``)."""

    def __init__(self, address: str, seed: object, **kw: Any) -> None:
        self.rng = random.Random(str(seed))
        self.frames: list[dict[str, Any]] = []
        self.changed = asyncio.Event()
        self.client = TableClient(address, on_update=self._update, **kw)
        self.moves = 0
        self.refused: list[str] = []

    def _update(self, update: Update) -> None:
        self.frames.append(dict(update.frame))
        self.changed.set()

    async def __aenter__(self) -> Bot:
        await self.client.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.client.close()

    def finished(self) -> bool:
        views = [self.client.views.get(s) for s in self.client.seats]
        return bool(views) and all(v is not None and v.terminal for v in views)

    def to_act(self) -> tuple[int, list[str]] | None:
        for seat in self.client.seats:
            view = self.client.views.get(seat)
            if seat is not None and view is not None and view.legal:
                return seat, view.legal
        return None

    async def play(self, max_moves: int | None = None) -> None:
        """Play until every seat of this client sees the game over."""
        while not self.finished():
            turn = self.to_act()
            if turn is None or (max_moves is not None and self.moves >= max_moves):
                # Frames are handled only while this task waits, so none is missed here.
                self.changed.clear()
                await asyncio.wait_for(self.changed.wait(), PATIENCE)
                continue
            seat, legal = turn
            try:
                await self.client.act(legal[self.rng.randrange(len(legal))], seat)
                self.moves += 1
            except ServerError as exc:
                # A view that moved on meanwhile (a computer seat was quicker): wait for it.
                self.refused.append(exc.code)
                assert exc.code in ("stale_view", "not_your_turn", "rate_limited"), exc
                if exc.code == "rate_limited":
                    await asyncio.sleep(0.05)  # moving faster than the limit: slow down
            except Disconnected:
                await self.client.wait_connected()


async def wait_for(bot: Bot, test: Any, timeout: float = PATIENCE) -> None:
    """Wait until ``test()`` holds for the bot's client, woken by each frame."""
    async def loop() -> None:
        while not test():
            bot.changed.clear()
            if test():
                return
            await bot.changed.wait()
    await asyncio.wait_for(loop(), timeout)


def seats_for(plugin: GamePlugin, players: int, computers: int = 1,
              level: str = "random") -> list[dict[str, Any]]:
    """``players`` seats: the last ``computers`` of them computers (none in a solo game),
    the others remote people."""
    n_ai = min(computers, players - 1)
    return ([{"kind": "remote"}] * (players - n_ai)
            + [{"kind": "computer", "level": level}] * n_ai)


async def seat_bots(server: Server, game: str, seats: Sequence[dict[str, Any]],
                    seed: object, options: dict[str, Any] | None = None
                    ) -> tuple[TableClient, list[Bot]]:
    """A host that creates the table and one bot per remote seat, joined."""
    host = TableClient(url(server))
    await host.connect()
    await host.create(game, seats, options=options or {})
    bots = []
    for seat, code in sorted(host.codes.items()):
        bot = Bot(url(server), f"{seed}/{seat}")
        await bot.client.connect()
        await bot.client.join(code, f"Bot {seat + 1}")
        bots.append(bot)
    return host, bots
