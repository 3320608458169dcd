"""Where the app keeps games on disk: the autosave, the recent finished games, damaged files.

Layout under the data directory (``platformdirs.user_data_dir("tabletop")``, or the directory
named by the ``TABLETOP_DATA_DIR`` environment variable, which tests and portable installs use)::

    autosave/current.json     the game in progress, rewritten atomically after every action
    recent/<game>-<time>.json finished games, the newest ``RECENT_KEEP`` kept
    saves/                    where Save… and Open… start

A damaged autosave is never overwritten or deleted: it is renamed
``current.damaged-<time>.json`` next to where it was, so it can be looked at or sent in a bug
report, and the app starts clean. Nothing here imports Qt.
"""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.engine.errors import SaveFileError
from tabletop.userdata import ENV_DATA_DIR, data_dir

if TYPE_CHECKING:
    from tabletop.engine.savefile import GameLookup, SaveData
    from tabletop.engine.session import Session

__all__ = ["ENV_DATA_DIR", "data_dir"]

RECENT_KEEP = 10


def _stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime())


class DamagedAutosave(Exception):
    """The autosave could not be restored; it was renamed to ``kept_as``."""

    def __init__(self, error: SaveFileError, kept_as: Path) -> None:
        super().__init__(f"{error} The file was kept as '{kept_as}'.")
        self.error = error
        self.kept_as = kept_as


@dataclass
class Pending:
    """An unfinished game found at start-up, already replayed and verified."""

    path: Path
    session: Session
    data: SaveData


class SaveStore:
    """The autosave slot, the recent-games set and the default folder for saves."""

    def __init__(self, root: str | os.PathLike[str] | None = None) -> None:
        self.root = Path(root) if root is not None else data_dir()

    @property
    def autosave_dir(self) -> Path:
        return self.root / "autosave"

    @property
    def autosave_path(self) -> Path:
        return self.autosave_dir / "current.json"

    @property
    def recent_dir(self) -> Path:
        return self.root / "recent"

    @property
    def saves_dir(self) -> Path:
        return self.root / "saves"

    # -- writing --------------------------------------------------------------------------
    def write_autosave(self, data: SaveData) -> Path:
        """Replace the autosave with ``data`` atomically."""
        from tabletop.engine import savefile

        self.autosave_dir.mkdir(parents=True, exist_ok=True)
        savefile.write_atomic(self.autosave_path, data)
        return self.autosave_path

    def finish(self, data: SaveData) -> Path:
        """File a finished game under ``recent/`` and clear the autosave slot."""
        from tabletop.engine import savefile

        self.recent_dir.mkdir(parents=True, exist_ok=True)
        base = f"{_safe(data.game_id)}-{_stamp()}"
        target = self.recent_dir / f"{base}.json"
        n = 1
        while target.exists():
            n += 1
            target = self.recent_dir / f"{base}-{n}.json"
        savefile.write_atomic(target, data)
        self.discard_autosave()
        self._rotate()
        return target

    def discard_autosave(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.autosave_path.unlink()

    def _rotate(self) -> None:
        for old in self.recent()[RECENT_KEEP:]:
            with contextlib.suppress(OSError):
                old.unlink()

    def recent(self) -> list[Path]:
        """Finished games, newest first."""
        if not self.recent_dir.is_dir():
            return []
        files = [p for p in self.recent_dir.glob("*.json") if ".damaged-" not in p.name]
        return sorted(files, key=lambda p: (p.stat().st_mtime_ns, p.name), reverse=True)

    # -- reading --------------------------------------------------------------------------
    def pending(self, games: GameLookup) -> Pending | None:
        """The unfinished autosaved game, replayed and checked; ``None`` if there is none.

        A damaged autosave is moved aside (see ``keep_aside``) and ``DamagedAutosave`` is
        raised, so the caller can tell the player; the slot is then free. An autosave of a game
        that is not installed raises its ``SaveFileError`` and stays where it is.
        """
        path = self.autosave_path
        if not path.is_file():
            return None
        # Loaded only now: a start without an unfinished game never needs it.
        from tabletop.engine import savefile

        try:
            session, data = savefile.load(path, games)
        except SaveFileError as exc:
            if exc.kind == savefile.UNKNOWN_GAME:
                # The game's plugin may simply be missing today; keep the file in place.
                raise
            raise DamagedAutosave(exc, self.keep_aside(path)) from None
        if session.is_terminal():
            self.finish(data)
            return None
        return Pending(path, session, data)

    @staticmethod
    def keep_aside(path: Path) -> Path:
        """Rename a damaged file to ``<name>.damaged-<time>.json`` beside it; return the name."""
        target = path.with_name(f"{path.stem}.damaged-{_stamp()}.json")
        n = 1
        while target.exists():
            n += 1
            target = path.with_name(f"{path.stem}.damaged-{_stamp()}-{n}.json")
        os.replace(path, target)
        return target


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name) or "game"
