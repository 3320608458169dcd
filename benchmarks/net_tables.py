"""How many tables one server process holds: N tables of scripted clients, each table playing
one random legal move a second, and the round trip of those moves as N grows.

A table server runs in its own process (``net_common.ServerProcess``). Each table is a
two-player National Economy game of two remote seats, each seat a client in this process;
every second (from a random phase) the seat to move plays a seeded random legal move, and its
round trip runs from the submit until both clients hold the new view. A finished game is
replaced by a new table. Tables are added step by step (``--steps``); at each step the moves of
``--seconds`` seconds are measured after a short settling time, with the server's resident
memory. The run stops after the first step whose p95 passes 100 ms. Reported per step: tables,
moves measured, median and p95 round trip, server RSS and RSS per table over the empty server
(the issue's target: p95 within 100 ms at 300 tables or more).

The clients share the machine with the server (on the reference machine: two cores for both),
so the figures are a floor of what the server holds on a machine of its own.

    python benchmarks/net_tables.py [--steps 50,100,200,300,400] [--seconds 10] [--json PATH]
    python benchmarks/net_tables.py --quick        # 2 and 4 tables for a second each
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from net_common import ServerProcess, percentile

from tabletop.net.client import TableClient, Update

GAME = "national-economy"
LIMIT_MS = 100.0
SETTLE = 2.0


class ScriptedTable:
    """One table and its two clients, playing a move a second."""

    def __init__(self, url: str, index: int, seed: int, times: list[tuple[float, float]]
                 ) -> None:
        self.url = url
        self.rng = random.Random(f"{seed}/{index}")
        self.times = times
        self.clients: list[TableClient] = []
        self.arrived = asyncio.Event()
        self.wanted = 0
        self.task: asyncio.Task[None] | None = None

    def _heard(self, update: Update) -> None:
        if update.kind == "view" and all(
                c.views.get(c.seats[0]) is not None and c.views[c.seats[0]].seq >= self.wanted
                for c in self.clients if c.seats):
            self.arrived.set()

    async def open(self) -> None:
        for c in self.clients:
            await c.close()
        host = TableClient(self.url)
        await host.connect()
        await host.create(GAME, [{"kind": "remote"}] * 2)
        self.clients = []
        for seat, code in sorted(host.codes.items()):
            c = TableClient(self.url, on_update=self._heard)
            await c.connect()
            await c.join(code, f"P{seat + 1}")
            self.clients.append(c)
        await host.close()

    async def play(self) -> None:
        await asyncio.sleep(self.rng.uniform(0, 1.0))
        next_move = time.perf_counter()
        while True:
            next_move += 1.0
            mover = next((c for c in self.clients if c.views[c.seats[0]].legal), None)
            if mover is None:
                if all(c.views[c.seats[0]].terminal for c in self.clients):
                    await self.open()
                await asyncio.sleep(max(0.0, next_move - time.perf_counter()))
                continue
            view = mover.views[mover.seats[0]]
            self.wanted = view.seq + 1
            self.arrived.clear()
            start = time.perf_counter()
            await mover.act(view.legal[self.rng.randrange(len(view.legal))])
            await asyncio.wait_for(self.arrived.wait(), 60)
            self.times.append((start, (time.perf_counter() - start) * 1000.0))
            await asyncio.sleep(max(0.0, next_move - time.perf_counter()))

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        for c in self.clients:
            await c.close()


async def run(server: ServerProcess, steps: list[int], seconds: float, seed: int
              ) -> list[dict[str, Any]]:
    times: list[tuple[float, float]] = []
    tables: list[ScriptedTable] = []
    empty = server.rss_kib()
    rows: list[dict[str, Any]] = []
    try:
        for n in steps:
            while len(tables) < n:
                t = ScriptedTable(server.url, len(tables), seed, times)
                await t.open()
                t.task = asyncio.get_running_loop().create_task(t.play())
                tables.append(t)
            await asyncio.sleep(SETTLE)
            start = time.perf_counter()
            await asyncio.sleep(seconds)
            window = [ms for at, ms in times if at >= start]
            rss = server.rss_kib()
            row = {"tables": n, "moves": len(window),
                   "median_ms": statistics.median(window) if window else 0.0,
                   "p95_ms": percentile(window, 0.95),
                   "server_rss_mib": rss / 1024, "rss_per_table_kib": (rss - empty) / n}
            rows.append(row)
            print(f"{n:5d} tables: {len(window):6d} moves, round trip median "
                  f"{row['median_ms']:6.1f} ms, p95 {row['p95_ms']:6.1f} ms; server RSS "
                  f"{row['server_rss_mib']:6.1f} MiB ({row['rss_per_table_kib']:.0f} KiB a "
                  f"table)", flush=True)
            if row["p95_ms"] > LIMIT_MS:
                break
    finally:
        for t in tables:
            await t.close()
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", default="50,100,200,300,400,500")
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--quick", action="store_true", help="2 and 4 tables, a second each")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    steps = [2, 4] if args.quick else [int(s) for s in args.steps.split(",")]
    seconds = 1.0 if args.quick else args.seconds
    with ServerProcess() as server:
        rows = asyncio.run(run(server, steps, seconds, args.seed))
    under = [r["tables"] for r in rows if r["p95_ms"] <= LIMIT_MS]
    held = max(under) if under else 0
    print(f"p95 within {LIMIT_MS:.0f} ms up to {held} tables of those measured "
          f"(target: 300 or more)")
    if args.json:
        args.json.write_text(json.dumps({"game": GAME, "seconds": seconds, "rows": rows,
                                         "tables_within_limit": held}, indent=1) + "\n",
                             encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
