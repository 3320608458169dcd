"""``tabletop-cli replay FILE``: verify a save file and print where its game stands.

Loading a save replays its whole log with the game's rules and checks the final state's digest
(``tabletop.engine.savefile``), so a file that prints here opens in the app exactly as shown.
The output is the public view of the final state (what a spectator may see: no hidden hands),
the result if the game is over, and the number of moves. A damaged file prints a message naming
the file and the problem on stderr and exits with status 2. Text from the file is printed with
its control characters escaped (``tabletop.cli_io``). No Qt.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from tabletop.cli_io import dumps, say, shown
from tabletop.engine import savefile
from tabletop.engine.game import CHANCE, TERMINAL
from tabletop.engine.savefile import SaveFileError

USAGE_ERROR = 2


def _seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def _seat_kind(kind: str) -> str:
    return "human" if kind == savefile.HUMAN else f"AI ({shown(kind)})"


def replay_command(path: str, as_json: bool, out: TextIO, err: TextIO,
                   games: Any = None) -> int:
    """Verify ``path`` and print its final state; return the exit status (0, or 2 if bad)."""
    if games is None:
        from tabletop.registry import load_plugins

        games, _ = load_plugins()
    try:
        session, data = savefile.load(path, games)
    except SaveFileError as exc:
        say(err, f"tabletop-cli: {exc} [{exc.kind}]")
        return USAGE_ERROR
    game = session.game
    player = session.current_player()
    terminal = player == TERMINAL
    moves = sum(1 for r in session.history if r.seat != CHANCE)
    returns = session.returns() if terminal else None
    public = session.observation(None)
    if as_json:
        print(dumps({
            "file": path,
            "verified": True,
            "game": game.spec.id,
            "rules_version": data.rules_version,
            "app_version": data.app_version,
            "created": data.created,
            "updated": data.updated,
            "players": session.num_players,
            "seats": data.seats,
            "options": session.options,
            "seed": session.seed,
            "moves": moves,
            "log_entries": len(session.history),
            "terminal": terminal,
            "returns": returns,
            "current_player": player,
            "state_hash": session.state_hash(),
            "state": public,
        }), file=out)
        return 0
    spec = game.spec
    print(f"{shown(spec.name_en)} ({shown(spec.name_ja)}) — {shown(path)}", file=out)
    seats = ", ".join(f"{_seat_name(i)}: {_seat_kind(k)}" for i, k in enumerate(data.seats))
    opts = ", ".join(f"{shown(k)}={shown(v)}" for k, v in session.options.items()) or "none"
    print(f"Seats: {seats}; seed {session.seed}; options: {opts}", file=out)
    if data.created or data.updated:
        print(f"Started {shown(data.created or '?')}, saved {shown(data.updated or '?')}"
              + (f" by Tabletop {shown(data.app_version)}" if data.app_version else ""),
              file=out)
    print(f"Replay verified: {moves} moves ({len(session.history)} log entries with chance) "
          f"reach the recorded position (sha256 {session.state_hash()[:12]}…).", file=out)
    if returns is not None:
        result = ", ".join(f"{_seat_name(i)}: {r:g}" for i, r in enumerate(returns))
        print(f"Game over. Result: {result}", file=out)
    else:
        # The seat's prompt may name its hidden cards: only the public facts are printed.
        print(f"In progress. To move: {_seat_name(player)}", file=out)
    print("Final state (public view):", file=out)
    print(dumps(public), file=out)
    return 0


def _run(args: argparse.Namespace, out: TextIO) -> int:
    return replay_command(args.file, args.json, out, sys.stderr)


def add_replay_parser(sub: Any) -> argparse.ArgumentParser:
    """Register ``replay`` on the CLI's subcommand parsers (``ArgumentParser.add_subparsers``)."""
    p: argparse.ArgumentParser = sub.add_parser(
        "replay", help="verify a save file by replaying it and show its final state")
    p.add_argument("file", help="a Tabletop save file (.json)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=_run)
    return p
