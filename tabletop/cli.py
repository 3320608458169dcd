"""The headless entry point: list games, replay scripted actions, pit AI levels against each
other, and measure speed.

Everything the table can do to a game can be done here without Qt, which is what scripted
tests, balance experiments and bug reports need::

    tabletop-cli list
    tabletop-cli play magos --seed 3 --actions moves.txt --json
    tabletop-cli simulate magos --agents hard,random --games 200 --seed 1 --workers 2
    tabletop-cli bench magos --seconds 5
    tabletop-cli stats magos --csv magos.csv

Exit codes: 0 success, 2 for anything the user can fix (unknown game, bad option, a malformed
or illegal action in the script, wrong arguments), 1 for output that cannot be written (a full
disk) or an unexpected failure. A command's output is written in one piece once it has
succeeded, so a refused command prints nothing on stdout.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any, NoReturn, TextIO, TypeGuard

from tabletop.ai.levels import AGENTS, LEVELS, make_agent
from tabletop.ai.mcts import MCTSAgent
from tabletop.api import GamePlugin
from tabletop.cli_io import (
    MIB,
    OutputError,
    UsageError,
    decode_text,
    dumps,
    emit,
    read_input,
    say,
    shown,
)
from tabletop.engine.errors import GameError
from tabletop.engine.files import PATH_CHARS, local_time, quote
from tabletop.engine.game import CHANCE, TERMINAL, Game, Observation, random_action
from tabletop.engine.savefile import write_atomic
from tabletop.engine.session import Session
from tabletop.engine.spec import GameSpec
from tabletop.registry import LoadFailure, load_plugins

USAGE_ERROR = 2
OUTPUT_ERROR = 1


class ScriptError(UsageError):
    """A bad line in an actions file; the message starts with ``file:line:``."""


# -- argument types -------------------------------------------------------------------------

#: The longest decision or playout budget a command accepts: an hour.
MAX_SECONDS = 3600.0


def _whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type for a whole number in ``low..high``; the message never echoes the
    value (it may be thousands of digits long)."""
    def parse(text: str) -> int:
        digits = text.strip()
        if len(digits) <= 20 and digits.lstrip("+-").isdigit() and digits.isascii():
            value = int(digits)
            if low <= value <= high:
                return value
        raise argparse.ArgumentTypeError(f"must be a whole number from {low} to {high}")
    return parse


def _seconds(text: str) -> float:
    """An argparse type for a time in seconds: a finite number above 0, at most an hour."""
    try:
        value = float(text) if len(text) <= 40 else math.nan
    except ValueError:
        value = math.nan
    if not 0.0 < value <= MAX_SECONDS:  # also refuses nan
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds above 0 and at most {MAX_SECONDS:.0f}")
    return value


def _names(text: str, what: str, known: Sequence[str], flag: str) -> list[str]:
    """The comma-separated agent or level names of ``flag``, each one of ``known``."""
    names = [part.strip() for part in text.split(",")]
    if not text.strip() or any(not name for name in names):
        raise UsageError(f"{flag} names an empty {what}: write {what}s separated by commas, "
                         f"from: {', '.join(known)}.")
    for name in names:
        if name not in known:
            raise UsageError(f"Unknown {what} '{shown(name)}'; choose from: "
                             f"{', '.join(known)}.")
    return names


SEED = _whole(0, 2**63 - 1)
PLAYERS = _whole(1, 100)


# -- helpers --------------------------------------------------------------------------------

def _plugins() -> tuple[dict[str, GamePlugin], list[LoadFailure]]:
    return load_plugins()


def _game(game_id: str) -> Game[Any]:
    return _rules(_plugin(game_id))


def _rules(plugin: GamePlugin) -> Game[Any]:
    try:
        return plugin.game
    except GameError as exc:  # an installed plugin whose rules do not load
        raise UsageError(f"{exc}.") from None


def _plugin(game_id: str) -> GamePlugin:
    plugins, failures = _plugins()
    plugin = plugins.get(game_id)
    if plugin is None:
        known = ", ".join(sorted(plugins)) or "none"
        msg = f"Unknown game '{quote(game_id)}'. Known games: {known}."
        broken = [f.source for f in failures if game_id in f.source]
        if broken:
            msg += f" ({broken[0]} failed to load; see 'tabletop-cli list'.)"
        raise UsageError(msg)
    return plugin


def _parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"Options are written KEY=VALUE, not '{quote(pair)}'.")
        options[key.strip()] = value.strip()
    return options


def _new_session(game: Game[Any], players: int | None, options: dict[str, str],
                 seed: int, human_seats: Sequence[int] | None = None) -> Session:
    try:
        return Session(game, players, options, seed, human_seats)
    except GameError as exc:
        raise UsageError(str(exc)) from None


def _players_text(spec: GameSpec) -> str:
    lo, hi = spec.min_players, spec.max_players
    count = f"{lo}" if lo == hi else f"{lo}-{hi}"
    return f"{count} player" if hi == 1 else f"{count} players"


def _seat_name(seat: int) -> str:
    return f"player {seat + 1}"


# -- list -----------------------------------------------------------------------------------

def _cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    plugins, failures = _plugins()
    if args.json:
        data = {
            "games": [
                {"id": gid, "name_en": p.spec.name_en, "name_ja": p.spec.name_ja,
                 "min_players": p.spec.min_players,
                 "max_players": p.spec.max_players}
                for gid, p in sorted(plugins.items())
            ],
            "failures": [{"source": f.source, "message": f.message} for f in failures],
        }
        print(dumps(data), file=out)
        return 0
    # A third-party plugin's names and error messages are text from outside: no raw controls.
    for gid, plugin in sorted(plugins.items()):
        spec = plugin.spec
        print(f"{shown(gid)}\t{shown(spec.name_en)}\t{shown(spec.name_ja)}\t"
              f"{_players_text(spec)}", file=out)
    for failure in failures:
        print(f"! failed to load {shown(failure.source)}: {shown(failure.message)}", file=out)
    return 0


# -- play -----------------------------------------------------------------------------------

#: The most an actions file may hold: a whole game is a few kilobytes of action texts.
ACTIONS_LIMIT = MIB


def _read_actions(path: str) -> tuple[str, list[tuple[int, str]]]:
    """The display name of the script and its (line number, action text) entries."""
    what = "the actions file"
    raw = read_input(path, what, ACTIONS_LIMIT)
    name = "<stdin>" if path == "-" else quote(path, PATH_CHARS)
    text = decode_text(raw, what, name)
    entries = []
    for number, line in enumerate(text.splitlines(), start=1):
        action = line.split("#", 1)[0].strip()
        if action:
            entries.append((number, action))
    return name, entries


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    plugin = _plugin(args.game)
    game = _rules(plugin)
    speaker = plugin.speaker()
    session = _new_session(game, args.players, _parse_options(args.option), args.seed)
    name, entries = _read_actions(args.actions)
    view: int | None = args.seat
    if view is not None and not 0 <= view < session.num_players:
        raise UsageError(f"--seat must be between 0 and {session.num_players - 1}.")
    for number, action in entries:
        seat = session.current_player()
        if seat == TERMINAL:
            raise ScriptError(f"{name}:{number}: '{quote(action)}' — the game is already over.")
        state = session.state
        try:
            session.submit(seat, action)
        except GameError as exc:
            reason = speaker.refusal(exc, "en", state)
            raise ScriptError(f"{name}:{number}: '{quote(action)}' — {reason}") from None

    state = session.state
    player = session.current_player()
    terminal = player == TERMINAL
    log = [speaker.say(e, "en") for e in session.events_for(view) if e.logged]
    # The choices and prompt of the seat to move name its hidden cards: they are shown only
    # in that seat's own view.
    own_turn = not terminal and view == player
    if args.json:
        data = {
            "game": game.spec.id,
            "seed": session.seed,
            "players": session.num_players,
            "options": session.options,
            "view": view,
            "current_player": player,
            "terminal": terminal,
            "returns": session.returns() if terminal else None,
            "legal_actions": session.legal_actions() if own_turn or terminal else None,
            "prompt": speaker.prompt(state, player, "en") if own_turn else None,
            "state": game.observation(state, view),
            "log": log,
            "decisions": [r.action for r in session.history if r.seat != CHANCE],
            "state_hash": session.state_hash(),
        }
        print(dumps(data), file=out)
        return 0

    spec = game.spec
    opts = ", ".join(f"{k}={v}" for k, v in session.options.items()) or "none"
    print(f"{spec.name_en} ({spec.name_ja}) — seed {session.seed}, "
          f"{session.num_players} players, options: {opts}", file=out)
    print(f"Applied {len(entries)} actions from {shown(name)}.", file=out)
    viewer = "public view" if view is None else f"as {_seat_name(view)} sees it"
    print(f"Log ({viewer}):", file=out)
    for line in log:
        print(f"  {line}", file=out)
    if terminal:
        result = ", ".join(f"{_seat_name(i)}: {r:g}" for i, r in enumerate(session.returns()))
        print(f"Game over. Result: {result}", file=out)
    elif own_turn:
        prompt = speaker.prompt(state, player, "en")
        print(f"To move: {_seat_name(player)}" + (f" — {prompt}" if prompt else ""), file=out)
        print("Legal actions: " + " ".join(session.legal_actions()), file=out)
    else:
        print(f"To move: {_seat_name(player)} (their choices are shown with --seat {player})",
              file=out)
    return 0


# -- simulate -------------------------------------------------------------------------------

def derive_seed(*parts: object) -> int:
    """A seed for one game or one decision, independent of every other (string hashing)."""
    return random.Random("/".join(str(p) for p in parts)).getrandbits(63)


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
        game = _GAMES.get(game_id) or _GAMES.setdefault(game_id, _game(game_id))
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


class _SavedRun:
    """The results file of ``simulate --save``: every finished game is written at once, so a
    long evaluation that is stopped (or whose machine is needed) continues with ``--resume``
    and gives exactly the figures of an uninterrupted run, every game being seeded on its own.

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
    def open(cls, path: Path, meta: dict[str, Any], resume: bool) -> _SavedRun:
        """The run in ``path``: new, or (with ``resume``) the games it holds.

        Everything is checked before the first game is played: that the file can be written,
        and that a file to resume is whole and of the same simulation. A damaged file is
        refused as it is, never set aside or rewritten: the user named it, and may mean
        another one.
        """
        try:
            os.fsencode(path)
            if "\0" in str(path):
                raise ValueError("NUL")
            folder = path.is_dir()
        except (ValueError, UnicodeError, OSError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else \
                "that is not a valid file name"
            raise UsageError(f"Cannot write the results file {quote(path, PATH_CHARS)}: "
                             f"{why}.") from None
        if folder:
            raise UsageError(f"Cannot write the results file {quote(path, PATH_CHARS)}: it is "
                             "a folder.")
        exists = os.path.lexists(path)
        if exists and not resume:
            raise UsageError(f"{quote(path, PATH_CHARS)} exists: add --resume to continue it, "
                             "or choose another file.")
        held: dict[int, dict[str, Any]] = {}
        spent = 0.0
        if exists:
            raw = read_input(str(path), "the results file", RESULTS_LIMIT)
            try:
                held, spent = _parse_results(raw, meta)
            except _Damage as exc:
                raise UsageError(f"Cannot resume from {quote(path, PATH_CHARS)}: {exc}") from None
            except _OtherRun as exc:
                raise UsageError(f"{quote(path, PATH_CHARS)} holds another simulation "
                                 f"(different {exc}); choose another file.") from None
        _check_writable(path)
        return cls(path, meta, held, spent)

    def add(self, index: int, result: dict[str, Any], elapsed: float) -> None:
        self._runs[index] = result
        out = {**self.meta, "seconds": self.spent + elapsed,
               "runs": [{"index": i, "result": r} for i, r in sorted(self._runs.items())]}
        # Atomic: a stopped run leaves the file as it was after the previous game.
        try:
            write_atomic(self.path, json.dumps(out, ensure_ascii=False) + "\n")
        except OSError as exc:
            raise OutputError(f"cannot write the results file {self.path} "
                              f"({exc.strerror or exc}); it holds the games before this "
                              "one") from None


#: The most a results file may hold: 100,000 games of six players take about 30 MiB.
RESULTS_LIMIT = 64 * MIB
#: The most games one simulation plays (every result is held in memory until the summary).
MAX_GAMES = 100_000


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
        raise UsageError(f"Cannot write the results file {quote(path, PATH_CHARS)}: "
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


def _cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    game = _game(args.game)
    levels = _names(args.agents, "agent", AGENTS, "--agents")
    options = _parse_options(args.option)
    _new_session(game, len(levels), options, 0)  # validates player count and options
    if args.resume and not args.save:
        raise UsageError("--resume needs --save FILE (the file to continue).")
    seeds = [derive_seed("simulate", args.seed, i) for i in range(args.games)]
    n = len(levels)
    # With --rotate, game i seats agent j at seat (j + i) % n, so every agent plays every seat
    # equally often and no agent's figure carries a first-player advantage.
    shifts = [i % n if args.rotate else 0 for i in range(args.games)]
    seatings = [[levels[(s - k) % n] for s in range(n)] for k in shifts]
    progress = sys.stderr.isatty() and not args.json
    run = _SavedRun.open(Path(args.save), {
        "game": game.spec.id, "agents": levels, "seed": args.seed, "rotate": bool(args.rotate),
        "options": options, "time_cap": args.time_cap}, args.resume) if args.save else None
    done = {i: r for i, r in run.held.items() if i < args.games} if run is not None else {}
    todo = [i for i in range(args.games) if i not in done]
    if run is not None and done and not args.json:
        say(sys.stderr, f"{quote(args.save, PATH_CHARS)}: {args.games - len(todo)} games held, "
                        f"{len(todo)} to play.")
    start = time.perf_counter()

    def finished(i: int, result: dict[str, Any]) -> None:
        done[i] = result
        if run is not None:
            run.add(i, result, time.perf_counter() - start)
        if progress:
            print(f"\r{len(done)}/{len(seeds)} games", end="", file=sys.stderr, flush=True)

    if args.workers == 1:
        for i in todo:
            finished(i, play_match(game.spec.id, seatings[i], options, seeds[i], args.time_cap))
    elif todo:
        # "spawn" behaves the same on every platform and never forks a threaded parent.
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=args.workers, mp_context=context) as pool:
            futures: list[Future[dict[str, Any]]] = [
                pool.submit(play_match, game.spec.id, seatings[i], options, seeds[i],
                            args.time_cap)
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
    if progress:
        print(file=sys.stderr)
    results = [by_agent(done[i], k) for i, k in enumerate(shifts)]
    seconds = time.perf_counter() - start + (run.spent if run is not None else 0.0)
    summary = summarize(game.spec.id, levels, args.seed, results, seconds)
    summary["workers"] = args.workers
    summary["rotate"] = bool(args.rotate)
    if args.json:
        print(dumps(summary), file=out)
        return 0
    print(f"{game.spec.name_en}: {summary['games']} games, seed {args.seed}, "
          f"{args.workers} worker(s), {summary['seconds']:.1f} s", file=out)
    print(f"{'agent #' if args.rotate else 'seat':<8}{'agent':<8}{'wins':>6}{'win %':>8}"
          f"{'think/move':>12}", file=out)
    done = max(summary["completed"], 1)
    for s, level in enumerate(levels):
        print(f"{s + 1:<8}{level:<8}{summary['wins'][s]:>6}"
              f"{100 * summary['wins'][s] / done:>7.1f}%"
              f"{summary['mean_think_seconds'][s]:>10.3f} s", file=out)
    print(f"draws: {summary['draws']}   mean length: {summary['mean_length']:.1f} decisions"
          f"   errors: {summary['errors']}", file=out)
    if n == 1:
        print(f"one player: a win is a game with a positive return; losses: "
              f"{summary['losses']}   mean return: {summary['mean_return']:.3f}", file=out)
        if summary["results"]:
            ends = ", ".join(f"{k} {v}" for k, v in summary["results"].items())
            print(f"results: {ends}", file=out)
        if "mean_score" in summary:
            print(f"score: mean {summary['mean_score']:.1f}, min {summary['min_score']:g}, "
                  f"max {summary['max_score']:g}", file=out)
    rates = ", ".join(f"{k} {100 * v:.1f}%" for k, v in summary["win_rate"].items())
    print(f"win rate per agent: {rates}", file=out)
    for msg in summary["error_messages"]:
        print(f"  error: {msg}", file=out)
    return 0


# -- bench ----------------------------------------------------------------------------------

def bench_game(game: Game[Any], players: int | None = None,
               options: dict[str, str] | None = None, seed: int = 0,
               seconds: float = 3.0, positions: int = 30,
               levels: Sequence[str] = ("easy", "normal", "hard")) -> dict[str, Any]:
    """Random playouts per second from the opening, and per AI level the think time and
    search iterations per second over ``positions`` positions of seeded random self-play."""
    session = _new_session(game, players, options or {}, seed)
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
    play = _new_session(game, players, options or {}, seed)
    while not play.is_terminal() and len(found) < positions:
        seat = play.current_player()
        legal = play.legal_actions()
        if len(legal) > 1:
            found.append((play.observation(seat), seat, legal))
        play.submit(seat, legal[rng.randrange(len(legal))])
        if play.is_terminal():
            play = _new_session(game, players, options or {}, rng.getrandbits(32))
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


def _cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    levels_asked = _names(args.levels, "level", LEVELS, "--levels")
    game = _game(args.game)
    data = bench_game(game, args.players, _parse_options(args.option), args.seed,
                      args.seconds, args.positions, levels_asked)
    levels = data["levels"]
    if args.json:
        print(dumps(data), file=out)
        return 0
    print(f"{game.spec.name_en}: {data['random_playouts_per_second']:.0f} random playouts/s, "
          f"{data['actions_per_second']:.0f} actions/s "
          f"(mean {data['mean_playout_length']:.0f} actions per game)", file=out)
    for level, row in levels.items():
        ips = row["iterations_per_second"]
        print(f"{level:<8} median {row['median_seconds'] * 1000:8.1f} ms   "
              f"p95 {row['p95_seconds'] * 1000:8.1f} ms   "
              f"max {row['max_seconds'] * 1000:8.1f} ms   "
              + (f"{ips:.0f} iterations/s" if ips else ""), file=out)
    return 0


# -- stats ----------------------------------------------------------------------------------

_STATS_COLUMNS = (("opponents", 20), ("games", 7), ("wins", 6), ("losses", 8), ("draws", 7),
                  ("win rate", 10), ("95% interval", 14), ("streak", 8), ("best streak", 13),
                  ("best score", 12), ("last played", 13))


def _cmd_stats(args: argparse.Namespace, out: TextIO) -> int:
    """The figures of the games played in the app (``tabletop.records``), per opponent level;
    ``--csv`` writes the records themselves. The record file is only read here: a damaged
    one is left where it is (the app sets it aside when it next records a game)."""
    from tabletop import records as rec

    store = rec.RecordStore()
    loaded = store.read(set_aside=False)
    if loaded.damaged is not None:
        say(sys.stderr, f"tabletop-cli: {loaded.damaged} The app sets it aside when it "
                        f"next records a game.")
        return OUTPUT_ERROR
    plugins, _ = _plugins()
    played = rec.games_played(loaded.records)
    if args.game is not None:
        if args.game not in plugins and args.game not in played:
            known = ", ".join(sorted(plugins)) or "none"
            raise UsageError(f"Unknown game '{quote(args.game)}'. Known games: {known}.")
        games = [args.game]
    else:
        games = played
    chosen = [r for r in loaded.records if r.game in games]

    def names(game: str) -> tuple[str, str]:
        plugin = plugins.get(game)
        return (plugin.spec.name_en, plugin.spec.name_ja) if plugin is not None else (game, game)

    if args.csv is not None:
        text = rec.to_csv(chosen)
        if args.csv == "-":
            print(text, end="", file=out)
            return 0
        try:
            rec.write_csv(args.csv, chosen)
        except OSError as exc:
            raise OutputError(f"cannot write the CSV file {quote(args.csv, PATH_CHARS)}: "
                              f"{exc.strerror or exc}") from None
    if args.json:
        data: dict[str, Any] = {"file": str(store.path), "games": []}
        for game in games:
            figures = rec.statistics(loaded.records, game)
            if not figures:
                continue
            en, ja = names(game)
            data["games"].append({
                "game": game, "name_en": en, "name_ja": ja,
                "levels": [f.to_json() for f in figures],
                "series": {lv: [{"n": p.n, "date": p.date, "win_rate": p.win_rate}
                                for p in rec.series(loaded.records, game, lv)]
                           for lv in rec.levels(loaded.records, game)},
            })
        if args.csv is not None:
            data["csv"] = {"file": args.csv, "records": len(chosen)}
        print(dumps(data), file=out)
        return 0
    if not chosen:
        what = shown(names(games[0])[0]) if games else ""
        print(f"No games of {what} recorded yet." if what else "No games recorded yet.",
              file=out)
        print(f"Finished games with a person at the table are recorded in {store.path}.",
              file=out)
    for game in games:
        figures = rec.statistics(loaded.records, game)
        if not figures:
            continue
        en, ja = names(game)
        count = figures[-1].games
        print(f"{shown(en)} ({shown(ja)}): {count} game{'s' if count != 1 else ''} recorded",
              file=out)
        print("  " + "".join(f"{name:>{width}}" if i else f"{name:<{width}}"
                             for i, (name, width) in enumerate(_STATS_COLUMNS)).rstrip(),
              file=out)
        for f in figures:
            best = "-" if f.best_score is None else f"{f.best_score:g}"
            cells = [shown(f.level), f.games, f.wins, f.losses, f.draws,
                     f"{f.win_rate * 100:.0f}%",
                     f"{f.low * 100:.0f}%-{f.high * 100:.0f}%", f.streak, f.longest, best,
                     local_time(f.last, date_only=True)]
            print("  " + "".join(f"{cell:>{width}}" if i else f"{cell:<{width}}"
                                 for i, (cell, (_, width)) in enumerate(
                                     zip(cells, _STATS_COLUMNS, strict=True))).rstrip(),
                  file=out)
    if args.csv is not None:
        print(f"Wrote {len(chosen)} game{'s' if len(chosen) != 1 else ''} to "
              f"{quote(args.csv, PATH_CHARS)}.", file=out)
    return 0


# -- entry point ----------------------------------------------------------------------------

class _Parser(argparse.ArgumentParser):
    """argparse, with the arguments it quotes in its messages made safe to print: an unknown
    argument may hold terminal escapes or be a megabyte long."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(USAGE_ERROR, f"{self.prog}: error: {quote(message, 300)}\n")

    def _print_message(self, message: str, file: Any = None) -> None:
        super()._print_message(shown(message, keep="\n\t"), file)


def _parser() -> argparse.ArgumentParser:
    # (workers: at most 61, the most processes a pool may wait on under Windows.)
    parser = _Parser(
        prog="tabletop-cli", description="Play and simulate Tabletop games without a window.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("list", help="list the installed games")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=_cmd_list)

    def game_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", help="game id (see 'tabletop-cli list')")
        p.add_argument("--option", "-o", action="append", metavar="KEY=VALUE",
                       help="a game option; repeat for several")

    p = sub.add_parser("play", help="apply scripted actions and show the resulting state")
    game_args(p)
    p.add_argument("--seed", type=SEED, required=True, help="seed for chance (dice, cards)")
    p.add_argument("--players", type=PLAYERS, help="number of players (default: the fewest)")
    p.add_argument("--actions", required=True, metavar="FILE",
                   help="one action per line, '#' starts a comment; '-' reads stdin; "
                        "a regular file of at most 1 MiB")
    p.add_argument("--seat", type=_whole(0, 99), metavar="N",
                   help="show the state and log as seat N (0-based) sees them; "
                        "default: the public view")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=_cmd_play)

    p = sub.add_parser("simulate", help="play AI agents against each other")
    game_args(p)
    p.add_argument("--agents", required=True, metavar="A,B,...",
                   help=f"one agent per seat, from: {', '.join(AGENTS)}")
    p.add_argument("--games", type=_whole(1, 100_000), default=100)
    p.add_argument("--seed", type=SEED, default=0)
    p.add_argument("--workers", type=_whole(1, 61), default=1,
                   help="processes (default 1: in-process)")
    p.add_argument("--rotate", action="store_true",
                   help="move every agent one seat on after each game (figures per agent)")
    p.add_argument("--time-cap", type=_seconds, default=None, metavar="SECONDS",
                   help="safety limit per decision (off by default so results replay)")
    p.add_argument("--save", metavar="FILE",
                   help="write every finished game to FILE, so that --resume can continue "
                        "(a results file of at most 64 MiB)")
    p.add_argument("--resume", action="store_true",
                   help="continue the run in --save FILE: play only the games it lacks")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=_cmd_simulate)

    p = sub.add_parser("bench", help="measure playout and search speed")
    game_args(p)
    p.add_argument("--seed", type=SEED, default=0)
    p.add_argument("--players", type=PLAYERS)
    p.add_argument("--seconds", type=_seconds, default=3.0, help="time for random playouts")
    p.add_argument("--positions", type=_whole(1, 10_000), default=30,
                   help="positions searched per level")
    p.add_argument("--levels", default="easy,normal,hard", metavar="L1,L2,...")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=_cmd_bench)

    p = sub.add_parser("stats", help="statistics of the games played in the app")
    p.add_argument("game", nargs="?", metavar="GAME",
                   help="one game id (default: every game with records)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--csv", metavar="FILE",
                   help="also write the records, one game a row, to FILE ('-': print the "
                        "CSV instead of the figures)")
    p.set_defaults(run=_cmd_stats)

    from tabletop.savecheck import add_replay_parser

    add_replay_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command; return the exit code (0 ok, 2 usage or script error, 1 output that
    cannot be written or a crash)."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed its message already
        return exc.code if isinstance(exc.code, int) else USAGE_ERROR
    out = io.StringIO()
    try:
        code: int = args.run(args, out)
    except ScriptError as exc:
        say(sys.stderr, str(exc))
        return USAGE_ERROR
    except UsageError as exc:
        say(sys.stderr, f"tabletop-cli: {exc}")
        return USAGE_ERROR
    except OutputError as exc:
        say(sys.stderr, f"tabletop-cli: {exc}.")
        return OUTPUT_ERROR
    except KeyboardInterrupt:
        return 130
    try:
        # Every field from a file is escaped where it is printed; this pass is the net under
        # them (tabs and newlines are the output's own).
        emit(sys.stdout, shown(out.getvalue(), keep="\t\n"))
    except OutputError as exc:
        if not isinstance(exc.__cause__, BrokenPipeError):  # `| head` closing early is quiet
            say(sys.stderr, f"tabletop-cli: cannot write the output: {exc}.")
        return OUTPUT_ERROR
    return code


if __name__ == "__main__":
    sys.exit(main())
