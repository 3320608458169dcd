"""Measure how often an AI level beats each Magos solo opponent card.

For every enemy (campaign order a-1 .. a-17) the script plays N seeded battles with the
first-game spells; the agent is ``tabletop.ai.levels.make_agent(level)`` and chooses from
``game.observation(state, 0)`` only, like any player. It prints a Markdown table and writes the
figures as JSON. This is a measurement, not a test: it is slow at the hard level.

    python benchmarks/magos_solo_winrates.py --level easy --battles 5 --workers 2
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from tabletop.ai.levels import LEVELS, make_agent
from tabletop.engine import TERMINAL, Session
from tabletop.games.magos.data import CAMPAIGN_ORDER, ENEMIES
from tabletop.games.magos.solo import DICE_MODES, PATCH, MagosSoloGame


def battle(enemy: str, level: str, dice: str, seed: int) -> dict[str, Any]:
    """One seeded battle; the result from the wizard's side."""
    game = MagosSoloGame()
    session = Session(game, 1, {"enemy": enemy, "dice": dice}, seed, human_seats=())
    agent = make_agent(level, time_cap=None)
    start = time.perf_counter()
    decisions = 0
    while session.current_player() != TERMINAL:
        state = session.state
        legal = game.legal_actions(state)
        d = agent.choose(game, game.observation(state, 0), 0, legal,
                         seed=seed * 100_003 + len(session.history))
        session.submit(0, d.action)
        decisions += 1
    obs = game.observation(session.state, 0)
    return {
        "enemy": enemy,
        "seed": seed,
        "result": session.returns()[0],
        "player_turns": obs["players"][0]["turns"],
        "player_hp": obs["players"][0]["hp"],
        "enemy_hp": obs["enemy"]["hp"],
        "decisions": decisions,
        "seconds": time.perf_counter() - start,
    }


def summarize(enemy: str, runs: list[dict[str, Any]]) -> dict[str, Any]:
    wins = [r for r in runs if r["result"] > 0]
    losses = [r for r in runs if r["result"] < 0]
    e = ENEMIES[enemy]
    return {
        "enemy": enemy,
        "number": e.number,
        "name": e.en,
        "hp": e.hp,
        "battles": len(runs),
        "wins": len(wins),
        "losses": len(losses),
        "draws": len(runs) - len(wins) - len(losses),
        "win_rate": len(wins) / len(runs) if runs else 0.0,
        "mean_turns_to_win": statistics.fmean(r["player_turns"] for r in wins) if wins else None,
        "seconds_per_battle": statistics.fmean(r["seconds"] for r in runs) if runs else 0.0,
    }


def markdown(rows: list[dict[str, Any]], level: str, dice: str) -> str:
    lines = [
        f"Magos solo, level {level}, dice {dice}, first-game spells",
        "",
        "| a-# | Enemy | HP | Battles | Wins | Losses | Draws | Win % | Turns to win | s/battle |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        turns = "–" if r["mean_turns_to_win"] is None else f"{r['mean_turns_to_win']:.1f}"
        lines.append(
            f"| a-{r['number']} | {r['name']} | {r['hp']} | {r['battles']} | {r['wins']} | "
            f"{r['losses']} | {r['draws']} | {100 * r['win_rate']:.0f} | {turns} | "
            f"{r['seconds_per_battle']:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--level", default="hard", choices=LEVELS)
    p.add_argument("--battles", type=int, default=20, help="battles per enemy")
    p.add_argument("--dice", default=PATCH, choices=DICE_MODES)
    p.add_argument("--workers", type=int, default=1, help="processes to play in")
    p.add_argument("--seed", type=int, default=1, help="seed of the first battle")
    p.add_argument("--enemies", default="", help="comma-separated enemy ids (default: all)")
    p.add_argument("--json", default="magos_solo_winrates.json", help="where to write JSON")
    args = p.parse_args(argv)
    enemies = [e.strip() for e in args.enemies.split(",") if e.strip()] or list(CAMPAIGN_ORDER)
    unknown = [e for e in enemies if e not in ENEMIES]
    if unknown:
        p.error(f"unknown enemies: {', '.join(unknown)}")
    jobs = [(enemy, args.level, args.dice, args.seed + i)
            for enemy in enemies for i in range(args.battles)]
    start = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            runs = list(pool.map(battle, *zip(*jobs, strict=True)))
    else:
        runs = [battle(*job) for job in jobs]
    elapsed = time.perf_counter() - start
    rows = [summarize(enemy, [r for r in runs if r["enemy"] == enemy]) for enemy in enemies]
    print(markdown(rows, args.level, args.dice))
    print(f"\n{len(runs)} battles in {elapsed:.1f} s with {args.workers} worker(s).")
    out = {"level": args.level, "dice": args.dice, "battles_per_enemy": args.battles,
           "seed": args.seed, "seconds": elapsed, "enemies": rows, "runs": runs}
    Path(args.json).write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    print(f"Wrote {args.json}.", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
