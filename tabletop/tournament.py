"""AI-versus-AI tournaments: seeded matches, their totals, resumable results files and the
speed measurements of one game.

This is the library behind ``tabletop-cli simulate`` and ``tabletop-cli bench``, and what the
strength tests, the benchmarks and the balance experiments build on, so that they all seed,
seat and count games the same way:

- ``derive_seed`` gives every game and every decision a seed of its own, so any one game of
  a run replays alone; ``Simulation`` says which games a run plays, with which seed and
  seating (``rotate``: every agent plays every seat equally often).
- ``play_match`` plays one game between agents, each seeing only its seat's observation;
  ``simulate`` plays a whole run, in this process or in a pool of them, and ``summarize``
  counts wins, draws, lengths and think times (``by_agent`` puts a rotated game's figures
  back in agent order).
- ``ResultsFile`` is the results file of a run: every finished game is written at once, so a
  stopped run continues where it stopped and gives the figures of an uninterrupted one.
- ``bench_game`` measures random playouts per second and each AI level's think time.

No Qt, and nothing here prints: the caller words the results and the errors
(``ResultsFileError`` and ``ResultsWriteError`` carry their message).
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from tabletop.ai.levels import make_agent
from tabletop.ai.mcts import MCTSAgent
from tabletop.engine.files import MIB, PATH_CHARS, FileProblem, quote, read_limited, shown
from tabletop.engine.game import TERMINAL, Game, Observation, random_action
from tabletop.engine.savefile import write_atomic
from tabletop.engine.session import Session
from tabletop.registry import get_game_plugin

__all__ = ["MAX_GAMES", "RESULTS_LIMIT", "ResultsFile", "ResultsFileError",
           "ResultsFileExists", "ResultsWriteError", "Simulation", "bench_game", "by_agent",
           "derive_seed", "play_match", "simulate", "solo_outcome", "summarize"]

#: The most a results file may hold: 100,000 games of six players take about 30 MiB.
RESULTS_LIMIT = 64 * MIB
#: The most games one simulation plays (every result is held in memory until the summary).
MAX_GAMES = 100_000


# -- one game -------------------------------------------------------------------------------

def derive_seed(*parts: object) -> int:
    """A seed for one game or one decision, independent of every other (string hashing)."""
    return random.Random("/".join(str(p) for p in parts)).getrandbits(63)


# The rules of each game a process has played, loaded once: a pool worker plays many games.
_GAMES: dict[str, Game[Any]] = {}


def play_match(game_id: str, levels: Sequence[str], options: dict[str, str], game_seed: int,
               time_cap: float | None = None) -> dict[str, Any]:
    """One AI-vs-AI game; an exception is caught and reported, never raised.

    Each agent sees only ``game.observation(state, seat)``. Module level so that a process
    pool can run it.
    """
    moves = [0] * len(levels)
    think = [0.0] * len(levels)
    try:
        game = _GAMES.get(game_id) or _GAMES.setdefault(game_id,
                                                        get_game_plugin(game_id).game)
        session = Session(game, len(levels), options, game_seed, human_seats=())
        agents = [make_agent(level, time_cap) for level in levels]
        cap = game.max_game_length()
        while not session.is_terminal():
            if sum(moves) >= cap:
                raise RuntimeError(f"no end after {cap} decisions")
            seat = session.current_player()
            decision = agents[seat].choose(
                game, session.observation(seat), seat, session.legal_actions(),
                seed=derive_seed(game_seed, seat, len(session.history)),
            )
            session.submit(seat, decision.action)
            moves[seat] += 1
            think[seat] += decision.seconds
        out = {"seed": game_seed, "returns": session.returns(), "moves": moves,
               "think": think, "error": None}
        if len(levels) == 1:
            out.update(solo_outcome(game, session.state))
        return out
    except Exception as exc:  # counted as an error; the simulation goes on
        return {"seed": game_seed, "returns": None, "moves": moves, "think": think,
                "error": f"{type(exc).__name__}: {exc}"}


def solo_outcome(game: Game[Any], state: Any) -> dict[str, Any]:
    """How a finished one-player game ended, beyond its return: the game's own word for the
    result and its final score, where the game gives them (``Game.final_result``)."""
    out: dict[str, Any] = {}
    result, score = game.final_result(state)
    if result:
        out["result"] = result
    if score is not None:
        out["score"] = float(score)
    return out


def by_agent(result: dict[str, Any], shift: int) -> dict[str, Any]:
    """A match result whose per-seat lists are put back in agent order, for a game in which
    agent j sat at seat ``(j + shift) % n``."""
    if shift == 0:
        return result
    out = dict(result)
    for key in ("returns", "moves", "think"):
        values = result[key]
        if values is not None:
            n = len(values)
            out[key] = [values[(j + shift) % n] for j in range(n)]
    return out


# -- totals ---------------------------------------------------------------------------------

def summarize(game_id: str, levels: Sequence[str], seed: int,
              results: Sequence[dict[str, Any]], seconds: float) -> dict[str, Any]:
    """Totals over finished games: wins per seat, draws, lengths, think times, win rates."""
    n = len(levels)
    wins = [0] * n
    draws = 0
    lengths: list[int] = []
    moves = [0] * n
    think = [0.0] * n
    errors = [r for r in results if r["error"] is not None]
    for r in results:
        for s in range(n):
            moves[s] += r["moves"][s]
            think[s] += r["think"][s]
        if r["error"] is not None:
            continue
        ret = r["returns"]
        lengths.append(sum(r["moves"]))
        top = max(ret)
        if all(v == top for v in ret):
            draws += 1
        else:
            for s in range(n):
                if ret[s] == top:
                    wins[s] += 1
    completed = len(results) - len(errors)
    if n == 1:
        # One seat: the top return is always "shared", so every game would be a draw. A game
        # counts as won when its return is positive (a cleared solo game, a beaten enemy), lost
        # when negative, drawn at zero.
        done = [r for r in results if r["error"] is None]
        wins = [sum(1 for r in done if r["returns"][0] > 0)]
        draws = sum(1 for r in done if r["returns"][0] == 0)
    win_rate: dict[str, float] = {}
    for level in dict.fromkeys(levels):
        seats = [s for s in range(n) if levels[s] == level]
        played = completed * len(seats)
        win_rate[level] = sum(wins[s] for s in seats) / played if played else 0.0
    return {
        "game": game_id,
        "agents": list(levels),
        "seed": seed,
        "games": len(results),
        "completed": completed,
        "wins": wins,
        "draws": draws,
        "mean_length": statistics.fmean(lengths) if lengths else 0.0,
        "mean_think_seconds": [think[s] / moves[s] if moves[s] else 0.0 for s in range(n)],
        "errors": len(errors),
        "error_messages": [f"seed {r['seed']}: {r['error']}" for r in errors[:10]],
        "win_rate": win_rate,
        "seconds": seconds,
    } | (_solo_figures(results) if n == 1 else {})


def _solo_figures(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The one-player figures of ``summarize``: losses, the mean return, how many games ended
    with each of the game's results, and the scores where the game reports them."""
    done = [r for r in results if r["error"] is None]
    returns = [float(r["returns"][0]) for r in done]
    outcomes: dict[str, int] = {}
    for r in done:
        if "result" in r:
            outcomes[r["result"]] = outcomes.get(r["result"], 0) + 1
    scores = [float(r["score"]) for r in done if "score" in r]
    out: dict[str, Any] = {
        "losses": sum(1 for v in returns if v < 0),
        "mean_return": statistics.fmean(returns) if returns else 0.0,
        "results": dict(sorted(outcomes.items())),
    }
    if scores:
        out.update(mean_score=statistics.fmean(scores), min_score=min(scores),
                   max_score=max(scores))
    return out


# -- a whole run ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Simulation:
    """Which games a run plays: game ``i`` is seeded ``derive_seed("simulate", seed, i)``, and
    with ``rotate`` it seats agent j at seat ``(j + i) % n``, so every agent plays every seat
    equally often and no agent's figure carries a first-player advantage."""

    game: str
    agents: tuple[str, ...]
    games: int
    seed: int = 0
    options: dict[str, str] = field(default_factory=dict)
    rotate: bool = False
    time_cap: float | None = None

    def game_seed(self, index: int) -> int:
        return derive_seed("simulate", self.seed, index)

    def shift(self, index: int) -> int:
        """How many seats on game ``index`` moves every agent."""
        return index % len(self.agents) if self.rotate else 0

    def seating(self, index: int) -> list[str]:
        """The agent at each seat of game ``index``."""
        n, k = len(self.agents), self.shift(index)
        return [self.agents[(s - k) % n] for s in range(n)]

    def meta(self) -> dict[str, Any]:
        """What a results file records of the run: a file to resume must match it all."""
        return {"game": self.game, "agents": list(self.agents), "seed": self.seed,
                "rotate": bool(self.rotate), "options": dict(self.options),
                "time_cap": self.time_cap}


def simulate(run: Simulation, workers: int = 1, results: ResultsFile | None = None,
             progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play the games of ``run`` that ``results`` does not hold yet and return the totals
    (``summarize``, plus ``workers`` and ``rotate``), each game's figures in agent order.

    ``workers`` above 1 plays in that many processes; ``progress(done, total)`` is called
    after each game. Every finished game is written to ``results`` at once (a failed write
    raises ``ResultsWriteError``). The figures do not depend on ``workers`` or on how often
    the run was stopped and resumed.
    """
    options = dict(run.options)
    levels = list(run.agents)
    seeds = [run.game_seed(i) for i in range(run.games)]
    done = {i: r for i, r in results.held.items() if i < run.games} \
        if results is not None else {}
    todo = [i for i in range(run.games) if i not in done]
    start = time.perf_counter()

    def finished(i: int, result: dict[str, Any]) -> None:
        done[i] = result
        if results is not None:
            results.add(i, result, time.perf_counter() - start)
        if progress is not None:
            progress(len(done), len(seeds))

    if workers == 1:
        for i in todo:
            finished(i, play_match(run.game, run.seating(i), options, seeds[i], run.time_cap))
    elif todo:
        # "spawn" behaves the same on every platform and never forks a threaded parent.
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            futures: list[Future[dict[str, Any]]] = [
                pool.submit(play_match, run.game, run.seating(i), options, seeds[i],
                            run.time_cap)
                for i in todo
            ]
            try:
                for i, future in zip(todo, futures, strict=True):
                    try:
                        result = future.result()
                    except Exception as exc:  # a worker process died
                        result = {"seed": seeds[i], "returns": None,
                                  "moves": [0] * len(levels), "think": [0.0] * len(levels),
                                  "error": f"{type(exc).__name__}: {exc}"}
                    finished(i, result)
            except BaseException:
                # Stopping (the results file cannot be written, Ctrl+C): the games not begun
                # are dropped rather than waited for.
                pool.shutdown(wait=False, cancel_futures=True)
                raise
    in_order = [by_agent(done[i], run.shift(i)) for i in range(run.games)]
    seconds = time.perf_counter() - start + (results.spent if results is not None else 0.0)
    summary = summarize(run.game, levels, run.seed, in_order, seconds)
    summary["workers"] = workers
    summary["rotate"] = bool(run.rotate)
    return summary


# -- the results file -----------------------------------------------------------------------

class ResultsFileError(Exception):
    """A results file that cannot be used, and why, in words (a complete sentence)."""


class ResultsFileExists(ResultsFileError):
    """A results file that exists, opened for a new run rather than to resume it."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{quote(path, PATH_CHARS)} exists; resume it, or choose another "
                         "file.")
        self.path = path


class ResultsWriteError(Exception):
    """A finished game that could not be written to the results file; the message says why
    (it is not a sentence: the caller ends it)."""


class ResultsFile:
    """The results file of a run: every finished game is written at once, so a long
    evaluation that is stopped (or whose machine is needed) continues with ``resume`` and
    gives exactly the figures of an uninterrupted run, every game being seeded on its own.

    Games that ended in an error are played again on resume: a worker that was killed is not
    a result, and an error of the rules comes back the same way.
    """

    def __init__(self, path: Path, meta: dict[str, Any], held: dict[int, dict[str, Any]],
                 spent: float) -> None:
        self.path = path
        self.meta = meta
        self.held = held
        self.spent = spent
        self._runs = dict(held)

    @classmethod
    def open(cls, path: Path, run: Simulation, resume: bool) -> ResultsFile:
        """The results file of ``run`` in ``path``: new, or (with ``resume``) the games it
        holds.

        Everything is checked before the first game is played: that the file can be written,
        and that a file to resume is whole and of the same simulation. A damaged file is
        refused as it is, never set aside or rewritten: the user named it, and may mean
        another one. Raises ``ResultsFileError``.
        """
        meta = run.meta()
        try:
            os.fsencode(path)
            if "\0" in str(path):
                raise ValueError("NUL")
            folder = path.is_dir()
        except (ValueError, UnicodeError, OSError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else \
                "that is not a valid file name"
            raise ResultsFileError(f"Cannot write the results file "
                                   f"{quote(path, PATH_CHARS)}: {why}.") from None
        if folder:
            raise ResultsFileError(f"Cannot write the results file {quote(path, PATH_CHARS)}: "
                                   "it is a folder.")
        exists = os.path.lexists(path)
        if exists and not resume:
            raise ResultsFileExists(path)
        held: dict[int, dict[str, Any]] = {}
        spent = 0.0
        if exists:
            try:
                raw = read_limited(path, RESULTS_LIMIT)
            except FileProblem as exc:
                raise ResultsFileError(f"Cannot read the results file {shown(str(path))}: "
                                       f"{exc.problem}") from None
            try:
                held, spent = _parse_results(raw, meta)
            except _Damage as exc:
                raise ResultsFileError(f"Cannot resume from {quote(path, PATH_CHARS)}: "
                                       f"{exc}") from None
            except _OtherRun as exc:
                raise ResultsFileError(f"{quote(path, PATH_CHARS)} holds another simulation "
                                       f"(different {exc}); choose another file.") from None
        _check_writable(path)
        return cls(path, meta, held, spent)

    def add(self, index: int, result: dict[str, Any], elapsed: float) -> None:
        """Write game ``index``'s result, ``elapsed`` seconds into this session of the run."""
        self._runs[index] = result
        out = {**self.meta, "seconds": self.spent + elapsed,
               "runs": [{"index": i, "result": r} for i, r in sorted(self._runs.items())]}
        # Atomic: a stopped run leaves the file as it was after the previous game.
        try:
            write_atomic(self.path, json.dumps(out, ensure_ascii=False) + "\n")
        except OSError as exc:
            raise ResultsWriteError(f"cannot write the results file {self.path} "
                                    f"({exc.strerror or exc}); it holds the games before "
                                    "this one") from None


class _Damage(Exception):
    """What is wrong with a results file, in words (raised by ``_parse_results``)."""


class _OtherRun(Exception):
    """A whole results file of another simulation; the message names the settings that
    differ."""


def _check_writable(path: Path) -> None:
    """Refuse a results file that could not be written, before any game is played: the
    probe is the temporary file ``write_atomic`` will make beside it, removed at once."""
    try:
        fd, probe = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                     dir=path.parent)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise ResultsFileError(f"Cannot write the results file {quote(path, PATH_CHARS)}: "
                               f"{exc.strerror or exc}.") from None


def _is_number(value: object) -> TypeGuard[int | float]:
    """A finite JSON number (an integer too large for a float is not one)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if isinstance(value, int):
        return abs(value) <= 2**53
    return math.isfinite(value)


def _is_count(value: object) -> bool:
    return _is_number(value) and isinstance(value, int) and value >= 0


def _is_seconds(value: object) -> bool:
    return _is_number(value) and value >= 0


def _reject_constant(name: str) -> Any:
    raise _Damage(f"it holds {name}, which is not a number JSON allows.")


def _parse_results(raw: bytes, meta: dict[str, Any]) -> tuple[dict[int, dict[str, Any]],
                                                              float]:
    """The finished games of a results file by index, and the seconds already spent.

    Every field ``summarize`` reads is checked here, so that a damaged file is refused before
    the first game is played and never fails the summary at the end. Raises ``_Damage``.
    """
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _Damage(f"it is not UTF-8 text (a byte that is not UTF-8 at position "
                      f"{exc.start}).") from None
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise _Damage(f"it is not valid JSON ({exc.msg} at line {exc.lineno}, column "
                      f"{exc.colno}).") from None
    except RecursionError:
        raise _Damage("its JSON is nested too deeply to be a results file.") from None
    except ValueError as exc:  # an integer with thousands of digits
        raise _Damage(f"it is not valid JSON ({exc}).") from None
    if not isinstance(data, dict):
        raise _Damage("it does not hold a simulation's results (a JSON object).")
    for key in (*meta, "seconds", "runs"):
        if key not in data:
            raise _Damage(f"the field '{key}' is missing.")
    differs = [k for k in meta if data[k] != meta[k]]
    if differs:
        raise _OtherRun(", ".join(differs))
    spent = data["seconds"]
    if not _is_number(spent) or spent < 0:
        raise _Damage("the field 'seconds' must be a number of seconds.")
    runs = data["runs"]
    if not isinstance(runs, list):
        raise _Damage("the field 'runs' must be a list.")
    seats = len(meta["agents"])
    held: dict[int, dict[str, Any]] = {}
    seen: set[int] = set()
    for n, run in enumerate(runs):
        where = f"runs[{n}]"
        if not isinstance(run, dict):
            raise _Damage(f"'{where}' must be an object.")
        index = run.get("index")
        if isinstance(index, bool) or not isinstance(index, int) \
                or not 0 <= index < MAX_GAMES:
            raise _Damage(f"'{where}.index' must be a game number from 0 to "
                          f"{MAX_GAMES - 1}.")
        if index in seen:
            raise _Damage(f"game {index} is in the file twice.")
        seen.add(index)
        result = run.get("result")
        if not isinstance(result, dict):
            raise _Damage(f"'{where}.result' must be an object.")
        if result.get("seed") != derive_seed("simulate", meta["seed"], index):
            raise _Damage(f"game {index} was played from another seed.")
        error = result.get("error")
        if error is not None and not isinstance(error, str):
            raise _Damage(f"'{where}.result.error' must be text or null.")
        _check_lists(result, f"{where}.result", seats, finished=error is None)
        if error is None:
            held[index] = result
    return held, float(spent)


def _check_lists(result: dict[str, Any], where: str, seats: int, finished: bool) -> None:
    """The per-seat lists of one game's result: what ``summarize`` and ``by_agent`` read."""
    wanted: list[tuple[str, str, Callable[[object], bool]]] = [
        ("moves", "whole numbers", _is_count), ("think", "numbers of seconds", _is_seconds)]
    if finished:
        wanted.append(("returns", "numbers", _is_number))
    for key, kind, ok in wanted:
        values = result.get(key)
        if not isinstance(values, list) or len(values) != seats \
                or not all(ok(v) for v in values):
            raise _Damage(f"'{where}.{key}' must be a list of {seats} {kind}.")
    if finished:
        if "result" in result and not isinstance(result["result"], str):
            raise _Damage(f"'{where}.result' must be text.")
        if "score" in result and not _is_number(result["score"]):
            raise _Damage(f"'{where}.score' must be a number.")


# -- speed ----------------------------------------------------------------------------------

def bench_game(game: Game[Any], players: int | None = None,
               options: dict[str, str] | None = None, seed: int = 0,
               seconds: float = 3.0, positions: int = 30,
               levels: Sequence[str] = ("easy", "normal", "hard")) -> dict[str, Any]:
    """Random playouts per second from the opening, and per AI level the think time and
    search iterations per second over ``positions`` positions of seeded random self-play.

    Raises ``GameError`` for a player count or options the game refuses."""
    session = Session(game, players, options or {}, seed)
    players = session.num_players
    rng = random.Random(seed)

    # Random playouts from the opening, cloning once per playout and mutating in place.
    initial = session.state
    playouts = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = initial.clone()
        while True:
            if game.current_player(state) == TERMINAL:
                break
            game.apply_in_place(state, random_action(game, state, rng))
            actions += 1
        playouts += 1
    elapsed = time.perf_counter() - start

    # Search speed and think times over positions of seeded self-play (random moves).
    found: list[tuple[Observation, int, list[str]]] = []
    play = Session(game, players, options or {}, seed)
    while not play.is_terminal() and len(found) < positions:
        seat = play.current_player()
        legal = play.legal_actions()
        if len(legal) > 1:
            found.append((play.observation(seat), seat, legal))
        play.submit(seat, legal[rng.randrange(len(legal))])
        if play.is_terminal():
            play = Session(game, players, options or {}, rng.getrandbits(32))
    per_level: dict[str, Any] = {}
    for level in levels:
        agent = make_agent(level, None)
        times: list[float] = []
        iterations = 0
        for i, (obs, seat, legal) in enumerate(found):
            d = agent.choose(game, obs, seat, legal, seed=derive_seed("bench", seed, i))
            times.append(d.seconds)
            iterations += d.iterations
        total = sum(times)
        times.sort()
        per_level[level] = {
            "decisions": len(times),
            "iterations_per_second": iterations / total if total and iterations else None,
            "median_seconds": statistics.median(times) if times else 0.0,
            "p95_seconds": times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0,
            "max_seconds": times[-1] if times else 0.0,
            "iterations": (agent.iterations if isinstance(agent, MCTSAgent) else 0),
        }
    return {
        "game": game.spec.id,
        "players": players,
        "random_playouts_per_second": playouts / elapsed,
        "actions_per_second": actions / elapsed,
        "mean_playout_length": actions / max(playouts, 1),
        "levels": per_level,
    }
