"""How well an AI level plays National Economy solo: the score distribution per variant.

For each variant (a, b) the agent plays N seeded games of ``national-economy-solo`` with the
default options (tax round − 1, unpaid wages end the game) from its own observation, like any
player. Reported per variant: mean, median and best total assets of the games that reached the
end, the game-over rate (NE-R77) and, for variant b, the clear rate (total assets >= 100,
NE-R84). Results are written after every game and ``--resume`` continues an interrupted run.

    python benchmarks/ne_solo_scores.py --level hard --games 200 --variant a --workers 2 \\
        --json ne_solo_a.json --resume
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import resumable

from tabletop.ai.levels import LEVELS, make_agent
from tabletop.engine import TERMINAL, Session
from tabletop.games.national_economy.data import CLEAR_SCORE
from tabletop.games.national_economy.solo import R_BANKRUPT, NationalEconomySoloGame
from tabletop.games.national_economy.spec import VARIANTS


def game(variant: str, level: str, seed: int) -> dict[str, Any]:
    """One seeded solo game; its result and score."""
    g = NationalEconomySoloGame()
    session = Session(g, 1, {"variant": variant}, seed, human_seats=())
    agent = make_agent(level, time_cap=None)
    start = time.perf_counter()
    decisions = 0
    while session.current_player() != TERMINAL:
        state = session.state
        d = agent.choose(g, g.observation(state, 0), 0, g.legal_actions(state),
                         seed=seed * 100_003 + len(session.history))
        session.submit(0, d.action)
        decisions += 1
    obs = g.observation(session.state, 0)
    return {"variant": variant, "seed": seed, "result": obs["result"],
            "score": obs["scores"][0]["total"], "round": obs["round"],
            "decisions": decisions, "seconds": time.perf_counter() - start}


def figures(runs: list[dict[str, Any]]) -> dict[str, Any]:
    ended = [r for r in runs if r["result"] != R_BANKRUPT]
    scores = [r["score"] for r in ended]
    return {
        "games": len(runs),
        "game_over_rate": (len(runs) - len(ended)) / len(runs) if runs else 0.0,
        "mean": statistics.fmean(scores) if scores else None,
        "median": statistics.median(scores) if scores else None,
        "best": max(scores) if scores else None,
        "clear_rate": (sum(1 for s in scores if s >= CLEAR_SCORE) / len(runs)
                       if runs else 0.0),
        "game_over_rounds": sorted(r["round"] for r in runs if r["result"] == R_BANKRUPT),
        "seconds_per_game": statistics.fmean(r["seconds"] for r in runs) if runs else 0.0,
    }


def markdown(data: dict[str, Any]) -> str:
    f = data["figures"]

    def num(v: float | None) -> str:
        return "–" if v is None else f"{v:.1f}"

    clear = f"{100 * f['clear_rate']:.0f}%" if data["variant"] == "b" else "–"
    return "\n".join([
        "| Variant | Level | Games | Game over | Mean | Median | Best | Clear (>= 100) |",
        "|---|---|---|---|---|---|---|---|",
        f"| {data['variant']} | {data['level']} | {f['games']} | "
        f"{100 * f['game_over_rate']:.0f}% | {num(f['mean'])} | {num(f['median'])} | "
        f"{num(f['best'])} | {clear} |"])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--level", default="hard", choices=LEVELS)
    p.add_argument("--variant", default="a", choices=VARIANTS)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1, help="seed of the first game")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--json", default="ne_solo_scores.json")
    p.add_argument("--resume", action="store_true")
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be at least 1")
    jobs = [(args.variant, args.level, args.seed + i) for i in range(args.games)]
    try:
        out, played, elapsed = resumable.run(
            Path(args.json), {"level": args.level, "variant": args.variant}, jobs,
            key=lambda job: job[2], run_key=lambda r: r["seed"], play=game,
            summary=lambda runs: {"figures": figures(sorted(runs, key=lambda r: r["seed"]))},
            workers=args.workers, resume=args.resume, log=lambda m: print(m, file=sys.stderr))
    except resumable.ResumeError as exc:
        p.error(str(exc))
    print(markdown(out))
    print(f"\n{played} games in {elapsed:.1f} s with {args.workers} worker(s); "
          f"{len(out['runs'])} in the file.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
