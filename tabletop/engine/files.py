"""The app's own data files on disk: read them without trusting them, write them atomically.

Save files, high-score lists, campaign slots and simulation results all go through here, so
that each of them gets the same guarantees:

* reading never blocks and never eats memory: only regular files are opened (a FIFO, a device
  such as ``/dev/zero`` or a folder is refused before anything is read) and no more than a
  size limit is read;
* any damage comes out as one ``FileProblem`` with words a player can read, never as a stray
  ``OverflowError``, ``RecursionError`` or ``UnicodeDecodeError``: numbers are kept to
  finite floats and whole numbers of at most ``MAX_INT_DIGITS`` digits, a byte-order mark
  (a file edited in Notepad) is accepted, nesting is bounded;
* writes are atomic (a temporary file in the same folder, flushed, fsynced and renamed over
  the target), so a crash leaves the old file or the new one, and a damaged file is set aside
  under a new name rather than overwritten. Temporary files left behind by a killed process
  are removed by ``remove_stale_temporaries``.

Nothing here imports Qt; each loader turns ``FileProblem`` into its own error kind.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import re
import stat
import tempfile
import time
import unicodedata
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

# Kinds of FileProblem.
TOO_LARGE = "too_large"
NOT_REGULAR = "not_regular"
UNREADABLE = "unreadable"
NOT_TEXT = "not_text"
TRUNCATED = "truncated"
NOT_JSON = "not_json"

#: Whole numbers in a data file have at most this many digits (a seed, a count, a score).
MAX_INT_DIGITS = 20
#: Lists and objects nested deeper than this are refused (no file of the app nests more than
#: a few levels; deep nesting only serves to exhaust the recursion of whoever reads it).
MAX_DEPTH = 64
#: Quoted file text (an action, an id) is cut to this many characters in messages.
QUOTE_CHARS = 60
#: A path named in a message is cut to this many characters (a real one is shorter).
PATH_CHARS = 300
#: A temporary file older than this (seconds) was left by a process that died mid-write.
STALE_SECONDS = 600.0

_BOM = b"\xef\xbb\xbf"
MIB = 1024 * 1024
TEMP_SUFFIX = ".tmp"


class DamagedFileError(ValueError):
    """One of our data files is damaged: ``problem`` says how, ``kept`` is where it was set
    aside (``None``: it could not be moved and stayed). Each kind of file subclasses this and
    names itself in ``what`` ("high-score file")."""

    what = "data file"

    def __init__(self, path: Path, problem: str, kept: Path | None) -> None:
        where = f" It was kept as {kept.name}." if kept is not None else ""
        super().__init__(f"The {self.what} {path} is damaged: {problem}.{where}")
        self.path = path
        self.problem = problem
        self.kept = kept


def now_iso() -> str:
    """The current time, UTC, as an ISO 8601 string to the second ("...+00:00"): the stamp
    of high scores, game records and campaign slots."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def local_time(stamp: str, *, date_only: bool = False) -> str:
    """A time stamp the app wrote (ISO 8601 in UTC: a save's ``"2025-01-02T15:30:00Z"``,
    ``now_iso``'s ``"...+00:00"``) as the player's own clock shows it, to the minute:
    "2025-01-03 00:30" in Japan. The files keep UTC, so that they compare and sort wherever
    they were written; the player reads the time of the place they sit in. The digits read the
    same in English and Japanese. A stamp without its zone is UTC, as the app writes them; one
    that is no time at all is shown as the file has it."""
    try:
        moment = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return stamp
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone().strftime("%Y-%m-%d" if date_only else "%Y-%m-%d %H:%M")


class FileProblem(Exception):
    """What is wrong with a data file: ``kind`` (one of the constants above) and ``problem``,
    a phrase that completes "Cannot open the file: ..."."""

    def __init__(self, kind: str, problem: str) -> None:
        super().__init__(problem)
        self.kind = kind
        self.problem = problem


# Characters that are never shown raw: C0 and C1 controls, DEL, and anything outside printable
# ASCII, which ``_unsafe`` then judges by its Unicode category. The fast pattern keeps plain
# ASCII (the bulk of any text) away from the per-character check.
_CANDIDATE = re.compile(r"[^\x20-\x7e]")
# Cc: controls; Cf: format characters (bidirectional overrides, zero-width characters, the
# byte-order mark); Cs: lone surrogates, which cannot be encoded; Zl/Zp: line and paragraph
# separators, which some terminals and editors break lines at.
_UNSAFE_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def unsafe(char: str) -> bool:
    """Whether ``char`` may not be shown raw (a control, format or surrogate character)."""
    return unicodedata.category(char) in _UNSAFE_CATEGORIES


def _escape(char: str) -> str:
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def shown(text: object, keep: str = "") -> str:
    """``text`` with every control, format and surrogate character written as an escape.

    Text from a file may hold terminal escape sequences, bidirectional overrides or lone
    surrogates; shown this way it can neither drive a terminal, spoof a line nor fail to
    encode. ``keep`` names characters to leave as they are (the newlines of a multi-line
    output); a single field from a file keeps nothing: a newline in it would forge a line.
    """
    def replace(match: re.Match[str]) -> str:
        char = match.group()
        return _escape(char) if char not in keep and unsafe(char) else char

    return _CANDIDATE.sub(replace, str(text))


def quote(text: object, limit: int = QUOTE_CHARS) -> str:
    """``text`` made safe to show in a message: escaped as by ``shown``, long texts cut.

    A message quoting a file must stay one short readable line (a 4 MB action text once took
    a dialog over a minute to lay out).
    """
    s = str(text)
    cut = len(s) > limit
    return shown(s[:limit] if cut else s) + ("…" if cut else "")


def mib(n: int) -> str:
    """``n`` bytes in MiB for messages: whole MiB plainly, anything else with one decimal."""
    return f"{n / MIB:.1f} MiB" if n % MIB else f"{n // MIB} MiB"


def read_limited(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file ``path``, refusing anything else or anything larger.

    The file is opened without blocking (a FIFO with no writer would otherwise hang here) and
    checked to be a regular file before a byte is read.
    """
    name = os.fspath(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(name, flags)
    except OSError as exc:
        raise FileProblem(UNREADABLE, f"it cannot be read ({exc.strerror or exc}).") from None
    except (ValueError, UnicodeError):  # a NUL or a lone surrogate: no file has that name
        raise FileProblem(UNREADABLE, "it cannot be read (that is not a valid file name).") \
            from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise FileProblem(NOT_REGULAR, f"it is {what}.")
        if info.st_size > limit:
            raise FileProblem(TOO_LARGE, f"it is over the limit of {mib(limit)} "
                                         f"({info.st_size:,} bytes).")
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise FileProblem(UNREADABLE, f"it cannot be read ({exc.strerror or exc}).") from None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > limit:  # grew while being read
        raise FileProblem(TOO_LARGE, f"it is over the limit of {mib(limit)}.")
    return raw


def decode_text(raw: bytes) -> str:
    """UTF-8 text of ``raw``, a leading byte-order mark dropped."""
    if raw.startswith(_BOM):
        raw = raw[len(_BOM):]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data" and exc.end >= len(raw):
            raise FileProblem(TRUNCATED, "the file ends in the middle of its content; it was "
                                         "cut short.") from None
        raise FileProblem(NOT_TEXT, f"it is not UTF-8 text (a byte that is not UTF-8 at "
                                    f"position {exc.start}).") from None


@contextlib.contextmanager
def no_cyclic_collection() -> Iterator[None]:
    """Python's cyclic garbage collection paused while a large file's objects are built (and
    restored as it was): they hold no cycles, and each pass would walk all of them again."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _reject_constant(name: str) -> Any:
    raise ValueError(f"'{name}' is not a number JSON allows")


def _parse_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {quote(text, 24)} is too large")
    return value


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"the number {quote(text, 24)} is too large "
                         f"(at most {MAX_INT_DIGITS} digits)")
    return int(text)


#: A run of digits longer than any whole number a file may hold (in a number or a text).
_LONG_DIGITS = re.compile(f"[0-9]{{{MAX_INT_DIGITS + 1}}}")
#: An escape that can stand for half of a surrogate pair (``\\ud83d``); without one, no
#: parsed text can hold a lone surrogate (UTF-8 itself cannot carry one).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _too_deep(value: Any) -> bool:
    """Whether lists and objects nest more than ``MAX_DEPTH`` levels in ``value``: walked one
    level at a time, containers only (a save's log is a long list of short ones)."""
    level = [value]
    depth = 1
    while level:
        if depth > MAX_DEPTH:
            return True
        below: list[Any] = []
        for item in level:
            children = item.values() if type(item) is dict else item
            below += [c for c in children if type(c) is dict or type(c) is list]
        level = below
        depth += 1
    return False


def _problem_in(value: Any, text: str | None = None) -> str:
    """What makes a parsed value unfit for this app's files, or ``""``: lists and objects
    nested more than ``MAX_DEPTH`` levels, or text that is not valid Unicode (a lone surrogate
    escaped as ``\\ud800``, which no encoder can write out again). Walked without recursion.
    With the ``text`` it was parsed from, texts are looked at only when that holds an escape
    that can make a surrogate."""
    if isinstance(value, dict | list) and _too_deep(value):
        return f"it nests lists and objects more than {MAX_DEPTH} levels deep"
    if text is not None and not _SURROGATE_ESCAPE.search(text):
        return ""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if not item.isascii():
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:
                    return "it holds text that is not valid Unicode (a lone surrogate)"
            continue
        if isinstance(item, dict):
            children: list[Any] = [*item.keys(), *item.values()]
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_DEPTH:
            return f"it nests lists and objects more than {MAX_DEPTH} levels deep"
        stack.extend((child, depth + 1) for child in children
                     if isinstance(child, dict | list | str))
    return ""


def parse_json(text: str) -> Any:
    """``json.loads`` for untrusted text: bounded numbers and nesting, no NaN or Infinity.

    Raises ``FileProblem`` (``not_json`` or ``truncated``) for every way the text is bad.
    """
    if text.startswith("\ufeff"):  # a byte-order mark, as Notepad writes
        text = text[1:]
    stripped = text.rstrip()
    if not stripped:
        raise FileProblem(TRUNCATED, "the file is empty.")
    # Every whole number is checked for its length only where the text has a run of digits
    # that long at all: the check costs a call for each of a save's many numbers.
    int_check = _parse_int if _LONG_DIGITS.search(text) else None
    try:
        value = json.loads(text, parse_constant=_reject_constant, parse_float=_parse_float,
                           parse_int=int_check)
    except json.JSONDecodeError as exc:
        if looks_cut(stripped, exc):
            raise FileProblem(TRUNCATED, "the file ends in the middle of its content; it was "
                                         "cut short.") from None
        raise FileProblem(NOT_JSON, f"the file is not valid JSON ({exc.msg} at line "
                                    f"{exc.lineno}, column {exc.colno}).") from None
    except RecursionError:
        problem = f"it nests lists and objects more than {MAX_DEPTH} levels deep"
    except ValueError as exc:
        raise FileProblem(NOT_JSON, f"the file is not valid JSON ({quote(exc, 120)}).") \
            from None
    else:
        problem = _problem_in(value, text)
    if problem:
        raise FileProblem(NOT_JSON, f"the file is not one this app wrote: {problem}.")
    return value


def looks_cut(stripped: str, exc: json.JSONDecodeError) -> bool:
    """Whether the text reads as a longer JSON document that stops early."""
    import re

    if exc.msg.startswith("Unterminated string"):
        return True
    rest = stripped[exc.pos:]
    if not rest:
        return True
    if any(word.startswith(rest) for word in ("true", "false", "null")):
        return True
    return re.fullmatch(r"-?[0-9]*\.?[0-9]*(?:[eE][-+]?[0-9]*)?", rest) is not None


def read_json(path: str | os.PathLike[str], limit: int) -> Any:
    """``read_limited``, ``decode_text`` and ``parse_json`` in one: the JSON value of a file."""
    return parse_json(decode_text(read_limited(path, limit)))


# -- writing -----------------------------------------------------------------------------------

def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` to ``path`` so that ``path`` holds either the old or the new file.

    The text goes to a temporary file in the same directory, is flushed and fsynced, then
    renamed over ``path``; the directory is fsynced too where the system allows it. On any
    failure the temporary file is removed and ``path`` is left as it was.
    """
    target = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    directory = target.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=directory)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(directory)


def _fsync_dir(directory: Path) -> None:
    # The rename is durable only once the directory entry is on disk; Windows cannot open a
    # directory this way and makes the rename durable itself.
    flags = getattr(os, "O_DIRECTORY", None)
    if flags is None:
        return
    try:
        fd = os.open(directory, os.O_RDONLY | flags)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


DAMAGED = ".damaged-"


def keep_aside(path: str | os.PathLike[str], suffix: str = ".json") -> Path | None:
    """Rename a damaged file to ``<name>.damaged-<time><suffix>`` beside it and return the new
    name, or ``None`` when it cannot be renamed (a read-only folder): the file then stays
    where it is, untouched, and is never overwritten."""
    source = Path(path)
    name = source.name
    base = name[: -len(suffix)] if suffix and name.endswith(suffix) else name
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = source.with_name(f"{base}{DAMAGED}{stamp}{suffix}")
    n = 1
    while target.exists():
        n += 1
        target = source.with_name(f"{base}{DAMAGED}{stamp}-{n}{suffix}")
    try:
        os.replace(source, target)
    except OSError:
        return None
    return target


def remove_stale_temporaries(directory: str | os.PathLike[str],
                             older_than: float = STALE_SECONDS) -> list[Path]:
    """Delete the temporary files of ``write_atomic`` that a killed process left in
    ``directory`` (only those older than ``older_than`` seconds: a younger one may belong to a
    write in progress). Returns what was removed; an unreadable folder removes nothing."""
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and name.endswith(TEMP_SUFFIX)):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            if now - entry.stat(follow_symlinks=False).st_mtime < older_than:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed
