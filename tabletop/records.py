"""The record of every finished game a person played, and the statistics drawn from it.

When a match with at least one person at the screen ends in the app, one ``GameRecord`` is
added: the game, its options, the seats (``"human"`` or an AI level), which seats were people,
each seat's return and result (win, loss or draw), the scores the game gives
(``Game.final_result``, or a solo game's high-score entry), the number of decisions, how long it
took and when it ended (ISO, UTC). Matches between computer players only are not recorded:
they say nothing about how a person plays (``tabletop-cli simulate`` measures those).

The records live in one JSON file in the user data folder (``records/games.json``), written
atomically like the high-score lists (``tabletop.engine.files``), newest ``KEEP`` kept. A
damaged file is never an exception in the app and never silently reset: it is set aside as
``games.damaged-<time>.json`` and the next record starts a fresh file; ``Loaded.damaged`` says
what happened so the app can tell the player.

The statistics are per game and per *opponent level*: the AI levels at the table (``"normal"``,
``"easy+hard"``), ``"people"`` for people only at one screen (``"people+normal"`` with computer
players among them) and ``"solo"`` for a one-player game. A record's result is the person's; with
several people it is the people's side: a win when a person won alone, a draw when the best
result was shared, a loss when a computer player won. Figures: games, wins, losses, draws, the
win rate with its 95% Wilson interval, the current and the longest winning streak, the best
score, and the cumulative win rate game by game. Qt-free.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from tabletop.engine import files
from tabletop.engine.spec import AI_LEVELS, OptionValue
from tabletop.userdata import data_dir

FORMAT = "tabletop-records"
FORMAT_VERSION = 1
#: The newest records kept; older ones drop off when a new one is added.
KEEP = 5000
#: A record is a few hundred bytes: ``KEEP`` of them stay far below this.
MAX_BYTES = 16 * files.MIB
FILE_NAME = "games.json"

HUMAN = "human"
WIN, LOSS, DRAW = "win", "loss", "draw"
RESULTS = (WIN, LOSS, DRAW)
#: Opponent levels without computer players.
PEOPLE, SOLO = "people", "solo"
#: The level of the row that sums up every level of a game.
ALL = "all"


class RecordFileError(files.DamagedFileError):
    """The record file is damaged; ``kept`` is where it was set aside (``None``: it stayed)."""

    what = "game record file"



def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (sensible at 0% and 100% too); ``(0, 1)``
    for no games."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def seat_results(returns: Sequence[float]) -> tuple[str, ...]:
    """Each seat's result from the game's returns: alone at the top wins, sharing the top with
    some draws, below it loses; when every seat shares it, all draw. One seat: its sign."""
    if not returns:
        return ()
    if len(returns) == 1:
        r = returns[0]
        return (WIN if r > 0 else LOSS if r < 0 else DRAW,)
    best = max(returns)
    winners = [i for i, r in enumerate(returns) if r == best]
    out = []
    for i in range(len(returns)):
        if i not in winners:
            out.append(LOSS)
        else:
            out.append(WIN if len(winners) == 1 else DRAW)
    return tuple(out)


def opponent_level(seats: Sequence[str]) -> str:
    """The opponents at a table: its AI levels (known levels in their order, joined by "+"),
    ``people`` (with "+levels" when computer players sat among them) when several people
    played, ``solo`` for one person alone."""
    levels = {s for s in seats if s != HUMAN}
    ordered = [lv for lv in AI_LEVELS if lv in levels] + sorted(levels - set(AI_LEVELS))
    people = sum(1 for s in seats if s == HUMAN)
    if people > 1:
        return "+".join([PEOPLE, *ordered])
    if ordered:
        return "+".join(ordered)
    return SOLO


def _int(v: object) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"{files.quote(v, 24)} is not a whole number")
    return v


def _num(v: object) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
        raise ValueError(f"{files.quote(v, 24)} is not a number")
    return float(v)


def _text(v: object, what: str) -> str:
    if not isinstance(v, str):
        raise ValueError(f"{what} is not text")
    return v


@dataclass(frozen=True)
class GameRecord:
    """One finished game. ``returns``, ``results`` and ``scores`` have one entry per seat;
    a score the game does not give is ``None``."""

    game: str
    seats: tuple[str, ...]
    returns: tuple[float, ...]
    date: str  # when it ended, ISO 8601 UTC
    options: dict[str, OptionValue] = field(default_factory=dict)
    scores: tuple[float | None, ...] = ()
    outcome: str = ""  # the game's own word for how it ended ("clear", "bankrupt")
    decisions: int = 0
    seconds: float = 0.0
    started: str = ""
    seed: int = 0

    @classmethod
    def finished(cls, game: str, seats: Sequence[str], returns: Sequence[float], *,
                 options: Mapping[str, OptionValue] | None = None,
                 scores: Sequence[float | None] = (), outcome: str = "", decisions: int = 0,
                 started: str = "", date: str = "", seed: int = 0) -> GameRecord:
        """A record of a game that ended now (or at ``date``); the length is the time from
        ``started`` to its end, when ``started`` is known."""
        end = date or files.now_iso()
        seconds = 0.0
        if started:
            try:
                seconds = max(0.0, (datetime.fromisoformat(end)
                                    - datetime.fromisoformat(started)).total_seconds())
            except (ValueError, TypeError):  # a naive or malformed date: length unknown
                seconds = 0.0
        padded = list(scores)[:len(seats)]
        padded += [None] * (len(seats) - len(padded))
        return cls(game, tuple(seats), tuple(float(r) for r in returns), end,
                   dict(options or {}), tuple(padded), outcome, decisions, seconds, started,
                   seed)

    # -- what follows from the fields ------------------------------------------------------
    @property
    def people(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s == HUMAN)

    @property
    def results(self) -> tuple[str, ...]:
        return seat_results(self.returns)

    @property
    def level(self) -> str:
        return opponent_level(self.seats)

    @property
    def result(self) -> str:
        """The person's result; with several people, the people's side (see the module)."""
        results = self.results
        people = self.people or (0,)
        mine = [results[i] for i in people if i < len(results)]
        if WIN in mine:
            return WIN
        return DRAW if DRAW in mine else LOSS

    @property
    def score(self) -> float | None:
        """The best score a person at the table made, where the game gives one."""
        known = [self.scores[i] for i in (self.people or (0,)) if i < len(self.scores)]
        values = [s for s in known if s is not None]
        return max(values) if values else None

    # -- JSON ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "date": self.date, "started": self.started,
                "options": self.options, "seats": list(self.seats),
                "people": list(self.people), "returns": list(self.returns),
                "results": list(self.results), "result": self.result, "level": self.level,
                "scores": list(self.scores), "outcome": self.outcome,
                "decisions": self.decisions, "seconds": self.seconds, "seed": self.seed}

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        """A record read back; ``ValueError`` naming what is wrong. ``people``, ``results``,
        ``result`` and ``level`` are written for other readers and worked out again here."""
        if not isinstance(data, Mapping):
            raise ValueError("a record is not a JSON object")
        try:
            seats = data["seats"]
            returns = data["returns"]
            if not isinstance(seats, list) or not seats:
                raise ValueError("its seats are not a list")
            if not isinstance(returns, list) or len(returns) != len(seats):
                raise ValueError("its returns do not match its seats")
            options = data.get("options", {})
            if not isinstance(options, Mapping) or not all(
                    isinstance(v, bool | int | str) for v in options.values()):
                raise ValueError("its options are not an object of values")
            scores = data.get("scores", [])
            if not isinstance(scores, list) or len(scores) > len(seats):
                raise ValueError("its scores are not a list per seat")
            game = _text(data["game"], "its game")
            if not game:
                raise ValueError("its game is empty")
            date = _text(data["date"], "its date")
            datetime.fromisoformat(date)  # ValueError when it is no date
            return cls(
                game, tuple(_text(s, "a seat") for s in seats),
                tuple(_num(r) for r in returns), date,
                {str(k): v for k, v in options.items()},
                tuple(None if s is None else _num(s) for s in scores)
                + (None,) * (len(seats) - len(scores)),
                _text(data.get("outcome", ""), "its outcome"),
                _int(data.get("decisions", 0)), max(0.0, _num(data.get("seconds", 0.0))),
                _text(data.get("started", ""), "its start"), _int(data.get("seed", 0)))
        except KeyError as exc:
            raise ValueError(f"a record lacks {exc.args[0]!r}") from None
        except (TypeError, ValueError) as exc:
            raise ValueError(f"a record is malformed ({exc})") from None


# -- the store ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Loaded:
    """The records read (oldest first) and a damaged file found on the way (set aside unless
    the reader asked to leave it)."""

    records: list[GameRecord]
    damaged: RecordFileError | None = None


class RecordStore:
    """The record file of every finished game (``<directory>/games.json``)."""

    def __init__(self, directory: Path | str | None = None, keep: int = KEEP) -> None:
        self.directory = Path(directory) if directory is not None else data_dir() / "records"
        self.keep = keep

    @property
    def path(self) -> Path:
        return self.directory / FILE_NAME

    def load(self, set_aside: bool = True) -> list[GameRecord]:
        """Every record, oldest first; ``RecordFileError`` if the file is damaged (set aside
        first unless ``set_aside`` is false: a reader such as the CLI leaves it be)."""
        path = self.path
        if not path.exists() and not path.is_symlink():
            return []
        try:
            data = files.read_json(path, MAX_BYTES)
            if not isinstance(data, Mapping) or data.get("format") != FORMAT:
                raise ValueError("it is not a Tabletop game record file")
            if data.get("version") != FORMAT_VERSION:
                raise ValueError(f"format version {files.quote(data.get('version'), 24)} "
                                 f"is not supported")
            entries = data.get("records")
            if not isinstance(entries, list):
                raise ValueError("its records are not a list")
            records = [GameRecord.from_json(e) for e in entries]
        except files.FileProblem as exc:
            kept = files.keep_aside(path) if set_aside else None
            raise RecordFileError(path, exc.problem.rstrip("."), kept) from None
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            kept = files.keep_aside(path) if set_aside else None
            raise RecordFileError(path, files.quote(str(exc) or type(exc).__name__, 200),
                                  kept) from None
        return records

    def read(self, set_aside: bool = True) -> Loaded:
        """``load`` that never raises for a damaged file: it comes back in ``damaged`` with no
        records (an unreadable file counts as damaged too)."""
        try:
            return Loaded(self.load(set_aside))
        except RecordFileError as exc:
            return Loaded([], exc)

    def add(self, record: GameRecord) -> Loaded:
        """Append ``record`` and save, keeping the newest ``keep``. A damaged file is set aside
        first and reported in ``Loaded.damaged``; the record then starts a fresh file.
        ``OSError`` if the file cannot be written."""
        loaded = self.read()
        records = [*loaded.records, record][-self.keep:]
        self._write(records)
        return Loaded(records, loaded.damaged)

    def _write(self, records: list[GameRecord]) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        files.remove_stale_temporaries(self.directory)
        # One record a line keeps the file readable; atomic: a crash leaves the old file or
        # the new one.
        body = ",\n".join(json.dumps(r.to_json(), ensure_ascii=False) for r in records)
        text = (f'{{"format": "{FORMAT}", "version": {FORMAT_VERSION}, "records": [\n'
                f"{body}\n]}}\n")
        files.write_atomic(self.path, text)


# -- statistics ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Figures:
    """The statistics of one game against one opponent level (``ALL``: every level)."""

    game: str
    level: str
    games: int
    wins: int
    losses: int
    draws: int
    low: float  # the 95% Wilson interval of the win rate
    high: float
    streak: int  # the current winning streak (the latest games, all won)
    longest: int
    best_score: float | None
    first: str  # the dates of the first and the latest game
    last: str

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "level": self.level, "games": self.games,
                "wins": self.wins, "losses": self.losses, "draws": self.draws,
                "win_rate": self.win_rate, "win_rate_low": self.low,
                "win_rate_high": self.high, "streak": self.streak,
                "longest_streak": self.longest, "best_score": self.best_score,
                "first": self.first, "last": self.last}


def _in_order(records: Iterable[GameRecord]) -> list[GameRecord]:
    """Oldest first by date; records of one moment keep their order (a stable sort)."""
    return sorted(records, key=lambda r: r.date)


def figures(records: Iterable[GameRecord], game: str = "", level: str = ALL) -> Figures:
    """The figures of ``records`` (all of them, or one game's and one level's)."""
    rows = [r for r in _in_order(records)
            if (not game or r.game == game) and (level == ALL or r.level == level)]
    results = [r.result for r in rows]
    streak = longest = 0
    for res in results:
        streak = streak + 1 if res == WIN else 0
        longest = max(longest, streak)
    wins = results.count(WIN)
    low, high = wilson(wins, len(rows))
    scores = [s for s in (r.score for r in rows) if s is not None]
    return Figures(game, level, len(rows), wins, results.count(LOSS), results.count(DRAW),
                   low, high, streak, longest, max(scores) if scores else None,
                   rows[0].date if rows else "", rows[-1].date if rows else "")


def levels(records: Iterable[GameRecord], game: str) -> list[str]:
    """The opponent levels ``game`` was played against: the known AI levels in their order,
    then the rest by name."""
    found = {r.level for r in records if r.game == game}
    rank = {lv: i for i, lv in enumerate(AI_LEVELS)}
    return sorted(found, key=lambda lv: (lv not in rank, rank.get(lv, 0), lv))


def statistics(records: Sequence[GameRecord], game: str) -> list[Figures]:
    """``game``'s figures per opponent level, and an ``ALL`` row last when there are several
    levels; empty when it was never played."""
    rows = [figures(records, game, lv) for lv in levels(records, game)]
    if len(rows) > 1:
        rows.append(figures(records, game, ALL))
    return rows


def games_played(records: Iterable[GameRecord]) -> list[str]:
    """The ids of the games with records, the most recently played first."""
    last: dict[str, str] = {}
    for r in records:
        last[r.game] = max(last.get(r.game, ""), r.date)
    return sorted(last, key=lambda g: last[g], reverse=True)


@dataclass(frozen=True)
class Point:
    """The cumulative win rate after the ``n``-th game of a level, which ended at ``date``."""

    n: int
    date: str
    win_rate: float


def series(records: Iterable[GameRecord], game: str, level: str = ALL) -> list[Point]:
    """The win rate over time: after each game of ``game`` (at ``level``), the share of the
    games so far that were won."""
    points: list[Point] = []
    wins = 0
    rows = [r for r in _in_order(records)
            if r.game == game and (level == ALL or r.level == level)]
    for n, r in enumerate(rows, start=1):
        wins += r.result == WIN
        points.append(Point(n, r.date, wins / n))
    return points


CSV_COLUMNS = ("date", "game", "level", "result", "seats", "people", "results", "returns",
               "scores", "outcome", "decisions", "seconds", "options", "seed")


def _number(v: float | None) -> str:
    return "" if v is None else f"{v:g}"


def to_csv(records: Iterable[GameRecord]) -> str:
    """The records as CSV, one game a row, oldest first; lists are joined with ``;``, the
    options are a JSON object."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for r in _in_order(records):
        writer.writerow([
            r.date, r.game, r.level, r.result, ";".join(r.seats),
            ";".join(str(i + 1) for i in r.people), ";".join(r.results),
            ";".join(_number(v) for v in r.returns), ";".join(_number(v) for v in r.scores),
            r.outcome, r.decisions, f"{r.seconds:.0f}",
            json.dumps(r.options, ensure_ascii=False, sort_keys=True), r.seed,
        ])
    return out.getvalue()


def write_csv(path: Path | str, records: Iterable[GameRecord]) -> None:
    """``to_csv`` written atomically to ``path`` (UTF-8 with a byte-order mark, so that a
    spreadsheet reads the Japanese right); ``OSError`` if it cannot be written."""
    files.write_atomic(path, "\ufeff" + to_csv(records))
