"""What the command line reads and prints, made safe against hostile files and full disks.

Every input file of ``tabletop-cli`` goes through ``read_input``, which refuses what is not a
regular file (a FIFO, ``/dev/zero``, a folder) without blocking on it, and a file over its size
limit before reading it; ``-`` reads standard input, with the same cap.

Text that comes from a file (ids, options, dates, action texts, error messages that
quote them) may hold terminal escape sequences, bidirectional overrides or lone surrogates.
``shown`` writes such characters as visible escapes (``\\x1b``, ``\\u202e``) and ``dumps``
writes JSON in which they are ``\\u`` escapes, so nothing from a file can drive the terminal,
spoof a line of output or fail to encode. ``emit`` writes a command's whole output at once and
turns a failed write (a full disk) into ``OutputError``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
from typing import Any, BinaryIO, TextIO

from tabletop.engine import files
from tabletop.engine.files import MIB, FileProblem, mib, read_limited, shown, unsafe

__all__ = ["MIB", "OutputError", "UsageError", "decode_text", "dumps", "emit", "read_input",
           "say", "shown"]

#: The longest message written to standard error; each quotes file text cut much shorter,
#: and this is the net under them.
MESSAGE_CHARS = 1000

# Outside printable ASCII: where ``dumps`` looks for characters to escape.
_NOT_ASCII = re.compile(r"[^\x20-\x7e]")



class UsageError(Exception):
    """A problem the user can fix; printed on stderr, exit code 2."""


class OutputError(Exception):
    """The output could not be written (a full disk, a closed pipe); exit code 1."""


def _json_escape(match: re.Match[str]) -> str:
    char = match.group()
    if char == "\n" or not unsafe(char):  # json.dumps escapes newlines in strings: this
        return char                        # one is the indentation's
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # JSON spells a character beyond the BMP as a surrogate pair
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def dumps(obj: Any, indent: int | None = 2) -> str:
    """JSON for the terminal: readable non-ASCII text, every unsafe character escaped.

    ``json.dumps`` already escapes C0 controls; with ``ensure_ascii=False`` it leaves DEL, C1
    controls, format characters and lone surrogates raw, which can only stand inside strings,
    where a ``\\u`` escape means the same character. NaN and infinities are refused: they are
    not JSON.
    """
    text = json.dumps(obj, ensure_ascii=False, indent=indent, allow_nan=False)
    return _NOT_ASCII.sub(_json_escape, text)


def read_input(path: str, what: str, limit: int) -> bytes:
    """The bytes of the input file ``path`` (``-``: standard input), at most ``limit`` of them.

    ``what`` names the file in messages ("the actions file"). Raises ``UsageError`` for a
    missing or unreadable file, anything but a regular file (read without blocking), and a
    file over ``limit``.
    """
    if path == "-":
        stream: BinaryIO | None = getattr(sys.stdin, "buffer", None)
        try:
            raw = stream.read(limit + 1) if stream is not None else b""
        except (OSError, ValueError) as exc:
            raise UsageError(f"Cannot read {what} from standard input: {exc}.") from None
        if len(raw) > limit:
            raise UsageError(f"Cannot read {what} from standard input: it is over the limit "
                             f"of {mib(limit)}.")
        return raw
    try:
        return read_limited(path, limit)
    except FileProblem as exc:
        raise UsageError(f"Cannot read {what} {shown(path)}: {exc.problem}") from None


def decode_text(raw: bytes, what: str, path: str) -> str:
    """UTF-8 text, with or without a byte-order mark (Notepad writes one)."""
    try:
        return files.decode_text(raw)
    except FileProblem as exc:
        raise UsageError(f"Cannot read {what} {shown(path)}: {exc.problem}") \
            from None


def emit(stream: TextIO, text: str) -> None:
    """Write ``text`` to ``stream`` and flush it; ``OutputError`` if that fails.

    A character the stream's encoding cannot hold is written as an escape rather than
    failing the whole output.
    """
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        text = text.encode(encoding, "backslashreplace").decode(encoding)
    except LookupError:
        pass
    try:
        stream.write(text)
        stream.flush()
    except OSError as exc:
        _discard_pending(stream)
        raise OutputError(exc.strerror or str(exc)) from exc


def _discard_pending(stream: TextIO) -> None:
    """Point the stream's descriptor at the null device, so that the flush at exit writes
    what is still buffered there instead of failing again with a second message."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        fd = stream.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, fd)
        finally:
            os.close(null)


def say(stream: TextIO, text: str) -> None:
    """One line on ``stream`` (stderr), neutralised; a failure to write it is ignored, since
    there is nowhere left to report it."""
    if len(text) > MESSAGE_CHARS:  # the net under every message that quotes a file
        text = text[:MESSAGE_CHARS] + "…"
    with contextlib.suppress(OutputError, ValueError):
        emit(stream, shown(text) + "\n")
