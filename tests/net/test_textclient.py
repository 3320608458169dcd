"""The text client (``tabletop-cli host`` / ``join``): a game played by typed lines."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from tabletop.cli import _parser
from tabletop.net.textclient import TextTable, parse_seats

from .helpers import running, url


def test_seats_are_read_from_the_command_line() -> None:
    assert parse_seats("remote, local,computer:hard") == [
        {"kind": "remote"}, {"kind": "local"}, {"kind": "computer", "level": "hard"}]
    with pytest.raises(ValueError, match="not a seat"):
        parse_seats("remote,robot")
    args = _parser().parse_args(["join", "ws://h:1", "ABCDE-FGHJK", "--name", "Hana"])
    assert (args.code, args.name) == ("ABCDE-FGHJK", "Hana")


def test_a_game_played_by_typing(tmp_path: Path) -> None:
    async def main() -> str:
        async with running(tmp_path) as server:
            out = io.StringIO()
            table = TextTable(url(server), out)
            await table.client.connect()
            await table.client.create("magos", parse_seats("local,computer:random"))
            lines: asyncio.Queue[str | None] = asyncio.Queue()
            lines.put_nowait("/chat hello")
            typed = ["no-such-move"]  # first an action the rules refuse, then the first offered

            async def person() -> None:
                # Types the first action whenever it is asked, as a person would.
                while not table.finished():
                    if lines.empty() and table.my_turn() is not None:
                        lines.put_nowait(typed.pop() if typed else "1")
                    await asyncio.sleep(0.005)
                lines.put_nowait(None)

            typing = asyncio.ensure_future(person())
            await asyncio.wait_for(table.run(lines), 60)
            await typing
            assert table.finished()
            await table.client.close()
            return out.getvalue()

    text = asyncio.run(main())
    assert "[Host] hello" in text
    assert "Seat 1, your move" in text and "    1. " in text
    assert "Game over: [" in text
    assert "! " in text  # the illegal line was refused with the server's reason
