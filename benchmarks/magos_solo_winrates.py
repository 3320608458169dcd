"""Measure how often an AI level beats each Magos solo opponent card.

For every enemy (campaign order a-1 .. a-17) the script plays N seeded battles with the
first-game spells, or with the spell set ``magos_spell_sets.py`` found for that enemy
(``--hands FILE``); the agent is ``tabletop.ai.levels.make_agent(level)`` and chooses from
``game.observation(state, 0)`` only, like any player. It prints a Markdown table and writes the
figures as JSON. This is a measurement, not a test: it is slow at the hard level with rolled
dice (about 2 CPU-seconds per battle), so the JSON file is rewritten after every battle and
``--resume`` plays only the battles it does not hold yet. Battles are seeded one by one, so a
resumed run gives exactly the figures of an uninterrupted one.

With patch v1.1 dice each enemy's row also gives the chance of perfect play with that hand
(``exact_win_chance``, a draw counting half), from the solver hard plays with
(``tabletop/games/magos/solver.py``): the measured win rate of hard is that chance, sampled.

    python benchmarks/magos_solo_winrates.py --level easy --battles 5 --workers 2
    python benchmarks/magos_solo_winrates.py --level hard --battles 200 --workers 2 \
        --dice patch-v1.1 --json patch.json --resume
    python benchmarks/magos_solo_winrates.py --level hard --battles 200 --workers 2 \
        --hands benchmarks/results/magos-spell-sets.json --seed 1001 --json found.json
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import resumable

from tabletop.ai.levels import AGENTS, make_agent
from tabletop.engine import TERMINAL, Session
from tabletop.games.magos.data import CAMPAIGN_ORDER, ENEMIES
from tabletop.games.magos.solo import MagosSoloGame, perfect_play_chance
from tabletop.games.magos.spec import DICE_MODES, PATCH


def battle(enemy: str, level: str, dice: str, seed: int, hand: str = "") -> dict[str, Any]:
    """One seeded battle; the result from the wizard's side. ``hand``: five spell ids
    separated by commas (the solo ``hand`` option), else the first-game spells."""
    game = MagosSoloGame()
    options: dict[str, str] = {"enemy": enemy, "dice": dice}
    if hand:
        options["hand"] = hand
    session = Session(game, 1, options, seed, human_seats=())
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


@functools.cache
def exact_win_chance(enemy: str, hand: str) -> float:
    """``perfect_play_chance`` for a ``hand`` option (empty: the first-game spells), worked
    out once per enemy and hand: the summary is rewritten after every battle."""
    return perfect_play_chance(enemy, hand.split(",") if hand else ())


def summarize(enemy: str, runs: list[dict[str, Any]], dice: str = "",
              hand: str = "") -> dict[str, Any]:
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
        "exact_win_chance": exact_win_chance(enemy, hand) if dice == PATCH else None,
    }


def markdown(rows: list[dict[str, Any]], level: str, dice: str, spells: str) -> str:
    lines = [
        f"Magos solo, level {level}, dice {dice}, {spells}",
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
    p.add_argument("--level", default="hard", choices=AGENTS)
    p.add_argument("--battles", type=int, default=20, help="battles per enemy")
    p.add_argument("--dice", default=PATCH, choices=DICE_MODES)
    p.add_argument("--workers", type=int, default=1, help="processes to play in")
    p.add_argument("--seed", type=int, default=1, help="seed of the first battle")
    p.add_argument("--enemies", default="", help="comma-separated enemy ids (default: all)")
    p.add_argument("--json", default="magos_solo_winrates.json", help="where to write JSON")
    p.add_argument("--hands", default="",
                   help="a magos_spell_sets.py JSON file: each enemy's battles hold its set")
    p.add_argument("--resume", action="store_true",
                   help="keep the battles already in the JSON file and play only the rest")
    args = p.parse_args(argv)
    enemies = [e.strip() for e in args.enemies.split(",") if e.strip()] or list(CAMPAIGN_ORDER)
    unknown = [e for e in enemies if e not in ENEMIES]
    if unknown:
        p.error(f"unknown enemies: {', '.join(unknown)}")
    hands: dict[str, str] = {}
    if args.hands:
        try:
            found = json.loads(Path(args.hands).read_text(encoding="utf-8"))["enemies"]
            hands = {e: ",".join(found[e]["hand"]) for e in enemies}
        except (OSError, ValueError, KeyError, TypeError) as exc:
            p.error(f"--hands {args.hands}: no spell set for every enemy asked ({exc!s})")
    meta: dict[str, Any] = {"level": args.level, "dice": args.dice}
    if hands:
        meta["hands"] = hands
        meta["hands_file"] = args.hands
    jobs = [(enemy, args.level, args.dice, args.seed + i, hands.get(enemy, ""))
            for enemy in enemies for i in range(args.battles)]
    order = {e: i for i, e in enumerate(CAMPAIGN_ORDER)}

    def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
        runs.sort(key=lambda r: (order.get(r["enemy"], 99), r["seed"]))
        present = [e for e in CAMPAIGN_ORDER if any(r["enemy"] == e for r in runs)]
        return {"battles_per_enemy": args.battles, "seed": args.seed,
                "enemies": [summarize(e, [r for r in runs if r["enemy"] == e], args.dice,
                                      hands.get(e, ""))
                            for e in present]}

    try:
        out, played, elapsed = resumable.run(
            Path(args.json), meta, jobs,
            key=lambda job: (job[0], job[3]), run_key=lambda r: (r["enemy"], r["seed"]),
            play=battle, summary=summary, workers=args.workers, resume=args.resume,
            log=lambda m: print(m, file=sys.stderr))
    except resumable.ResumeError as exc:
        p.error(str(exc))
    print(markdown(out["enemies"], args.level, args.dice,
                   f"spell sets of {args.hands}" if hands else "first-game spells"))
    print(f"\n{played} battles in {elapsed:.1f} s with {args.workers} worker(s); "
          f"{len(out['runs'])} in the file, {out['seconds']:.0f} s in all.")
    print(f"Wrote {args.json}.", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
