"""Find, per Magos solo enemy, the spell set an AI level does best with (MG-R51).

The solo rules let a wizard pick five spells (Harmony and nine dealt at random, keep five);
the enemies differ enough that no one set suits them all. For each enemy this script climbs
from the first-game set: every set that differs from the current one in one spell (within the
copies the deck holds, MG-R11) plays the same seeded battles at a quick level, and the best
one, if it does better, becomes the current set; it stops when no change does better or after
``--steps`` steps. "Better" is more wins, and among sets with as many wins less of the enemy's
HP left over the battles: against an enemy the quick level never beats every set wins 0, and
the HP left still tells which sets come closer. The set it ends on is the one the AI found;
``magos_solo_winrates.py --hands FILE`` then measures it at the hard level on other seeds (the
climb chose among sets by these seeds, so its own figures flatter the set it found). All
battles are seeded, so a rerun finds the same sets.

``--level exact`` judges a set by the chance that perfect play wins with it, worked out by the
solver hard plays with under patch v1.1 (``tabletop/games/magos/solver.py``), instead of by
battles: no luck of the seeds, and the chance is exactly what hard gets from the set. A solve
takes seconds to a minute, so such a climb best starts from sets found before (``--start``).

    python benchmarks/magos_spell_sets.py --enemies armored_dragon,intruder --workers 2 \
        --json benchmarks/results/magos-spell-sets.json
    python benchmarks/magos_spell_sets.py --level exact --enemies intruder --steps 2 \
        --start benchmarks/results/magos-spell-sets.json --workers 2 --json exact-sets.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from tabletop.ai.levels import AGENTS, make_agent
from tabletop.engine import TERMINAL, Session
from tabletop.games.magos.data import CAMPAIGN_ORDER, DRAFT_POOL, ENEMIES, FIRST_GAME_HAND
from tabletop.games.magos.solo import MagosSoloGame, hand_copies, perfect_play_chance
from tabletop.games.magos.spec import DICE_MODES, PATCH

Hand = tuple[str, ...]
#: The judge that solves each set instead of playing battles with it.
EXACT = "exact"


def neighbours(hand: Hand) -> list[Hand]:
    """Every hand that swaps one spell of ``hand`` for another the deck allows, sorted."""
    spells = ["harmony", *sorted(DRAFT_POOL)]
    out: set[Hand] = set()
    for i, old in enumerate(hand):
        for new in spells:
            if new == old:
                continue
            cand = (*hand[:i], new, *hand[i + 1:])
            if Counter(cand)[new] <= hand_copies(new):
                out.add(tuple(sorted(cand)))
    return sorted(out)


def battle(enemy: str, hand: Hand, level: str, dice: str, seed: int) -> tuple[bool, int]:
    """One seeded battle of ``level`` holding ``hand``: whether the wizard won, and the
    enemy's HP left at the end."""
    game = MagosSoloGame()
    session = Session(game, 1, {"enemy": enemy, "dice": dice, "hand": ",".join(hand)}, seed,
                      human_seats=())
    agent = make_agent(level, time_cap=None)
    while session.current_player() != TERMINAL:
        state = session.state
        d = agent.choose(game, game.observation(state, 0), 0, game.legal_actions(state),
                         seed=seed * 100_003 + len(session.history))
        session.submit(0, d.action)
    won = session.returns()[0] > 0
    return won, int(game.observation(session.state, 0)["enemy"]["hp"])


def _battle(job: tuple[str, Hand, str, str, int]) -> tuple[bool, int]:
    return battle(*job)


def _perfect(job: tuple[str, Hand]) -> float:
    return perfect_play_chance(*job)


def climb(enemy: str, level: str, dice: str, battles: int, steps: int, seed: int,
          pool: ProcessPoolExecutor | None, start: Hand | None = None) -> dict[str, Any]:
    """The local search for one enemy (see the module docstring), from ``start`` or the
    first-game set."""
    seeds = range(seed, seed + battles)

    def scores(hands: list[Hand]) -> list[tuple[float, float]]:
        """(wins, minus the enemy HP left in all battles) per hand: larger is better; for the
        exact judge (the chance of perfect play, 0)."""
        if level == EXACT:
            jobs_x = [(enemy, h) for h in hands]
            chances = pool.map(_perfect, jobs_x) if pool else map(_perfect, jobs_x)
            return [(c, 0.0) for c in chances]
        jobs = [(enemy, h, level, dice, s) for h in hands for s in seeds]
        done = list(pool.map(_battle, jobs, chunksize=8) if pool else map(_battle, jobs))
        out: list[tuple[float, float]] = []
        for i in range(len(hands)):
            mine = done[i * battles:(i + 1) * battles]
            out.append((sum(won for won, _ in mine), -sum(hp for _, hp in mine)))
        return out

    def step(hand: Hand, score: tuple[float, float]) -> dict[str, Any]:
        if level == EXACT:
            return {"hand": list(hand), "perfect_chance": score[0]}
        return {"hand": list(hand), "wins": score[0], "enemy_hp_left": -score[1] / battles}

    current: Hand = tuple(sorted(start or FIRST_GAME_HAND))
    [best] = scores([current])
    path = [step(current, best)]
    tried = 1
    for _ in range(steps):
        cands = neighbours(current)
        found = scores(cands)
        tried += len(cands)
        top = max(range(len(cands)), key=lambda i: (found[i], cands[i]))
        if found[top] <= best:
            break
        current, best = cands[top], found[top]
        path.append(step(current, best))
    row: dict[str, Any] = {"enemy": enemy, "number": ENEMIES[enemy].number,
                           "name": ENEMIES[enemy].en, "hand": list(current), "path": path,
                           "sets_tried": tried}
    if level == EXACT:
        return {**row, "perfect_chance": best[0], "start_chance": path[0]["perfect_chance"]}
    return {**row, "wins": best[0], "battles": battles, "first_game_wins": path[0]["wins"]}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--level", default="greedy", choices=(*AGENTS, EXACT),
                   help="the quick level that judges the sets (default: greedy), or 'exact': "
                        "the chance of perfect play (patch v1.1 dice only)")
    p.add_argument("--battles", type=int, default=40, help="seeded battles per set")
    p.add_argument("--steps", type=int, default=6, help="most spells changed")
    p.add_argument("--dice", default=PATCH, choices=DICE_MODES)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--enemies", default="", help="comma-separated enemy ids (default: all)")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--json", type=Path, default=Path("magos_spell_sets.json"))
    p.add_argument("--start", type=Path, default=None,
                   help="a JSON file of this script: climb from the set it found per enemy")
    args = p.parse_args(argv)
    enemies = [e.strip() for e in args.enemies.split(",") if e.strip()] or list(CAMPAIGN_ORDER)
    unknown = [e for e in enemies if e not in ENEMIES]
    if unknown or args.battles < 1 or args.steps < 0:
        p.error(f"unknown enemies: {', '.join(unknown)}" if unknown
                else "--battles must be at least 1 and --steps at least 0")
    if args.level == EXACT and args.dice != PATCH:
        p.error(f"--level {EXACT} solves battles with patch v1.1 dice only, not {args.dice}")
    starts: dict[str, Hand] = {}
    if args.start is not None:
        try:
            found = json.loads(args.start.read_text(encoding="utf-8"))["enemies"]
            starts = {e: tuple(found[e]["hand"]) for e in enemies if e in found}
        except (OSError, ValueError, KeyError, TypeError) as exc:
            p.error(f"--start {args.start}: cannot read the sets found ({exc!s})")
    out: dict[str, Any] = {"level": args.level, "dice": args.dice, "battles": args.battles,
                           "seed": args.seed, "steps": args.steps, "enemies": {}}
    if args.start is not None:
        out["start"] = str(args.start)
    if args.json.exists():  # keep the enemies an earlier run found with the same settings
        try:
            before = json.loads(args.json.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            p.error(f"cannot read {args.json}: {exc}")
        if all(before.get(k) == out.get(k)
               for k in ("level", "dice", "battles", "seed", "steps", "start")):
            out["enemies"] = dict(before.get("enemies", {}))
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for enemy in enemies:
            start = time.perf_counter()
            row = climb(enemy, args.level, args.dice, args.battles, args.steps, args.seed,
                        pool, starts.get(enemy))
            row["seconds"] = round(time.perf_counter() - start, 1)
            out["enemies"][enemy] = row
            args.json.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
            if args.level == EXACT:
                gain = (f"{100 * row['start_chance']:5.1f}% -> "
                        f"{100 * row['perfect_chance']:5.1f}%")
            else:
                gain = f"{row['first_game_wins']:>3} -> {row['wins']:>3}/{args.battles}"
            print(f"a-{row['number']:<3}{row['name']:<26}{gain}  {','.join(row['hand'])}  "
                  f"({row['sets_tried']} sets, {row['seconds']:.0f} s)")
    finally:
        if pool is not None:
            pool.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
