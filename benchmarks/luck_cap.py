"""Luck cap: how much of the hard AI's losing is luck, measured with an all-knowing "oracle".

Hard searches over determinizations: every iteration deals the facts its seat cannot see
afresh from the seat's observation (``game.resampler``). When hard loses, it may have guessed
the hidden facts badly, searched badly, or simply been dealt the worse cards and dice. The
oracle takes the first cause away and nothing else: it is hard - the same ``MCTSAgent``, the
same iteration budget, the same game hooks - except that every determinization is a copy of
the TRUE current state, which this benchmark hands it before each decision. Future chance
(draws from a deck, rolls) is still drawn afresh in every iteration, because no state holds it.

So the oracle's win rate bounds what any better inference of hidden facts could give hard's
search at its budget. If the oracle also stays below a mark (90% against random play, say),
what keeps hard there is luck or the search itself, not what it cannot see; if the oracle
goes well beyond, hard loses games to what it does not know and can still improve there. It
is not a bound on perfect play: MCTS with perfect information at 1,200 (times the game's
``search_effort``) iterations is still not perfect play.

What "all-knowing" means, game by game, and what it does not:

- It knows the state, not the other players' minds. A game's ``opponent_model`` (Mr. Sneaky:
  the other player chooses at random in the search) is kept: how others decide is not a fact
  of the state, and the model is the game's, as hard uses it. Against random opponents that
  model is exact; against hard it undervalues the opponent.
- Games whose moves others see only in part (``game.has_hidden_moves``, searched by
  MO-ISMCTS) keep one tree per seat, so the simulated opponents still cannot see the oracle's
  face-down cards. But the oracle saw the move it must answer: it is not rewound and guessed
  again (``rewind_hidden_move`` answers ``None``), so it answers the card really played and,
  no longer guessing, picks its most visited answer instead of a mixed one.

Matches are seeded and seated exactly as ``tabletop-cli simulate --seed S --rotate`` seats
them (the same game seeds, decision seeds and seat rotation), so ``oracle,random`` with seed
1 plays the deals that ``hard,random`` with seed 1 played in docs/ai-strength.md. Results are
counted by ``tabletop.tournament.summarize``: a first place shared after the game's tie-breaks
counts for each player in it; a game every player shares is a draw. The oracle exists only
here; the app and the CLI cannot seat it.

    python benchmarks/luck_cap.py mr-sneaky --agents oracle,random --games 200 --seed 1 \\
        --json benchmarks/results/luck-cap-mr-sneaky-oracle-random.json
    python benchmarks/luck_cap.py secret-agent --agents oracle,random,random,random \\
        --games 400 --minutes 50 --seed 1 --json luck-cap-secret-agent.json --resume

One process only (the figures replay on any machine; think times do not). With ``--minutes``
no new rotation of seats begins after that many minutes, so every agent has still played
every seat equally often. The JSON file is rewritten after every game and ``--resume`` plays
only the games it lacks.
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import resumable

from tabletop.ai.base import Agent, CancelFlag, Decision
from tabletop.ai.levels import AGENTS, make_agent
from tabletop.ai.mcts import MCTSAgent
from tabletop.engine import Session
from tabletop.engine.game import Game, Observation
from tabletop.records import wilson
from tabletop.registry import get_game_plugin
from tabletop.tournament import by_agent, derive_seed, summarize

ORACLE = "oracle"


def peeking(game: Game[Any], truth: Any) -> Game[Any]:
    """``game`` whose every determinization is a fresh copy of ``truth``.

    A shallow copy with two methods replaced on the instance, not a subclass or a proxy:
    ``type(view)`` stays the game's class, so the search finds exactly the hooks it finds for
    hard (it tests ``type(game).opponent_model`` and the like against ``Game``'s).
    """
    view = copy.copy(game)
    # The search mutates each sample in place: every draw must be a copy of its own.
    view.resampler = lambda obs, seat: lambda rng: truth.clone()  # type: ignore[method-assign]
    # MO-ISMCTS would undo the hidden move the seat must answer and let the opponent choose it
    # again; the oracle saw that move, so there is nothing to guess.
    view.rewind_hidden_move = lambda state, seat: None  # type: ignore[method-assign]
    return view


class OracleAgent(Agent):
    """Hard's search over the true state instead of guesses of it (a benchmark instrument).

    The benchmark calls ``reveal`` with the true state before every decision; a decision
    without it is refused rather than quietly played as hard.
    """

    name = ORACLE

    def __init__(self, time_cap: float | None = None, effort: float = 1.0) -> None:
        self.search = make_agent("hard", time_cap)  # hard itself: same search and budget
        if effort != 1.0:  # a larger budget: is the search what holds the oracle back?
            assert isinstance(self.search, MCTSAgent)
            self.search.iterations = max(1, round(self.search.iterations * effort))
        self._truth: Any = None

    def reveal(self, state: Any) -> None:
        self._truth = state

    def decide(self, game: Game[Any], obs: Observation, seat: int, legal: Sequence[str],
               *, seed: int, cancel: CancelFlag | None) -> Decision:
        truth, self._truth = self._truth, None  # one reveal per decision: never a stale state
        if truth is None:
            raise RuntimeError("The oracle decides only after reveal(true state).")
        if game.observation(truth, seat) != obs:
            raise RuntimeError("The revealed state is not the one this observation shows.")
        return self.search.decide(peeking(game, truth), obs, seat, legal, seed=seed,
                                  cancel=cancel)


def play(game_id: str, agents: Sequence[str], seed: int, index: int,
         time_cap: float | None, effort: float = 1.0) -> dict[str, Any]:
    """Game ``index`` of the run, seeded and seated as ``tabletop-cli simulate --rotate``
    (agent j at seat (j + index) % n), its per-seat lists put back in agent order. Like
    ``tabletop.tournament.play_match`` an exception is a counted error, never raised."""
    n = len(agents)
    shift = index % n
    seating = [agents[(s - shift) % n] for s in range(n)]
    game_seed = derive_seed("simulate", seed, index)
    moves = [0] * n
    think = [0.0] * n
    choices: list[list[float]] = [[] for _ in range(n)]  # think time of real choices only
    error = None
    returns = None
    try:
        game = get_game_plugin(game_id).game
        session = Session(game, n, {}, game_seed, human_seats=())
        players = [OracleAgent(time_cap, effort) if a == ORACLE else make_agent(a, time_cap)
                   for a in seating]
        cap = game.max_game_length()
        while not session.is_terminal():
            if sum(moves) >= cap:
                raise RuntimeError(f"no end after {cap} decisions")
            seat = session.current_player()
            agent = players[seat]
            if isinstance(agent, OracleAgent):
                agent.reveal(session.state)
            legal = session.legal_actions()
            decision = agent.choose(game, session.observation(seat), seat, legal,
                                    seed=derive_seed(game_seed, seat, len(session.history)))
            session.submit(seat, decision.action)
            moves[seat] += 1
            think[seat] += decision.seconds
            if len(legal) > 1:
                choices[seat].append(round(decision.seconds, 4))
        returns = session.returns()
    except Exception as exc:  # counted as an error; the run goes on
        error = f"{type(exc).__name__}: {exc}"
    result = by_agent({"seed": game_seed, "returns": returns, "moves": moves, "think": think,
                       "error": error}, shift)
    return result | {"index": index, "shift": shift,
                     "choice_seconds": [choices[(j + shift) % n] for j in range(n)]}


def figures(game_id: str, agents: Sequence[str], seed: int,
            runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The run's totals (``tabletop.tournament.summarize``) and, per agent name, first places with a
    95% Wilson interval and the median think time of its decisions with a real choice."""
    runs.sort(key=lambda r: r["index"])
    summary = summarize(game_id, agents, seed, runs, 0.0)
    del summary["seconds"]  # the file keeps the seconds of every session of the run
    rows = []
    for name in dict.fromkeys(agents):
        seats = [j for j, a in enumerate(agents) if a == name]
        wins = sum(summary["wins"][j] for j in seats)
        played = summary["completed"] * len(seats)
        low, high = wilson(wins, played)
        times = [t for r in runs for j in seats for t in r["choice_seconds"][j]]
        rows.append({"agent": name, "seats": len(seats), "first_places": wins,
                     "played": played, "rate": wins / played if played else 0.0,
                     "low": low, "high": high,
                     "median_think_seconds": statistics.median(times) if times else 0.0,
                     "choices": len(times)})
    return {"summary": summary, "rows": rows}


def table(out: dict[str, Any]) -> str:
    s = out["summary"]
    lines = [f"{s['game']}: {' vs '.join(s['agents'])}, seed {s['seed']}, seats rotated; "
             f"{s['games']} games, {s['errors']} errors, {s['draws']} draws, "
             f"{s['mean_length']:.0f} decisions per game",
             f"{'agent':<10}{'games':>7}{'1st places':>12}{'rate':>8}{'95% CI':>15}"
             f"{'errors':>8}{'median think':>14}"]
    for r in out["rows"]:
        ci = f"{100 * r['low']:.0f}-{100 * r['high']:.0f}%"
        lines.append(f"{r['agent']:<10}{r['played']:>7}{r['first_places']:>12}"
                     f"{100 * r['rate']:>7.1f}%{ci:>15}{s['errors']:>8}"
                     f"{1000 * r['median_think_seconds']:>11.0f} ms")
    return "\n".join(lines)


class _OutOfTime(Exception):
    """Raised before a new rotation of seats when ``--minutes`` have passed."""


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("game", help="game id (see 'tabletop-cli list')")
    p.add_argument("--agents", default=f"{ORACLE},random",
                   help=f"one agent per seat: {ORACLE} or one of {', '.join(AGENTS)}")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--minutes", type=float, default=None,
                   help="begin no new rotation of seats after this many minutes")
    p.add_argument("--time-cap", type=float, default=None,
                   help="safety limit per decision (off by default so results replay)")
    p.add_argument("--oracle-effort", type=float, default=1.0,
                   help="the oracle's search budget as a multiple of hard's (default 1)")
    p.add_argument("--json", type=Path, help="write the results here, after every game")
    p.add_argument("--resume", action="store_true",
                   help="keep the games already in --json FILE and play only the rest")
    args = p.parse_args(argv)
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    unknown = [a for a in agents if a != ORACLE and a not in AGENTS]
    if unknown or ORACLE not in agents or args.games < 1:
        p.error(f"--agents: {ORACLE} and others of {', '.join(AGENTS)} (unknown: "
                f"{', '.join(unknown) or 'none'}); --games at least 1")
    if not 0.0 < args.oracle_effort <= 100.0:
        p.error("--oracle-effort: a multiple of hard's budget above 0 and at most 100")
    if args.resume and args.json is None:
        p.error("--resume needs --json FILE")
    try:
        get_game_plugin(args.game).game.spec.check_players(len(agents))
    except Exception as exc:
        p.error(f"{args.game} with {len(agents)} players: {exc}")

    n = len(agents)
    start = time.perf_counter()
    deadline = None if args.minutes is None else start + 60.0 * args.minutes

    def timed_play(*job: Any) -> dict[str, Any]:
        if deadline is not None and job[3] % n == 0 and time.perf_counter() > deadline:
            raise _OutOfTime
        result = play(*job)
        # Progress on a terminal; errors always, as they happen.
        if result["error"] is not None or sys.stderr.isatty():
            note = f": {result['error']}" if result["error"] is not None else ""
            print(f"game {job[3] + 1}/{args.games} ({time.perf_counter() - start:.0f} s)"
                  f"{note}", file=sys.stderr)
        return result

    meta = {"measure": "luck-cap", "game": args.game, "agents": agents, "seed": args.seed,
            "rotate": True, "time_cap": args.time_cap}
    if args.oracle_effort != 1.0:  # files of the usual budget keep their old form
        meta["oracle_effort"] = args.oracle_effort
    jobs = [(args.game, agents, args.seed, i, args.time_cap, args.oracle_effort)
            for i in range(args.games)]
    with tempfile.TemporaryDirectory() as scratch:
        path = args.json or Path(scratch) / "luck-cap.json"
        try:
            resumable.run(path, meta, jobs, key=lambda job: job[3],
                          run_key=lambda r: r["index"], play=timed_play,
                          summary=lambda runs: figures(args.game, agents, args.seed, runs),
                          resume=args.resume, log=lambda m: print(m, file=sys.stderr))
        except resumable.ResumeError as exc:
            p.error(str(exc))
        except _OutOfTime:
            print(f"--minutes {args.minutes:g} passed: stopped after a whole rotation.",
                  file=sys.stderr)
        out = json.loads(path.read_text(encoding="utf-8")) if path.exists() else None
    if out is None:
        print("No game was played.", file=sys.stderr)
        return 1
    print(table(out))
    print(f"{len(out['runs'])} games in the results, {out['seconds']:.0f} s in all "
          f"(this session {time.perf_counter() - start:.0f} s).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
