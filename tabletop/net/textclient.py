"""A text client of the table server: play across computers without the window.

``tabletop-cli host ADDRESS GAME --seats remote,computer:easy`` creates a table and prints
the join code of each remote seat; ``tabletop-cli join ADDRESS CODE --name Hana`` takes one.
Both print the game log as the server words it for the seat, and on the seat's turn its
prompt and numbered legal actions; type a number or an action's text. ``/chat TEXT`` talks to
the table, ``/quit`` leaves (the seat waits; ``--token`` comes back to it). Built on
``tabletop.net.client``: it shows only what the server sends.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import threading
from typing import TYPE_CHECKING, Any, TextIO

from tabletop.engine.files import shown

from . import protocol as p

if TYPE_CHECKING:
    from .client import Update

# ``tabletop-cli`` builds its parser on every run: the client library (and websockets) is
# imported only when one of these commands runs.


def add_parsers(sub: Any) -> None:
    """The ``host`` and ``join`` commands of ``tabletop-cli``."""
    h = sub.add_parser("host", help="create a table on a server and play its local seats")
    h.add_argument("address", help="the server: ws://HOST:PORT or wss://HOST")
    h.add_argument("game", help="game id (see 'tabletop-cli list')")
    h.add_argument("--seats", required=True, metavar="KIND,...",
                   help="one per seat: remote, local or computer:LEVEL")
    h.add_argument("--option", "-o", action="append", metavar="KEY=VALUE", default=[])
    h.add_argument("--name", default="", help="your name")
    h.add_argument("--lang", default="en", choices=("en", "ja"))
    h.set_defaults(run=_cmd_host)
    j = sub.add_parser("join", help="take a seat at a table on a server")
    j.add_argument("address", help="the server: ws://HOST:PORT or wss://HOST")
    j.add_argument("code", nargs="?", help="the seat's join code (or --token)")
    j.add_argument("--token", help="come back to a seat with the token a join printed")
    j.add_argument("--name", default="Guest", help="your name")
    j.add_argument("--lang", default="en", choices=("en", "ja"))
    j.set_defaults(run=_cmd_join)


def parse_seats(text: str) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = []
    for part in (s.strip() for s in text.split(",")):
        kind, _, level = part.partition(":")
        if kind == p.COMPUTER:
            seats.append({"kind": kind, "level": level or "easy"})
        elif kind in (p.REMOTE, p.LOCAL) and not level:
            seats.append({"kind": kind})
        else:
            raise ValueError(f"'{part}' is not a seat: remote, local or computer:LEVEL")
    return seats


def _options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"options are written KEY=VALUE, not '{pair}'")
        out[key.strip()] = {"true": True, "false": False}.get(value.strip().lower(),
                                                              value.strip())
    return out


class TextTable:
    """The conversation of one client: frames in, lines out, typed lines in."""

    def __init__(self, address: str, out: TextIO) -> None:
        from .client import TableClient

        self.out = out
        self.changed = asyncio.Event()
        self.client = TableClient(address, on_update=self._update)
        self.printed: dict[int | None, int] = {}
        self.asked: dict[int | None, int] = {}

    def say(self, text: str) -> None:
        print(shown(text, keep="\n"), file=self.out, flush=True)

    def _update(self, update: Update) -> None:
        from .client import CONNECTION, REFUSED

        frame = update.frame
        if update.kind == p.CHAT:
            self.say(f"[{frame['name']}] {frame['text']}")
        elif update.kind == REFUSED:
            self.say(f"! {frame['message']}")
        elif update.kind == CONNECTION:
            self.say(f"({frame['state']})")
        elif update.kind == p.LOBBY:
            seats = ", ".join(f"{s['name']}: {s['state']}" for s in frame["seats"])
            self.say(f"-- {seats}")
        elif update.kind == p.VIEW:
            view = self.client.views[update.seat]
            lines = view.log()
            start = self.printed.get(update.seat, 0) if not frame["full"] else min(
                self.printed.get(update.seat, 0), len(lines))
            for line in lines[start:]:
                self.say(f"  {line}")
            self.printed[update.seat] = len(lines)
            if view.terminal:
                self.say(f"Game over: {view.returns}")
        self.changed.set()

    def my_turn(self) -> tuple[int, list[str]] | None:
        for seat, view in self.client.views.items():
            if seat is not None and view.legal:
                return seat, view.legal
        return None

    def finished(self) -> bool:
        return bool(self.client.views) and all(v.terminal for v in self.client.views.values())

    async def run(self, lines: asyncio.Queue[str | None]) -> int:
        while not self.finished():
            turn = self.my_turn()
            if turn is not None:
                seat, legal = turn
                view = self.client.views[seat]
                if self.asked.get(seat) != view.seq:
                    self.asked[seat] = view.seq
                    self.say(f"Seat {seat + 1}, your move" + (f": {view.prompt}"
                                                             if view.prompt else ""))
                    for i, action in enumerate(legal, 1):
                        self.say(f"  {i:3d}. {action}")
            line_task = asyncio.ensure_future(lines.get())
            change_task = asyncio.ensure_future(self.changed.wait())
            done, _ = await asyncio.wait({line_task, change_task},
                                         return_when=asyncio.FIRST_COMPLETED)
            change_task.cancel()
            self.changed.clear()
            if line_task not in done:
                line_task.cancel()
                continue
            line = line_task.result()
            if line is None or line.strip() == "/quit":
                return 0
            await self._typed(line.strip())
        return 0

    async def _typed(self, line: str) -> None:
        from .client import Disconnected, ServerError

        try:
            if line.startswith("/chat "):
                await self.client.chat(line[6:])
                return
            turn = self.my_turn()
            if not line:
                return
            if turn is None:
                self.say("(not your move)")
                return
            seat, legal = turn
            action = legal[int(line) - 1] if line.isdigit() and 0 < int(line) <= len(
                legal) else line
            await self.client.act(action, seat)
        except ServerError as exc:
            self.say(f"! {exc.message}")
        except Disconnected:
            self.say("(the connection dropped; reconnecting)")


def _stdin_lines(loop: asyncio.AbstractEventLoop) -> asyncio.Queue[str | None]:
    queue: asyncio.Queue[str | None] = asyncio.Queue()

    def read() -> None:
        # A daemon thread: a blocked readline must not keep the program from ending.
        for line in sys.stdin:
            loop.call_soon_threadsafe(queue.put_nowait, line)
        loop.call_soon_threadsafe(queue.put_nowait, None)

    threading.Thread(target=read, daemon=True).start()
    return queue


async def _host(args: argparse.Namespace) -> int:
    table = TextTable(args.address, sys.stdout)
    await table.client.connect()
    try:
        welcome = await table.client.create(args.game, parse_seats(args.seats),
                                            options=_options(args.option), name=args.name,
                                            lang=args.lang)
        table.say(f"Table {welcome['table']} ({welcome['name_en']}).")
        for seat, code in sorted(table.client.codes.items()):
            table.say(f"Seat {seat + 1}: tabletop-cli join {args.address} {code}")
        table.say(f"Your host token (to come back): {table.client.token}")
        return await table.run(_stdin_lines(asyncio.get_running_loop()))
    finally:
        await table.client.close()


async def _join(args: argparse.Namespace) -> int:
    table = TextTable(args.address, sys.stdout)
    await table.client.connect()
    try:
        if args.token:
            await table.client.resume(args.token, args.lang)
        else:
            await table.client.join(args.code, args.name, args.lang)
            table.say(f"Your token (to come back): {table.client.token}")
        return await table.run(_stdin_lines(asyncio.get_running_loop()))
    finally:
        await table.client.close()


def _run(coro: Any) -> int:
    from websockets.exceptions import WebSocketException

    from .client import ServerError

    try:
        return int(asyncio.run(coro))
    except ServerError as exc:
        print(f"tabletop-cli: the server refused: {exc.message}", file=sys.stderr)
        return 2
    except (OSError, ValueError, WebSocketException) as exc:
        print(f"tabletop-cli: {exc}", file=sys.stderr)
        return 2


def _cmd_host(args: argparse.Namespace, out: TextIO) -> int:
    return _run(_host(args))


def _cmd_join(args: argparse.Namespace, out: TextIO) -> int:
    if not args.code and not args.token:
        print("tabletop-cli: join needs a CODE or --token", file=sys.stderr)
        return 2
    return _run(_join(args))
