"""Where the app keeps games on disk: the autosave, the recent finished games, damaged files.

Layout under the data directory (``platformdirs.user_data_dir("tabletop")``, or the directory
named by the ``TABLETOP_DATA_DIR`` environment variable, which tests and portable installs use)::

    autosave/current.json     the game in progress, rewritten atomically after every action
    autosave/current-2.json   the same for a second app running at the same time (and so on)
    locks/slot-<n>.lock       held by the running app that writes autosave slot n
    recent/<game>-<time>.json finished games, the newest ``RECENT_KEEP`` kept
    saves/                    where Save… and Open… start

Each running app claims an autosave slot of its own (``claim_slot``), held by an operating-system
file lock that ends with the process, even when it is killed: two apps never write or delete
each other's game. A slot is claimed only when it is empty or holds a game this app can resume;
a slot holding a game whose rules are not installed is left alone for later (a new match would
overwrite it), and so is the slot of an app still running. A resumable game left in the slot of
an app that has gone is brought into the claimed slot when that one is empty, so it is offered.

A damaged autosave is never overwritten or deleted: it is renamed
``current.damaged-<time>.json`` next to where it was, so it can be looked at or sent in a bug
report, and the app starts clean. Temporary files of a write cut short by a kill are removed.
Nothing here imports Qt.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.engine import files
from tabletop.engine.errors import SaveFileError
from tabletop.userdata import ENV_DATA_DIR, data_dir

if TYPE_CHECKING:
    from tabletop.engine.savefile import GameLookup, SaveData
    from tabletop.engine.session import Session

__all__ = ["ENV_DATA_DIR", "data_dir"]

RECENT_KEEP = 10
#: Autosave slots: one per app running at the same time on the same data folder.
MAX_SLOTS = 16
_SLOT_FILE = re.compile(r"current(?:-([0-9]+))?\.json")


class SlotLock:
    """An exclusive, non-blocking lock on a file, held until ``release`` or the process ends.

    ``flock`` (``msvcrt.locking`` on Windows) rather than a file holding a process id: the
    operating system drops the lock when the process dies, so a crash or a kill never leaves a
    stale lock behind. Locks are per open file, so two stores in one process exclude each other
    just as two processes do.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock if it is free; ``False`` if another holder has it or it cannot be
        made (a read-only folder)."""
        if self._fd is not None:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return False
        try:
            if sys.platform == "win32":
                import msvcrt

                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)  # closing the file drops the lock


def _stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime())


class DamagedAutosave(Exception):
    """The autosave could not be restored; it was renamed to ``kept_as`` (``None``: it could
    not be renamed and stays where it was)."""

    def __init__(self, error: SaveFileError, kept_as: Path | None) -> None:
        where = f"kept as '{kept_as}'" if kept_as is not None else f"left at '{error.path}'"
        super().__init__(f"{error} The file was {where}.")
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
        self.slot = 1  # the autosave slot written (see ``claim_slot``)
        self._lock: SlotLock | None = None
        #: Slots left alone at the last ``claim_slot``, with why (their game is not installed).
        self.skipped: list[SaveFileError] = []
        # Each autosave read at start-up, by path, with the file's identity when it was read:
        # claiming a slot looks at its game, offering it replays it, from one reading.
        self._read: dict[Path, tuple[tuple[int, int, int], SaveData | SaveFileError]] = {}

    def _parse(self, path: Path) -> SaveData:
        """The save in ``path``, read and checked once for as long as the file is unchanged;
        raises its ``SaveFileError`` (or ``OSError``) as reading it did."""
        from tabletop.engine import savefile

        st = path.stat()
        identity = (st.st_mtime_ns, st.st_size, st.st_ino)
        known = self._read.get(path)
        if known is None or known[0] != identity:
            try:
                found: SaveData | SaveFileError = savefile.parse(savefile.read_bytes(path),
                                                                 str(path))
            except SaveFileError as exc:
                found = exc
            known = (identity, found)
            self._read[path] = known
        if isinstance(known[1], SaveFileError):
            raise known[1]
        return known[1]

    @property
    def autosave_dir(self) -> Path:
        return self.root / "autosave"

    def slot_path(self, slot: int) -> Path:
        return self.autosave_dir / ("current.json" if slot == 1 else f"current-{slot}.json")

    @property
    def autosave_path(self) -> Path:
        """This store's autosave file: slot 1 unless ``claim_slot`` chose another."""
        return self.slot_path(self.slot)

    # -- slots ----------------------------------------------------------------------------
    def _slot_lock(self, slot: int) -> SlotLock:
        return SlotLock(self.root / "locks" / f"slot-{slot}.lock")

    def claim_slot(self, games: GameLookup) -> int:
        """Take the first autosave slot that no running app holds and that is empty or holds
        a game of ``games`` (damaged or not); hold it until ``release_slot``.

        Slots whose game is not installed are skipped and listed in ``skipped``. When the
        claimed slot is empty, the newest resumable game in a slot nobody holds is moved into
        it, so that it is offered. Without a lockable folder (read-only), slot 1 is used as is.
        Temporary files of writes cut short are removed from the folders of this store.
        """
        self.release_slot()
        self.skipped = []
        for folder in (self.autosave_dir, self.recent_dir, self.saves_dir):
            files.remove_stale_temporaries(folder)
        chosen: tuple[int, SlotLock] | None = None
        for slot in range(1, MAX_SLOTS + 1):
            lock = self._slot_lock(slot)
            if not lock.acquire():
                continue
            problem = self._not_installed(self.slot_path(slot), games)
            if problem is None:
                chosen = (slot, lock)
                break
            self.skipped.append(problem)
            lock.release()
        if chosen is None:  # nothing lockable: write slot 1 as a single app would
            self.slot = 1
            return self.slot
        self.slot, self._lock = chosen
        if not self.slot_path(self.slot).exists():
            self._adopt_orphan(games)
        return self.slot

    def release_slot(self) -> None:
        """Let go of the claimed slot (its file stays, to be resumed by the next start)."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def _not_installed(self, path: Path, games: GameLookup) -> SaveFileError | None:
        """The error of ``path`` when it holds a game that is not installed, else ``None``."""
        if not path.is_file():
            return None
        from tabletop.engine import savefile

        try:
            data = self._parse(path)
        except (SaveFileError, OSError):
            return None  # damaged: ``pending`` sets it aside and frees the slot
        if savefile.find_game(games, data.game_id) is not None:
            return None
        return SaveFileError(savefile.UNKNOWN_GAME, str(path),
                             f"it is a game of '{files.quote(data.game_id)}', which is not "
                             f"installed; it is kept for when the game is installed again.")

    def _adopt_orphan(self, games: GameLookup) -> None:
        """Move the newest resumable game of a slot no running app holds into ours."""
        others = []
        for path in self.autosave_dir.glob("current*.json"):
            match = _SLOT_FILE.fullmatch(path.name)
            slot = int(match.group(1) or 1) if match else 0
            if slot and slot != self.slot:
                with contextlib.suppress(OSError):
                    others.append((path.stat().st_mtime_ns, slot, path))
        for _, slot, path in sorted(others, reverse=True):
            lock = self._slot_lock(slot)
            if not lock.acquire():
                continue  # another app is playing it
            try:
                if self._not_installed(path, games) is None:
                    os.replace(path, self.autosave_path)
                    read = self._read.pop(path, None)
                    if read is not None:  # the same file under its new name
                        self._read[self.autosave_path] = read
                    return
            except OSError:
                continue
            finally:
                lock.release()

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

    def finished_games(self, game_id: str) -> list[tuple[Path, SaveData]]:
        """The recent finished games of ``game_id``, newest first, each with its save read
        and checked (not replayed); a file that does not read is left out."""
        out = []
        for path in self.recent():
            try:
                data = self._parse(path)
            except (SaveFileError, OSError):
                continue
            if data.game_id == game_id and data.finished:
                out.append((path, data))
        return out

    # -- reading --------------------------------------------------------------------------
    def pending(self, games: GameLookup) -> Pending | None:
        """The unfinished game in this store's slot, replayed and checked; ``None`` if none.

        A damaged autosave is moved aside (see ``keep_aside``) and ``DamagedAutosave`` is
        raised, so the caller can tell the player; the slot is then free. Whatever goes wrong
        while reading it counts as damage: no file can stop the app from starting. An autosave
        of a game that is not installed raises its ``SaveFileError`` and stays where it is
        (``claim_slot`` never claims such a slot, so this happens only without locks).
        """
        path = self.autosave_path
        if not path.is_file():
            return None
        # Loaded only now: a start without an unfinished game never needs it.
        from tabletop.engine import savefile

        try:
            data = self._parse(path)
            session = savefile.restore(data, games, str(path))
        except SaveFileError as exc:
            if exc.kind == savefile.UNKNOWN_GAME:
                # The game's plugin may simply be missing today; keep the file in place.
                raise
            raise DamagedAutosave(exc, self.keep_aside(path)) from None
        except Exception as exc:  # a fault of the loader itself must not stop the start
            error = SaveFileError(savefile.REPLAY_FAILED, str(path),
                                  f"it could not be read ({type(exc).__name__}: "
                                  f"{files.quote(exc, 200)}).")
            raise DamagedAutosave(error, self.keep_aside(path)) from None
        finally:
            self._read.pop(path, None)  # read for this offer; a new match rewrites it
        if session.is_terminal():
            self.finish(data)
            return None
        return Pending(path, session, data)

    @staticmethod
    def keep_aside(path: Path) -> Path | None:
        """Rename a damaged file to ``<name>.damaged-<time>.json`` beside it and return the new
        name; ``None`` when it cannot be renamed (it then stays as it is, untouched)."""
        return files.keep_aside(path)


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name) or "game"
