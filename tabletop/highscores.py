"""High-score lists for solo games, kept in the user data directory (``highscores/``).

A game's view says what a finished game scored (``GameView.high_score``): which list it belongs
to (a solo variant with its options), the score, the result and the breakdown. The store keeps
the best ``KEEP`` games of every list, with the date, in one JSON file per game, written
atomically. A damaged file is never silently reset: it is moved aside as
``<game>.damaged-<timestamp>.json`` and ``HighScoreFileError`` says so, so the app can tell the
player where it went; the next game then starts a fresh list. Qt-free.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.engine import files
from tabletop.userdata import data_dir

FORMAT = "tabletop-highscores"
FORMAT_VERSION = 1
KEEP = 10
#: A high-score file holds a few lists of ``KEEP`` entries: a few KiB. Anything far larger is
#: not one of ours.
MAX_BYTES = 1024 * 1024


class HighScoreFileError(files.DamagedFileError):
    """A high-score file is damaged; ``kept`` is where it was moved (``None``: it stayed)."""

    what = "high-score file"


@dataclass(frozen=True)
class ScoreLine:
    """One line of a score breakdown, in both languages."""

    en: str
    ja: str
    value: int

    def label(self, lang: str) -> str:
        return self.ja if lang == "ja" and self.ja else self.en


@dataclass(frozen=True)
class HighScore:
    """A finished game's entry: the list it belongs to and what it scored."""

    table: str  # the list's key, e.g. "a" or "a|tax=none"
    title_en: str  # the list's name, e.g. "Rules a"
    title_ja: str
    score: int
    result_en: str  # e.g. "Finished", "Clear!", "Game over in round 6"
    result_ja: str
    breakdown: tuple[ScoreLine, ...] = ()
    date: str = ""
    seed: int = 0

    def title(self, lang: str) -> str:
        return self.title_ja if lang == "ja" and self.title_ja else self.title_en

    def result(self, lang: str) -> str:
        return self.result_ja if lang == "ja" and self.result_ja else self.result_en

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "title_en": self.title_en, "title_ja": self.title_ja,
                "score": self.score, "result_en": self.result_en, "result_ja": self.result_ja,
                "breakdown": [[b.en, b.ja, b.value] for b in self.breakdown],
                "date": self.date, "seed": self.seed}

    @classmethod
    def from_json(cls, data: object) -> HighScore:
        if not isinstance(data, Mapping):
            raise ValueError("an entry is not a JSON object")
        try:
            lines = tuple(ScoreLine(str(en), str(ja), _int(v)) for en, ja, v in data["breakdown"])
            return cls(str(data["table"]), str(data["title_en"]), str(data["title_ja"]),
                       _int(data["score"]), str(data["result_en"]), str(data["result_ja"]),
                       lines, str(data["date"]), _int(data.get("seed", 0)))
        except KeyError as exc:
            raise ValueError(f"an entry lacks {exc.args[0]!r}") from None
        except (TypeError, ValueError) as exc:
            raise ValueError(f"an entry is malformed ({exc})") from None


def _int(v: object) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"{v!r} is not a whole number")
    return v



@dataclass(frozen=True)
class Filed:
    """What ``HighScoreStore.add`` did: the entry as filed, its place in its list (0 = best,
    ``None``: not good enough to be kept), the list as saved, and a damaged file it found."""

    entry: HighScore
    place: int | None
    entries: list[HighScore]
    damaged: HighScoreFileError | None = None


class HighScoreStore:
    """The high-score files of every game (``<directory>/<game id>.json``)."""

    def __init__(self, directory: Path | str | None = None) -> None:
        self.directory = Path(directory) if directory is not None else (
            data_dir() / "highscores")

    def path(self, game_id: str) -> Path:
        return self.directory / f"{game_id}.json"

    def tables(self, game_id: str) -> dict[str, list[HighScore]]:
        """Every list of ``game_id``, best first; ``HighScoreFileError`` if the file is
        damaged (it is moved aside first)."""
        path = self.path(game_id)
        if not path.exists() and not path.is_symlink():
            return {}
        try:
            data = files.read_json(path, MAX_BYTES)
            if not isinstance(data, Mapping) or data.get("format") != FORMAT:
                raise ValueError("it is not a Tabletop high-score file")
            if data.get("version") != FORMAT_VERSION:
                raise ValueError(f"format version {data.get('version')!r} is not supported")
            tables = data["tables"]
            if not isinstance(tables, Mapping):
                raise ValueError("its tables are not a JSON object")
            out = {str(k): [HighScore.from_json(e) for e in v] for k, v in tables.items()}
        except files.FileProblem as exc:
            raise HighScoreFileError(path, exc.problem.rstrip("."),
                                     self._move_aside(path)) from None
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise HighScoreFileError(path, files.quote(str(exc) or type(exc).__name__, 200),
                                     self._move_aside(path)) from None
        for entries in out.values():
            entries.sort(key=_rank_key)
        return out

    def table(self, game_id: str, key: str) -> list[HighScore]:
        return self.tables(game_id).get(key, [])

    def add(self, game_id: str, entry: HighScore) -> Filed:
        """File ``entry`` (dated now unless it has a date) and save the lists. A damaged file
        is moved aside first and reported in ``Filed.damaged``; the entry then starts a fresh
        list. ``OSError`` if the file cannot be written."""
        if not entry.date:
            entry = HighScore(**{**entry.__dict__, "date": files.now_iso()})
        damaged: HighScoreFileError | None = None
        try:
            tables = self.tables(game_id)
        except HighScoreFileError as exc:
            damaged, tables = exc, {}
        entries = [*tables.get(entry.table, []), entry]
        entries.sort(key=_rank_key)
        kept = entries[:KEEP]
        tables[entry.table] = kept
        self._write(game_id, tables)
        place = next((i for i, e in enumerate(kept) if e is entry), None)
        return Filed(entry, place, kept, damaged)

    def _write(self, game_id: str, tables: dict[str, list[HighScore]]) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        files.remove_stale_temporaries(self.directory)
        data = {"format": FORMAT, "version": FORMAT_VERSION, "game": game_id,
                "tables": {k: [e.to_json() for e in v] for k, v in tables.items()}}
        # Atomic: a crash leaves the old list or the new one.
        files.write_atomic(self.path(game_id), json.dumps(data, ensure_ascii=False, indent=1))

    @staticmethod
    def _move_aside(path: Path) -> Path | None:
        return files.keep_aside(path)


def _rank_key(e: HighScore) -> tuple[int, str]:
    """Best score first; among equal scores the earlier game keeps its place."""
    return (-e.score, e.date)
