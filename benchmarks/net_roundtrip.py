"""The round trip of one action over the network on one machine: a client submits a move and
every client at the table has the new view.

A table server runs in its own process (``net_common.ServerProcess``); this process holds one
client per seat of a four-player National Economy table (four remote people). The seat to move
plays a seeded random legal move; the time runs from its submit until the last of the four
clients has received the view of the new position (the server has checked the move, applied
it, written the save with fsync, and sent each seat its own view). Games are played one after
another until ``--actions`` moves are measured. Reported: median, p95 and max in milliseconds
(the issue's targets: median <= 15 ms, p95 <= 40 ms).

    python benchmarks/net_roundtrip.py [--actions 400] [--json PATH]
    python benchmarks/net_roundtrip.py --quick        # 20 actions: does it run at all
    python benchmarks/net_roundtrip.py --game punimonyo --seats 2   # another table

The same figure for Punimonyo, a game played to a beat, is what docs/protocol.md weighs
against the length of a beat ("Games played to a beat").
"""

from __future__ import annotations

import argparse
import asyncio
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
SEATS = 4


async def measure(url: str, actions: int, seed: int, game: str = GAME,
                  seats: int = SEATS) -> list[float]:
    rng = random.Random(seed)
    times: list[float] = []
    while len(times) < actions:
        seen: dict[int, int] = {}
        arrived = asyncio.Event()
        wanted = [0]

        def heard(update: Update, seat_seen: dict[int, int] = seen,
                  event: asyncio.Event = arrived, want: list[int] = wanted) -> None:
            if update.kind == "view":
                seat_seen[int(update.frame["seat"])] = int(update.frame["seq"])
                if len(seat_seen) == seats and min(seat_seen.values()) >= want[0]:
                    event.set()

        host = TableClient(url)
        await host.connect()
        await host.create(game, [{"kind": "remote"}] * seats)
        clients = []
        for seat, code in sorted(host.codes.items()):
            c = TableClient(url, on_update=heard)
            await c.connect()
            await c.join(code, f"Player {seat + 1}")
            clients.append(c)
        await host.close()
        while len(times) < actions:
            # The views of the position before the move: every seat has them.
            mover = next((c for c in clients if c.views[c.seats[0]].legal), None)
            if mover is None:
                if all(c.views[c.seats[0]].terminal for c in clients):
                    break
                arrived.clear()
                await asyncio.wait_for(arrived.wait(), 30)
                continue
            view = mover.views[mover.seats[0]]
            wanted[0] = view.seq + 1
            arrived.clear()
            start = time.perf_counter()
            await mover.act(view.legal[rng.randrange(len(view.legal))])
            await asyncio.wait_for(arrived.wait(), 30)
            times.append((time.perf_counter() - start) * 1000.0)
        for c in clients:
            await c.close()
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--actions", type=int, default=400)
    ap.add_argument("--quick", action="store_true", help="20 actions")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--game", default=GAME)
    ap.add_argument("--seats", type=int, default=SEATS)
    args = ap.parse_args(argv)
    actions = 20 if args.quick else args.actions
    with ServerProcess() as server:
        times = asyncio.run(measure(server.url, actions, args.seed, args.game, args.seats))
    out: dict[str, Any] = {
        "game": args.game, "seats": args.seats, "actions": len(times),
        "median_ms": statistics.median(times), "p95_ms": percentile(times, 0.95),
        "max_ms": max(times), "targets": {"median_ms": 15.0, "p95_ms": 40.0},
    }
    print(f"{args.game}, {args.seats} remote seats, {len(times)} actions: round trip median "
          f"{out['median_ms']:.1f} ms, p95 {out['p95_ms']:.1f} ms, max {out['max_ms']:.1f} ms "
          f"(targets: median <= 15 ms, p95 <= 40 ms)")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
