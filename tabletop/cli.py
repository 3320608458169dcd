"""The headless entry point: list games, replay scripted actions, pit AI levels against each
other, and measure speed.

Everything the table can do to a game can be done here without Qt, which is what scripted
tests, balance experiments and bug reports need::

    tabletop-cli list
    tabletop-cli play magos --seed 3 --actions moves.txt --json
    tabletop-cli simulate magos --agents hard,random --games 200 --seed 1 --workers 2
    tabletop-cli bench magos --seconds 5
    tabletop-cli stats magos --csv magos.csv
    tabletop-cli host ws://example.org:8765 magos --seats local,remote
    tabletop-cli join ws://example.org:8765 ABCDE-FGHJK --name Hana

The matches, their totals, the resumable results file and the speed measurements are the
library ``tabletop.tournament``; this module parses the arguments, calls it and prints.

Exit codes: 0 success, 2 for anything the user can fix (unknown game, bad option, a malformed
or illegal action in the script, wrong arguments), 1 for output that cannot be written (a full
disk) or an unexpected failure. A command's output is written in one piece once it has
succeeded, so a refused command prints nothing on stdout.
"""

from __future__ import annotations

import argparse
import io
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from tabletop.ai.levels import AGENTS, LEVELS
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
from tabletop.engine.game import CHANCE, TERMINAL, Game
from tabletop.engine.session import Session
from tabletop.engine.spec import GameSpec
from tabletop.registry import LoadFailure, load_plugins
from tabletop.tournament import (
    MAX_GAMES,
    ResultsFile,
    ResultsFileError,
    ResultsFileExists,
    ResultsWriteError,
    Simulation,
    bench_game,
    simulate,
)

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

def _results_file(path: Path, run: Simulation, resume: bool) -> ResultsFile:
    try:
        return ResultsFile.open(path, run, resume)
    except ResultsFileExists:
        raise UsageError(f"{quote(path, PATH_CHARS)} exists: add --resume to continue it, "
                         "or choose another file.") from None
    except ResultsFileError as exc:
        raise UsageError(str(exc)) from None


def _cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    game = _game(args.game)
    levels = _names(args.agents, "agent", AGENTS, "--agents")
    options = _parse_options(args.option)
    _new_session(game, len(levels), options, 0)  # validates player count and options
    if args.resume and not args.save:
        raise UsageError("--resume needs --save FILE (the file to continue).")
    n = len(levels)
    run = Simulation(game.spec.id, tuple(levels), args.games, args.seed, options,
                     bool(args.rotate), args.time_cap)
    shows_progress = sys.stderr.isatty() and not args.json
    results = _results_file(Path(args.save), run, args.resume) if args.save else None
    if results is not None and not args.json:
        held = sum(1 for i in results.held if i < args.games)
        if held:
            say(sys.stderr, f"{quote(args.save, PATH_CHARS)}: {held} games held, "
                            f"{args.games - held} to play.")

    def progress(done: int, total: int) -> None:
        print(f"\r{done}/{total} games", end="", file=sys.stderr, flush=True)

    try:
        summary = simulate(run, args.workers, results, progress if shows_progress else None)
    except ResultsWriteError as exc:
        raise OutputError(str(exc)) from None
    if shows_progress:
        print(file=sys.stderr)
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

def _cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    levels_asked = _names(args.levels, "level", LEVELS, "--levels")
    game = _game(args.game)
    options = _parse_options(args.option)
    _new_session(game, args.players, options, args.seed)  # validates player count and options
    data = bench_game(game, args.players, options, args.seed, args.seconds, args.positions,
                      levels_asked)
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
    p.add_argument("--games", type=_whole(1, MAX_GAMES), default=100)
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
    from tabletop.review import add_review_parser

    add_review_parser(sub)
    from tabletop.net.textclient import add_parsers

    add_parsers(sub)
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
