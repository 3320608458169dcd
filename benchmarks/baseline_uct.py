"""A bare yardstick for search speed: plain UCT in pure Python on a small dice duel.

The search targets (iterations per second on Magos and National Economy) are figures for "this
kind of machine"; the same code runs faster or slower elsewhere, and on a shared machine from
one minute to the next. This search does the least a search can do per iteration (a tuple for
a state, one dictionary per node, random playouts to the end of a short game), so its speed
measured in the same run says how fast the machine is at that moment, and the ratio of a
game's search speed to it stays comparable across machines and runs.

The duel: each wizard has 12 HP; on its turn a wizard rolls two dice and either hits the other
with one die (that many HP) or heals with one die (half of it, rounded down, up to 12 HP).
The first to 0 HP loses; after 30 turns it is a draw.

    python benchmarks/baseline_uct.py [--iterations 2000] [--positions 8]
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any

HP = 12
TURNS = 30

# A state is (hp of seat 0, hp of seat 1, seat to move, turn, dice or () before the roll).
State = tuple[int, int, int, int, tuple[int, ...]]


def legal(s: State) -> list[tuple[str, int]]:
    faces = sorted(set(s[4]))
    return [("hit", d) for d in faces] + [("heal", d) for d in faces]


def apply(s: State, action: tuple[str, int]) -> State:
    hp0, hp1, mover, turn, _ = s
    kind, d = action
    if kind == "hit":
        if mover == 0:
            hp1 = max(0, hp1 - d)
        else:
            hp0 = max(0, hp0 - d)
    elif mover == 0:
        hp0 = min(HP, hp0 + d // 2)
    else:
        hp1 = min(HP, hp1 + d // 2)
    return (hp0, hp1, 1 - mover, turn + 1, ())


def roll(s: State, rng: random.Random) -> State:
    r = rng.random
    return (s[0], s[1], s[2], s[3], (int(r() * 6) + 1, int(r() * 6) + 1))


def result(s: State) -> float | None:
    """Seat 0's reward when the game is over: 1 win, 0 loss, 0.5 draw; ``None`` otherwise."""
    if s[0] == 0:
        return 0.0
    if s[1] == 0:
        return 1.0
    if s[3] >= TURNS:
        return 0.5
    return None


class Node:
    """One decision in an open-loop tree: the dice are sampled anew on every visit."""

    __slots__ = ("children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[tuple[str, int], Node] = {}
        self.visits = 0
        self.total = 0.0


def search(root_state: State, iterations: int, rng: random.Random) -> tuple[str, int]:
    """UCT from ``root_state`` (dice already rolled); the most visited action."""
    root = Node(root_state[2])
    c = math.sqrt(2.0)
    log = math.log
    sqrt = math.sqrt
    randrange = rng.randrange
    for _ in range(iterations):
        s = root_state
        node = root
        path = [root]
        while True:  # selection and expansion
            if result(s) is not None:
                break
            if not s[4]:
                s = roll(s, rng)
            actions = legal(s)
            untried = [a for a in actions if a not in node.children]
            if untried:
                a = untried[randrange(len(untried))]
                child = node.children[a] = Node(s[2])
                s = apply(s, a)
                path.append(child)
                break
            n_log = log(node.visits or 1)
            best = max(actions, key=lambda a: (node.children[a].total / node.children[a].visits
                                               + c * sqrt(n_log / node.children[a].visits)))
            node = node.children[best]
            s = apply(s, best)
            path.append(node)
        reward = result(s)
        while reward is None:  # random playout to the end
            if not s[4]:
                s = roll(s, rng)
            actions = legal(s)
            s = apply(s, actions[randrange(len(actions))])
            reward = result(s)
        for visited in path:
            visited.visits += 1
            visited.total += reward if visited.mover == 0 else 1.0 - reward
    return max(root.children, key=lambda a: root.children[a].visits)


def positions(count: int, seed: int = 0) -> list[State]:
    """``count`` positions with the dice rolled, from seeded random play."""
    rng = random.Random(seed)
    out: list[State] = []
    s: State = (HP, HP, 0, 0, ())
    while len(out) < count:
        if result(s) is not None:
            s = (HP, HP, 0, 0, ())
        s = roll(s, rng)
        out.append(s)
        actions = legal(s)
        s = apply(s, actions[rng.randrange(len(actions))])
    return out


def measure(iterations: int = 2000, count: int = 8, seed: int = 0) -> dict[str, Any]:
    """Iterations per second of plain UCT over ``count`` fixed positions (wall clock,
    as the games' searches are timed)."""
    rng = random.Random(seed)
    found = positions(count, seed)
    start = time.perf_counter()
    for s in found:
        search(s, iterations, rng)
    elapsed = time.perf_counter() - start
    return {"iterations_per_second": iterations * count / elapsed,
            "iterations": iterations * count, "seconds": elapsed}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--iterations", type=int, default=2000, help="iterations per position")
    p.add_argument("--positions", type=int, default=8, help="positions searched")
    args = p.parse_args(argv)
    r = measure(args.iterations, args.positions)
    print(f"plain UCT, dice duel: {r['iterations_per_second']:.0f} iterations/s "
          f"({r['iterations']} in {r['seconds']:.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
