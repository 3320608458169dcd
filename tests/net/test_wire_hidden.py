"""What goes over the wire to a seat depends only on what that seat may know.

At positions of seeded random games, the model-level check's variants are drawn: full states
that ``Game.resample`` gives from the seat's observation, so they differ from the true one only
in what the seat cannot see (``tabletop.engine.conformance.check_hidden_differential`` draws
them the same way). Each is served as a table of its own; the seat's client records every
frame it is sent, on joining and after the next move (one legal in both, by whoever is to
move), and the views and lobby frames must be identical to the true table's. After the move, a
variant counts only where the move showed the seat the same events, as in the model check."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine.game import CHANCE
from tabletop.net import protocol as p
from tabletop.net.client import TableClient, Update
from tabletop.net.tables import Table

from .helpers import PATIENCE, PLUGINS, running, url

HIDDEN = sorted(g for g, pl in PLUGINS.items() if pl.spec.has_hidden_information)
POSITIONS = 3
VARIANTS = 2
FIGURES: dict[str, int] = {"positions": 0, "variants": 0, "frames compared": 0,
                           "moves compared": 0, "moves left out (other events)": 0}


def _canon(frame: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in frame.items() if k != "table"}, sort_keys=True)


class Recorder:
    def __init__(self, address: str) -> None:
        self.frames: list[str] = []
        self.changed = asyncio.Event()
        self.client = TableClient(address, on_update=self._update)

    def _update(self, update: Update) -> None:
        if update.kind in (p.VIEW, p.LOBBY):
            self.frames.append(_canon(dict(update.frame)))
        self.changed.set()

    async def until(self, test: Any) -> None:
        async def loop() -> None:
            while not test():
                self.changed.clear()
                await self.changed.wait()
        await asyncio.wait_for(loop(), PATIENCE)


async def _serve_variant(server: Any, plugin: Any, truth: Any, state: Any, n: int,
                         viewer: int, action: str, name: str) -> tuple[list[str], list[str],
                                                                       Any]:
    """Serve the position with ``state`` as its current state; the viewer's frames on
    joining, then after ``action``; and the table."""
    table, _, codes = Table.create(plugin, n, truth.options, [p.SeatRequest(p.REMOTE)] * n,
                                   table_id=name, seed=truth.seed)
    table.session = truth.copy(state)
    await server.adopt(table)
    mover = table.to_move()
    watch = Recorder(url(server))
    await watch.client.connect()
    await watch.client.join(codes[viewer], "Viewer")
    actor = watch
    if mover != viewer:
        actor = Recorder(url(server))
        await actor.client.connect()
        await actor.client.join(codes[mover], "Mover")
    table.started = True  # as the host's start would: the other seats never come
    await watch.until(lambda: watch.client.views.get(viewer) is not None)
    before = list(watch.frames)
    ply = len(table.session.history)
    if actor is not watch:
        await actor.until(lambda: actor.client.views.get(mover) is not None)
    await actor.client.act(action, mover)
    await watch.until(lambda: watch.client.views[viewer].seq > truth_seq(truth))
    after = watch.frames[len(before):]
    seen = [[e.kind, e.data] for e in table.events_since(viewer, ply)]
    for r in {watch, actor}:
        await r.client.close()
    return before, after, seen


def truth_seq(session: Any) -> int:
    return sum(1 for r in session.history if r.seat != CHANCE)


@pytest.mark.parametrize("game_id", HIDDEN)
def test_a_seat_is_sent_the_same_frames_in_every_variant(game_id: str,
                                                          tmp_path: Path) -> None:
    plugin = PLUGINS[game_id]
    game = plugin.game
    n = plugin.spec.min_players
    rng = random.Random(f"wire/{game_id}")
    from tabletop.engine.session import Session

    async def main() -> None:
        async with running(tmp_path) as server:
            session = Session(game, n, {}, 7)
            found = 0
            step = 0
            while found < POSITIONS and not session.is_terminal():
                step += 1
                player = session.current_player()
                legal = session.legal_actions()
                if step % 5 == 0:
                    viewer = (player + 1 + found) % n if n > 1 else player
                    obs = json.loads(json.dumps(session.observation(viewer)))
                    variants = [game.resample(obs, viewer, rng) for _ in range(VARIANTS)]
                    moves = [a for a in legal
                             if all(a in game.legal_actions(v) for v in variants)]
                    if moves:
                        action = moves[rng.randrange(len(moves))]
                        name = f"{found}"
                        base = await _serve_variant(server, plugin, session, session.state, n,
                                                    viewer, action, f"t{name}")
                        FIGURES["positions"] += 1
                        for k, v in enumerate(variants):
                            got = await _serve_variant(server, plugin, session, v, n,
                                                       viewer, action, f"t{name}v{k}")
                            FIGURES["variants"] += 1
                            assert got[0] == base[0], f"{game_id} step {step}: joining"
                            FIGURES["frames compared"] += len(got[0])
                            if got[2] == base[2]:
                                assert got[1] == base[1], f"{game_id} step {step}: move"
                                FIGURES["moves compared"] += 1
                                FIGURES["frames compared"] += len(got[1])
                            else:
                                FIGURES["moves left out (other events)"] += 1
                        found += 1
                session.submit(player, legal[rng.randrange(len(legal))])
            assert found > 0

    asyncio.run(main())


def test_the_check_catches_a_server_that_leaks(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # A view that carried a digest of the true state would differ between variants.
    real = Table.view

    def leaky(self: Table, seat: int | None, lang: str, since_ply: int = 0) -> dict[str, Any]:
        return {**real(self, seat, lang, since_ply), "hash": self.session.state_hash()}

    monkeypatch.setattr(Table, "view", leaky)
    plugin = PLUGINS["national-economy"]
    from tabletop.engine.session import Session

    async def main() -> None:
        async with running(tmp_path) as server:
            session = Session(plugin.game, 2, {}, 7)
            obs = json.loads(json.dumps(session.observation(1)))
            variant = plugin.game.resample(obs, 1, random.Random(1))
            action = session.legal_actions()[0]
            base = await _serve_variant(server, plugin, session, session.state, 2, 1, action,
                                        "a")
            got = await _serve_variant(server, plugin, session, variant, 2, 1, action, "b")
            assert got[0] != base[0]

    asyncio.run(main())


@pytest.fixture(scope="module", autouse=True)
def _print_figures() -> Any:
    yield
    print("\nwire hidden-information figures: "
          + ", ".join(f"{k}: {v}" for k, v in FIGURES.items()))
