"""The autosave of a match: written after every change, filed with the recent games once over.

Each change writes the match to this app's autosave slot (atomically, see ``saves``); a finished
match is filed with the recent games once and its slot cleared. A failure (a full disk) is
reported and the match goes on.

Played to a beat, a save on every beat (two fsyncs, some 20 ms here) would jolt the beat: the
first state of a run of beats is saved, then at most one state every ``TEMPO_SAVE_S``, the state
after the run, and the last state when the match is left (``flush``). A crash loses a few
seconds. Nothing here imports Qt.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.engine.savefile import SaveData

    from .saves import SaveStore

TEMPO_SAVE_S = 10.0  # while a game runs to a beat, the autosave waits this long between saves


class Autosave:
    """Writes ``content()`` to ``saves`` after each change; ``on_beat()`` says whether the
    state is played to a beat, ``failed(reason)`` hears of a write that failed. ``filed``: the
    match is over and already among the recent games (a finished game opened again is not
    filed a second time)."""

    def __init__(self, saves: SaveStore | None, content: Callable[[], SaveData],
                 on_beat: Callable[[], bool], failed: Callable[[str], object],
                 filed: bool) -> None:
        self.saves = saves
        self._content = content
        self._on_beat = on_beat
        self._failed = failed
        self.filed = filed
        self._beat_saved: float | None = None  # when the beats under way were last saved
        self.behind = False  # beats played since the last write

    def save(self, force: bool = False) -> None:
        """Write the match now, or, during a run of beats, when a save falls due."""
        if self.saves is None:
            return
        if self._on_beat() and not force:
            now = time.monotonic()
            if self._beat_saved is not None and now - self._beat_saved < TEMPO_SAVE_S:
                self.behind = True
                return
            self._beat_saved = now
        else:
            self._beat_saved = None
        self.behind = False
        try:
            data = self._content()
            if data.finished and not self.filed:
                self.saves.finish(data)
                self.filed = True
            elif not data.finished:
                self.saves.write_autosave(data)
                self.filed = False
        except OSError as exc:  # a full disk must not stop the match
            self._failed(str(exc))

    def flush(self) -> None:
        """Write the beats not saved yet (the match is being left)."""
        if self.behind:
            self.save(force=True)
