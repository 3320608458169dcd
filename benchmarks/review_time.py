"""How long the review of a whole game takes, and how far its figures move with the search seed.

For each game (its fewest players, National Economy also with four), one seeded game is played
by the easy level at every seat (a solo game by the normal level: the easy one loses National
Economy solo in its first round, when it hires a worker whose wages it cannot pay, NE-R77, and
a game of two decisions says nothing of a review's time); then seat 0's review
(``tabletop.review``) is made twice, with search seeds 0 and 1. Reported per game: decisions
judged, seconds of each review on the clock and in CPU time (the clock counts whatever else
the machine runs meanwhile), the mean and largest difference of the chance after a decision
between the two seeds, and how many of the first review's mistakes the second one names too.

    python benchmarks/review_time.py [--only magos,national-economy] [--level hard] [--json F]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop.ai.levels import LEVELS, make_agent
from tabletop.engine import Session
from tabletop.registry import load_plugins
from tabletop.review import REVIEW_LEVEL, review


def played(game: Any, players: int, seed: int) -> Session:
    """A seeded game played to its end by the easy level at every seat (normal, alone)."""
    session = Session(game, players, None, seed=seed, human_seats=())
    agents = [make_agent("easy" if players > 1 else "normal", None) for _ in range(players)]
    while not session.is_terminal():
        seat = session.current_player()
        decision = agents[seat].choose(game, session.observation(seat), seat,
                                       session.legal_actions(), seed=len(session.history))
        session.submit(seat, decision.action)
    return session


def measure(game: Any, players: int, level: str, seed: int) -> dict[str, Any]:
    session = played(game, players, seed)
    runs, seconds, cpu = [], [], []
    for search_seed in (0, 1):
        start, used = time.perf_counter(), time.process_time()
        runs.append(review(session, 0, level=level, seed=search_seed))
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - used)
    first, second = runs
    gaps = [abs(a.chance_made - b.chance_made)
            for a, b in zip(first.decisions, second.decisions, strict=True)
            if a.chance_made is not None and b.chance_made is not None]
    named = {d.ply for d in first.mistakes()}
    return {"game": game.spec.id, "players": players, "decisions": len(first.decisions),
            "seconds": [round(s, 2) for s in seconds],
            "cpu_seconds": [round(s, 2) for s in cpu],
            "mean_chance_gap": round(statistics.fmean(gaps), 4) if gaps else None,
            "largest_chance_gap": round(max(gaps), 4) if gaps else None,
            "mistakes": len(named),
            "mistakes_named_by_both": len(named & {d.ply for d in second.mistakes()})}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="comma-separated game ids (default: every game)")
    ap.add_argument("--level", choices=[lv for lv in LEVELS if lv != "random"],
                    default=REVIEW_LEVEL)
    ap.add_argument("--seed", type=int, default=1, help="the reviewed game's seed")
    ap.add_argument("--json", metavar="FILE", help="also write the rows to FILE")
    args = ap.parse_args()
    plugins, _ = load_plugins()
    ids = args.only.split(",") if args.only else sorted(plugins)
    unknown = [i for i in ids if i not in plugins]
    if unknown:
        ap.error(f"unknown game(s): {', '.join(unknown)}")
    rows = []
    for gid in ids:
        game = plugins[gid].game
        sizes = [game.spec.min_players]
        if gid == "national-economy":
            sizes.append(4)
        for players in sizes:
            row = measure(game, players, args.level, args.seed)
            rows.append(row)
            print(f"{gid} ({players}p): {row['decisions']} decisions, "
                  f"{row['seconds'][0]:.1f} s and {row['seconds'][1]:.1f} s (CPU "
                  f"{row['cpu_seconds'][0]:.1f} s and {row['cpu_seconds'][1]:.1f} s); "
                  f"chance after a "
                  f"decision moves {row['mean_chance_gap']} on average (at most "
                  f"{row['largest_chance_gap']}) between two seeds; mistakes "
                  f"{row['mistakes_named_by_both']} of {row['mistakes']} named by both",
                  flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
