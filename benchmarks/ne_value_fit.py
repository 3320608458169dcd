"""What a National Economy position is worth, read from played games: how many points of final
assets a card in hand, a worker and the wages due are worth at the start of each round.

Plays N seeded two-player games with the given agents (seats rotated), each from its own
observation, and notes at the start of every round each player's total assets as they would
be scored now (NE-R60), cards in hand, workers and the wages due this round (NE-R31). Per round
it fits a logistic model of who wins on the differences between the two players, on the first
half of the games, and reports:

* the weights in points of assets (a card in hand is worth ``hand`` points, a worker
  ``workers`` net of the round's wage) beside the figures the search's heuristic
  (``NationalEconomyGame.heuristic``) uses;
* on the other half, how often the fitted model and the heuristic's own worth name the winner.

    python benchmarks/ne_value_fit.py --agents easy,easy --games 186 --workers 2 \\
        --json ne-values.json --resume
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np
import resumable

from tabletop.ai.levels import AGENTS, make_agent
from tabletop.engine import TERMINAL, Session
from tabletop.games.national_economy.data import BUILDING_IDS, ROUNDS
from tabletop.games.national_economy.model import NationalEconomyGame, NEState, worth
from tabletop.tournament import derive_seed

#: The features noted per player, in this order: the fit reads the first three, and the last
#: is the worth the search's judge gives the player (``model.worth``). The wages due are the
#: round's wage times the workers (NE-R31), so a worker's fitted weight is net of that wage.
FEATURES = ("total", "hand", "workers", "worth")
FITTED = 3


def features(s: NEState, p: int) -> list[float]:
    return [float(s.score(p).total), float(len(s.hands[p])), float(s.workers[p]),
            worth(s, p)]


def judge_points(s: NEState) -> dict[str, float]:
    """What the judge adds for one more card in hand and one more worker (net of his wage
    this round), read from ``model.worth`` itself at ``s``."""
    base = worth(s, 0)
    more_cards, more_workers = s.clone(), s.clone()  # a clone copies the per-player lists
    more_cards.hands[0].append(BUILDING_IDS[0])
    more_workers.workers[0] += 1
    return {"total": 1.0, "hand": worth(more_cards, 0) - base,
            "workers": worth(more_workers, 0) - base}


def play(levels: tuple[str, ...], seed: int, index: int) -> dict[str, Any]:
    """One seeded game, seats rotated by ``index``; the features at each round's start."""
    game = NationalEconomyGame()
    n = len(levels)
    seated = [levels[(p - index) % n] for p in range(n)]
    agents = [make_agent(level, None) for level in seated]
    session = Session(game, n, {}, derive_seed(seed, "ne-values", index), human_seats=())
    rounds: list[dict[str, Any]] = []
    while session.current_player() != TERMINAL:
        s = session.state
        if not rounds or rounds[-1]["round"] != s.round:
            rounds.append({"round": s.round, "players": [features(s, p) for p in range(n)],
                           "judge": judge_points(s)})
        seat = session.current_player()
        d = agents[seat].choose(game, game.observation(s, seat), seat, game.legal_actions(s),
                                seed=derive_seed(seed, index, seat, len(session.history)))
        session.submit(seat, d.action)
    return {"index": index, "seated": seated, "rounds": rounds,
            "winners": session.state.winners(),
            "totals": [session.state.score(p).total for p in range(n)]}


def _fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Logistic regression without intercept (the model is symmetric in the seats), by Newton
    steps; ``l2`` keeps it finite when a feature separates the games."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def _rows(games: list[dict[str, Any]], rnd: int
          ) -> tuple[np.ndarray, np.ndarray, list[float]]:
    """Round ``rnd`` of ``games``: the feature differences (seat 0 less seat 1), whether seat
    0 won, and the difference of the judge's worths."""
    xs, ys, worth = [], [], []
    for g in games:
        at = [x for x in g["rounds"] if x["round"] == rnd]
        if not at:
            continue
        a, b = at[0]["players"]
        xs.append([u - v for u, v in zip(a[:FITTED], b[:FITTED], strict=True)])
        ys.append(1.0 if g["winners"] == [0] else 0.0)
        worth.append(a[-1] - b[-1])
    return np.array(xs), np.array(ys), worth


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Per round: the fitted weights in points, and how often each judge names the winner."""
    decided = [r for r in runs if len(r["winners"]) == 1 and len(r["totals"]) == 2]
    train = [r for r in decided if r["index"] % 2 == 0]
    test = [r for r in decided if r["index"] % 2 == 1]
    out: list[dict[str, Any]] = []
    for rnd in range(1, ROUNDS + 1):
        xt, yt, _ = _rows(train, rnd)
        xv, yv, worth = _rows(test, rnd)
        if len(yt) < 10 or len(yv) < 10:
            continue
        w = _fit(xt, yt)
        fitted = ((xv @ w) > 0) == (yv > 0.5)
        theirs = (np.array(worth) > 0) == (yv > 0.5)
        per_point = w[0] if abs(w[0]) > 1e-9 else 1.0
        judge = next(x["judge"] for g in runs for x in g["rounds"] if x["round"] == rnd)
        out.append({"round": rnd, "games": len(yt) + len(yv),
                    "points": {f: float(w[k] / per_point)
                               for k, f in enumerate(FEATURES[:FITTED])},
                    "heuristic_points": judge,
                    "fitted_right": float(fitted.mean()),
                    "heuristic_right": float(theirs.mean())})
    return {"games": len(runs), "decided": len(decided), "rounds": out}


def report(out: dict[str, Any]) -> None:
    print(f"{out['games']} games, {out['decided']} with one winner (fit on even, judged on odd)")
    print("round  hand (heuristic)  worker (heuristic)  fitted right  heuristic right")
    for r in out["rounds"]:
        pts, hers = r["points"], r["heuristic_points"]
        print(f"{r['round']:>5}  {pts['hand']:>5.2f} ({hers['hand']:>5.2f})  "
              f"{pts['workers']:>7.2f} ({hers['workers']:>7.2f})  {r['fitted_right']:>12.1%}  "
              f"{r['heuristic_right']:>15.1%}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--agents", default="normal,normal")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--json", type=Path, required=True)
    p.add_argument("--resume", action="store_true")
    args = p.parse_args(argv)
    levels = tuple(a.strip() for a in args.agents.split(","))
    if len(levels) != 2 or any(a not in AGENTS for a in levels) or args.games < 2:
        p.error(f"--agents takes two of {', '.join(AGENTS)}; --games at least 2")
    meta = {"game": "national-economy", "agents": list(levels), "seed": args.seed}
    jobs = [(levels, args.seed, i) for i in range(args.games)]
    try:
        out, played, seconds = resumable.run(
            args.json, meta, jobs, key=lambda job: job[2], run_key=lambda r: r["index"],
            play=play, summary=summary, workers=args.workers, resume=args.resume,
            log=lambda line: print(line, file=sys.stderr))
    except resumable.ResumeError as exc:
        p.error(str(exc))
    report(out)
    print(f"{played} games played in {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
