"""Reading the TOML data files that games and the app keep beside their modules (catalogues of
words, the spec tables the chooser shows).

The app reads several of them before its first window paints, where ``tomllib`` costs about
5 ms (importing it and parsing). These files use a small part of TOML: comments, ``[table]``
headers, and ``key = value`` lines whose values are strings, whole numbers, booleans or arrays
of them, an array possibly over several lines. ``read_toml`` reads that part itself with the
``json`` module, which start-up has loaded anyway (a TOML basic string is a JSON string), and
hands anything else to ``tomllib``, so every valid TOML file reads as ``tomllib`` reads it and
every invalid one is refused by ``tomllib``'s own error.

The app keeps what it parsed between starts (``keep_parsed``): one JSON file of parsed data
files, each under its path and checked as Python checks its bytecode cache, by the file's
modification time and size, so that a start reads the catalogues and the game list without
parsing them (about 10 ms of the first paint). A cache that cannot be read is ignored, one
that cannot be written is not kept: it is only ever a copy.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any


class _Patterns:
    """The reader's regular expressions, compiled on first use: a bundle that carries parsed
    copies of its data files never needs them."""

    def __init__(self) -> None:
        string = r'"(?:[^"\\\n]|\\.)*"'
        self.header = re.compile(r'\[\s*(' + string + r'|[A-Za-z0-9_-]+)\s*\]\s*(?:#.*)?')
        self.key = re.compile(r'(' + string + r'|[A-Za-z0-9_-]+)\s*=\s*(.*)')
        self.token = re.compile(r'\s*(?:(' + string + r')|(true|false)|(-?(?:0|[1-9][0-9]*))'
                                r'|([\[\],])|(#[^\n]*))')
        # The common value: a pair of strings ([English, Japanese]), on one line or several.
        self.pair = re.compile(r'\[\s*(' + string + r')\s*,\s*(' + string + r')\s*,?\s*\]'
                               r'[ \t]*(?:#[^\n]*)?')
        # Escapes JSON reads and TOML does not, or reads otherwise: "\/", and \u surrogates
        # (JSON joins a pair into one character, TOML refuses them).
        self.odd_escape = re.compile(r'\\(?:[^"\\bfnrtu]|u[dD][89a-fA-F])')


_RX: _Patterns | None = None


def _rx() -> _Patterns:
    global _RX
    if _RX is None:
        _RX = _Patterns()
    return _RX


class _Outside(Exception):
    """The text uses TOML beyond the part read here."""


def _key(text: str) -> str:
    return str(json.loads(text)) if text.startswith('"') else text


def _value(text: str) -> Any:
    """A value as JSON, from the TOML tokens of ``text`` (trailing commas in arrays dropped)."""
    pair = _rx().pair.fullmatch(text.strip())
    if pair is not None:
        en, ja = pair.groups()
        if _rx().odd_escape.search(en) or _rx().odd_escape.search(ja):
            raise _Outside
        return [json.loads(en), json.loads(ja)]
    out: list[str] = []
    pos, depth = 0, 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _rx().token.match(text, pos)
        if m is None:
            raise _Outside
        string, boolean, number, punct, comment = m.groups()
        pos = m.end()
        if comment is not None:
            continue
        if punct == "]" and out and out[-1] == ",":
            out.pop()
        if punct == "[":
            depth += 1
        elif punct == "]":
            depth -= 1
        out.append(string or boolean or number or punct or "")
        if depth == 0 and text[pos:].strip() and not text[pos:].lstrip().startswith("#"):
            raise _Outside  # something after a complete value
    if depth != 0 or not out:
        raise _Outside
    for token in out:
        if token.startswith('"') and "\\" in token and _rx().odd_escape.search(token):
            raise _Outside  # an escape TOML and JSON read differently
    # Tokens are joined with a space: two values with no comma between them ("[1\n 1]", a
    # damaged file) must stay two and fail, not run together into one number.
    return json.loads(" ".join(out))


def _simple(text: str) -> dict[str, Any]:
    data: dict[str, Any] = {}
    table = data
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not line or line.startswith("#"):
            continue
        header = _rx().header.fullmatch(line)
        if header is not None:
            name = _key(header.group(1))
            if name in data:
                raise _Outside
            table = data[name] = {}
            continue
        entry = _rx().key.fullmatch(line)
        if entry is None:
            raise _Outside
        key, rest = _key(entry.group(1)), entry.group(2)
        # An array goes on until its brackets close (strings hold no newlines here).
        while i < len(lines) and "[" in rest and _rx().pair.fullmatch(rest.strip()) is None \
                and _balance(rest) > 0:
            rest += "\n" + lines[i]
            i += 1
        if key in table:
            raise _Outside
        table[key] = _value(rest)
    return data


def _balance(text: str) -> int:
    """Open brackets of ``text`` outside its strings and comments."""
    depth = 0
    for m in _rx().token.finditer(text):
        if m.group(4) == "[":
            depth += 1
        elif m.group(4) == "]":
            depth -= 1
    return depth


def loads(text: str) -> dict[str, Any]:
    """``text`` read as TOML (``tomllib.TOMLDecodeError`` for text that is not)."""
    try:
        return _simple(text)
    except (_Outside, ValueError):
        import tomllib

        return tomllib.loads(text)


class _Parsed:
    """Parsed data files kept in the JSON file ``path``: ``{key: [mtime_ns, size, data]}``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.entries: dict[str, Any] = {}
        self.fresh: dict[str, list[Any]] = {}  # parsed in this run, written by ``save``
        try:
            entries = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return  # none yet, or damaged: parse everything, write a new one
        if isinstance(entries, dict):
            self.entries = entries

    def read(self, key: str, file: Path, parse: Callable[[str], dict[str, Any]]
             ) -> dict[str, Any]:
        """``parse`` of the text of ``file``, from the cache while the file is unchanged."""
        st = file.stat()
        stamp = [st.st_mtime_ns, st.st_size]
        # Each kept copy serves once: a caller may change the dictionary it is given, and a
        # second read of the file must not see that.
        entry = self.entries.pop(key, None)
        if isinstance(entry, list) and len(entry) == 3 and entry[:2] == stamp \
                and isinstance(entry[2], dict):
            data: dict[str, Any] = entry[2]
            return data
        data = parse(file.read_text(encoding="utf-8"))
        # Kept as text: a caller may change the dictionary it is given.
        self.fresh[key] = [*stamp, json.dumps(data, ensure_ascii=False)]
        return data

    def save(self) -> None:
        """Write what this run parsed into the cache file (over the file's current entries:
        another window may have written it meanwhile)."""
        if not self.fresh:
            return
        try:
            try:
                current = json.loads(self.path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                current = {}
            if not isinstance(current, dict):
                current = {}
            for key, (mtime, size, text) in self.fresh.items():
                current[key] = [mtime, size, json.loads(text)]
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
            temporary.write_text(json.dumps(current, ensure_ascii=False), encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError:
            return  # a read-only or full disk: the next start parses again
        self.fresh = {}


_PARSED: _Parsed | None = None


def keep_parsed(path: Path | None) -> None:
    """Keep parsed data files in the cache file ``path`` (``None``: parse every time), written
    when the process exits normally."""
    global _PARSED
    if _PARSED is not None:
        _PARSED.save()
    _PARSED = None if path is None else _Parsed(path)
    if _PARSED is not None:
        import atexit

        atexit.register(_PARSED.save)


def read_cached(key: str, path: Path, parse: Callable[[str], dict[str, Any]]
                ) -> dict[str, Any]:
    """``parse`` of the text of the file ``path``: from the kept copy under ``key`` while the
    file is unchanged, where the app keeps them (``keep_parsed``)."""
    if _PARSED is None:
        return parse(path.read_text(encoding="utf-8"))
    return _PARSED.read(key, path, parse)


def read_toml(path: Path) -> dict[str, Any]:
    """The TOML file at ``path`` (UTF-8), read as ``tomllib`` reads it. The double-click bundle
    carries each data file's parsed form beside it as ``<name>.json`` (written at build time
    by ``loads``), read instead: a start then parses nothing."""
    try:
        parsed = path.with_name(path.name + ".json").read_text(encoding="utf-8")
    except OSError:
        return read_cached(f"toml:{path}", path, loads)
    data = json.loads(parsed)
    if not isinstance(data, dict):
        raise ValueError(f"{path.name}.json does not hold a table")
    return data


def package_file(package: str | None, name: str) -> Path:
    """The file ``name`` beside the modules of the imported ``package`` (read beside its own
    file: importlib.resources would load zipfile at start-up; a PyInstaller bundle keeps the
    file at the same place under its folder)."""
    where = getattr(sys.modules.get(package or ""), "__file__", None)
    if not where:
        raise ValueError(f"reading {name!r} needs the package that holds the file")
    return Path(where).parent / name


def words_file(package: str | None, name: str) -> dict[str, tuple[str, str]]:
    """The plain entries of a catalogue kept as data: the TOML file ``name`` beside the modules
    of ``package``, each key a code and each value ``[English, Japanese]``. Translators edit
    these files; only entries that need code (a function, words built from game data) stay in
    the ``words`` module. A file that breaks this shape raises ``ValueError`` naming the code."""
    path = package_file(package, name)
    try:
        data = read_toml(path)
    except ValueError as exc:  # tomllib's TOMLDecodeError is one
        raise ValueError(f"{package}/{name}: {exc}") from None
    entries: dict[str, tuple[str, str]] = {}
    for code, pair in data.items():
        if not (isinstance(pair, list) and len(pair) == 2
                and all(isinstance(p, str) for p in pair)):
            raise ValueError(f"{package}/{name}: '{code}' must be [English, Japanese]")
        entries[code] = (pair[0], pair[1])
    return entries
