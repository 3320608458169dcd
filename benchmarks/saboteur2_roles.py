"""Saboteur 2 by role: how often each role's team wins a round, and how well a seat guesses
the others' roles from the public evidence.

Plays N seeded games with the given agents (seats rotated as ``tabletop-cli simulate
--rotate`` does: game i seats agent j at seat (j + i) % n), every agent choosing from its own
observation. For every round it records, per seat, the agent, the role the seat held at the
round's end and whether that role's side won the round (SB-R25..R27: a green or blue digger
when its team wins, the Boss when any team does, a saboteur when no team does; the Profiteer
and the Geologists are left out, they side with nobody). The summary gives, per agent and side
(digger, saboteur), rounds, team wins and the rate with its 95% Wilson interval.

Role guesses: at the first decision of the first agent's seat after ``--guess-turn`` turns of
a round, the seat's own belief (the game's resampler, which weights the roles it draws by the
public evidence, ``ai.role_weight``) is sampled ``--guess-samples`` times; each other seat's
guessed side is the side drawn most often. Reported: the share of seats guessed right, against
the share a guess of "digger" for everyone gets (the prior's best guess).

    python benchmarks/saboteur2_roles.py --agents random,random,random,random,random \\
        --games 200 --json sb-random.json --resume
    python benchmarks/saboteur2_roles.py --agents hard,random,random,random,random \\
        --games 200 --json sb-hard-random.json --resume
    python benchmarks/saboteur2_roles.py --merge sb-random-1.json sb-random-2.json

Near a ceiling (random saboteurs win 99% of rounds) the intervals need more rounds than 200
games give: runs on other seeds (``--seed``) are added up with ``--merge``.

``--side saboteur`` (or ``digger``) measures one side with every game: game i tries the seeds
``derive_seed(seed, i)``, then ``derive_seed(seed, i, "side", 1)``, 2, ... until the deal of
the first round gives the first agent's seat a role of that side, and plays that round only.
Every deal of the first round with that role is equally likely, so a round counts as a random
round of that side would. A saboteur round then costs about a quarter of the play it costs in
whole games, where the seat is a saboteur in about two rounds of nine.

    python benchmarks/saboteur2_roles.py --agents hard,random,random,random,random \
        --side saboteur --games 2000 --json sb-hard-random-sab.json --resume
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import resumable

from tabletop.ai.levels import AGENTS, make_agent
from tabletop.engine import Session
from tabletop.games.saboteur2.data import (
    BLUE,
    GREEN,
    R_BLUE,
    R_BOSS,
    R_GREEN,
    R_SABOTEUR,
)
from tabletop.games.saboteur2.model import Saboteur2Game
from tabletop.records import wilson
from tabletop.tournament import derive_seed

DIGGER, SABOTEUR = "digger", "saboteur"
_SIDE = {R_GREEN: DIGGER, R_BLUE: DIGGER, R_BOSS: DIGGER, R_SABOTEUR: SABOTEUR}


def side_won(role: str, teams: list[str]) -> bool | None:
    """Whether ``role``'s side won a round that the ``teams`` won ([]: the gold was not
    reached or was blocked); None for the roles on no side."""
    if role == R_GREEN:
        return GREEN in teams
    if role == R_BLUE:
        return BLUE in teams
    if role == R_BOSS:
        return bool(teams)
    if role == R_SABOTEUR:
        return not teams
    return None


def guess_sides(game: Saboteur2Game, session: Session, seat: int, samples: int,
                rng: random.Random) -> tuple[int, int, int]:
    """(seats guessed right, seats guessed, seats a "digger" guess gets right) for ``seat``'s
    belief about the others' roles, read from its observation alone."""
    sample = game.resampler(session.observation(seat), seat)
    counts: list[Counter[str]] = [Counter() for _ in range(session.state.n)]
    for _ in range(samples):
        s = sample(rng)
        for p, r in enumerate(s.roles):
            counts[p][_SIDE.get(r, "none")] += 1
    right = guessed = prior = 0
    truth = session.state.roles
    for p in range(session.state.n):
        if p == seat:
            continue
        guessed += 1
        best = counts[p].most_common(1)[0][0]
        actual = _SIDE.get(truth[p], "none")
        right += best == actual
        prior += actual == DIGGER
    return right, guessed, prior


def dealt(game: Saboteur2Game, n: int, seed: int, index: int, subject: int,
          side: str | None) -> tuple[int, Session]:
    """The seed and session of game ``index``: with ``side``, the first of the seeds tried in
    order whose first deal gives ``subject`` a role of that side."""
    attempt = 0
    while True:
        game_seed = derive_seed(seed, index) if attempt == 0 else \
            derive_seed(seed, index, "side", attempt)
        session = Session(game, n, {}, game_seed, human_seats=())
        # The constructor resolves the opening chance: the goals and every role (SB-R08, R09).
        if side is None or _SIDE.get(session.state.roles[subject]) == side:
            return game_seed, session
        attempt += 1


def play(levels: tuple[str, ...], seed: int, index: int, guess_turn: int,
         guess_samples: int, side: str | None = None) -> dict[str, Any]:
    """One seeded game; per round the seats' agents, roles and side wins, and the first agent's
    role guess. With ``side``, the first round of a deal that gives the first agent that
    side."""
    n = len(levels)
    shift = index % n
    seating = [levels[(s - shift) % n] for s in range(n)]
    subject = shift  # the seat of agent 0
    game = Saboteur2Game()
    game_seed, session = dealt(game, n, seed, index, subject, side)
    agents = [make_agent(level, None) for level in seating]
    rounds: list[dict[str, Any]] = []
    guesses: list[list[int]] = []
    guessed_round = -1
    while not session.is_terminal():
        seat = session.current_player()
        s = session.state
        if seat == subject and s.turns >= guess_turn and guessed_round != s.round \
                and all(s.roles):
            guessed_round = s.round
            rng = random.Random(derive_seed(game_seed, "guess", s.round))
            guesses.append(list(guess_sides(game, session, seat, guess_samples, rng)))
        decision = agents[seat].choose(game, session.observation(seat), seat,
                                       session.legal_actions(),
                                       seed=derive_seed(game_seed, seat, len(session.history)))
        session.submit(seat, decision.action)
        # A round's end appends its pay to ``gains`` (SB-R29); its result holds the roles.
        if len(session.state.gains) > len(rounds):
            result = session.state.result
            rounds.append({
                "agents": list(seating),
                "roles": list(result["roles"]),
                "teams": list(result["teams"]),
                "reason": result["reason"],
                "pay": [int(v) for v in session.state.gains[-1]],
            })
            if side is not None:
                break
    # A single round has no final standing.
    returns = session.returns() if session.is_terminal() else []
    return {"index": index, "seed": game_seed, "rounds": rounds, "guesses": guesses,
            "returns": returns, "agent_of_seat": seating}


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Per agent and side: rounds, team wins, rate and 95% interval (``sides``; ``subject``:
    the first agent's seat alone, the seat ``--side`` deals the side to); the role
    guesses."""
    tally: dict[str, dict[str, list[int]]] = {}
    own: dict[str, list[int]] = {}
    for run in runs:
        subject = run["index"] % len(run["agent_of_seat"])
        for rnd in run["rounds"]:
            for seat, (agent, role) in enumerate(zip(rnd["agents"], rnd["roles"],
                                                     strict=True)):
                won = side_won(role, rnd["teams"])
                if won is None:
                    continue
                cells = [tally.setdefault(agent, {}).setdefault(_SIDE[role], [0, 0])]
                if seat == subject:
                    cells.append(own.setdefault(_SIDE[role], [0, 0]))
                for cell in cells:
                    cell[0] += int(won)
                    cell[1] += 1

    def rates(by_side: dict[str, list[int]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for side, (wins, n) in sorted(by_side.items()):
            low, high = wilson(wins, n)
            out[side] = {"rounds": n, "wins": wins, "rate": wins / n if n else 0.0,
                         "low": low, "high": high}
        return out

    sides = {agent: rates(by_side) for agent, by_side in sorted(tally.items())}
    right = sum(g[0] for r in runs for g in r["guesses"])
    guessed = sum(g[1] for r in runs for g in r["guesses"])
    prior = sum(g[2] for r in runs for g in r["guesses"])
    first: Counter[str] = Counter()
    for r in runs:
        ret = r["returns"]
        if not ret:
            continue
        top = max(ret)
        if not all(v == top for v in ret):
            for p, v in enumerate(ret):
                if v == top:
                    first[r["agent_of_seat"][p]] += 1
    return {"games": len(runs), "sides": sides, "subject": rates(own),
            "guess": {"seats": guessed, "right": right, "rate": right / guessed if guessed
                      else 0.0, "digger_rate": prior / guessed if guessed else 0.0},
            "first": dict(first)}


def report(out: dict[str, Any], guess_turn: int) -> None:
    """Print the figures of ``summary``."""
    rows = [(agent, by_side) for agent, by_side in out["sides"].items()]
    rows.append(("first agent's seat", out["subject"]))
    width = max(len(agent) for agent, _ in rows) + 2
    for agent, by_side in rows:
        for side, f in by_side.items():
            print(f"{agent:<{width}}{side:<10}{f['wins']:>5}/{f['rounds']:<6}{f['rate']:>7.1%}"
                  f"  ({f['low']:.1%}-{f['high']:.1%})")
    g = out["guess"]
    print(f"role guesses after {guess_turn} turns: {g['right']}/{g['seats']} right "
          f"({g['rate']:.1%}); everyone a digger: {g['digger_rate']:.1%}")
    print(f"first place: {out['first']} of {out['games']} games")


def merged(paths: list[Path]) -> int:
    """The figures of several runs' files together (the same agents, other seeds)."""
    runs: list[dict[str, Any]] = []
    turns = set()
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        runs += data["runs"]
        turns.add(int(data["guess_turn"]))
    if len(turns) != 1:
        print("the files guess roles after different turns", file=sys.stderr)
        return 2
    report(summary(runs), turns.pop())
    return 0


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["--merge"]:
        return merged([Path(a) for a in argv[1:]])
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--agents", required=True,
                   help="comma-separated agents, one per seat: " + ", ".join(AGENTS))
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--guess-turn", type=int, default=10)
    p.add_argument("--guess-samples", type=int, default=200)
    p.add_argument("--side", choices=(DIGGER, SABOTEUR),
                   help="play only first rounds whose deal gives the first agent this side")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--json", type=Path, required=True)
    p.add_argument("--resume", action="store_true")
    args = p.parse_args(argv)
    levels = tuple(a.strip() for a in args.agents.split(","))
    bad = [a for a in levels if a not in AGENTS]
    if bad or not 2 <= len(levels) <= 12 or args.games < 1:
        p.error(f"--agents takes 2 to 12 of {', '.join(AGENTS)}; --games at least 1")
    meta = {"game": "saboteur2", "agents": list(levels), "seed": args.seed,
            "guess_turn": args.guess_turn, "guess_samples": args.guess_samples}
    if args.side is not None:
        meta["side"] = args.side
    jobs = [(levels, args.seed, i, args.guess_turn, args.guess_samples, args.side)
            for i in range(args.games)]
    out, played, seconds = resumable.run(
        args.json, meta, jobs, key=lambda job: job[2], run_key=lambda r: r["index"],
        play=play, summary=summary, workers=args.workers, resume=args.resume,
        log=lambda line: print(line, file=sys.stderr))
    report(out, args.guess_turn)
    print(f"{played} games played in {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
