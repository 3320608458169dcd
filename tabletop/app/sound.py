"""The table's sounds: a player over Qt Multimedia's ``QSoundEffect``, its settings, and sinks.

``SoundBoard`` is what the window plays names through (``tabletop.engine.sounds``): it keeps
the volume and mute in the window's settings (sounds on by default), stays quiet while the
window is not the active one except for "your turn", and hands each sound to a *sink*:

- ``QtSink`` plays through ``QSoundEffect``, one preloaded effect per file. Qt Multimedia is
  imported when the first sound is due, never before the first paint. With no audio output
  (the offscreen platform of tests and CI, a server, a machine without PulseAudio) the sink
  reports itself unavailable and the board switches sound off, silently: no dialog, no error,
  the game plays on;
- ``RecordingSink`` keeps what would have played, with the time it was started, for tests.

A name is a ``<name>.wav`` among the game's own sounds (``sounds/`` beside its modules) or the
app's (``resources/sounds``); a name with no file is silent.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop import resources
from tabletop.engine.sounds import YOUR_TURN

if TYPE_CHECKING:  # a Protocol class costs the window's start half a millisecond
    from typing import Protocol

    class Sink(Protocol):
        """Where sounds go: ``available`` is False once it knows it cannot play anything."""

        available: bool

        def play(self, path: Path, volume: float) -> None: ...

        def preload(self, paths: list[Path]) -> None: ...


#: The settings keys (``QSettings``).
MUTED_KEY = "sound/muted"
VOLUME_KEY = "sound/volume"
#: The volumes the menu offers, in percent; the first start plays at ``DEFAULT_VOLUME``.
VOLUMES: tuple[int, ...] = (25, 50, 75, 100)
DEFAULT_VOLUME = 75
#: The platforms that have no person listening (tests, CI, a server's self-test).
SILENT_PLATFORMS = frozenset({"offscreen", "minimal"})


def app_sounds() -> Path:
    """The folder of the app's own sounds."""
    return resources.resource("sounds")


def game_sounds(view: object) -> Path:
    """The folder of a game's own sounds: ``sounds/`` beside its view's module."""
    import sys

    module = sys.modules.get(type(view).__module__)
    where = getattr(module, "__file__", None)
    return Path(where).parent / "sounds" if where else app_sounds()


def match_sounds(view: object) -> tuple[str, ...]:
    """The sounds a match of ``view``'s game may make, loaded when it starts: the app's and
    the game's own."""
    from tabletop.engine.sounds import TABLE_SOUNDS

    own = game_sounds(view)
    names = sorted(p.stem for p in own.glob("*.wav")) if own != app_sounds() else []
    return (*TABLE_SOUNDS, *names)


def sound_file(name: str, own: Path | None = None) -> Path | None:
    """The file of sound ``name``: the game's own (``own``) first, then the app's."""
    for folder in (own, app_sounds()):
        if folder is not None:
            path = folder / f"{name}.wav"
            if path.is_file():
                return path
    return None


class Played:
    """One sound a ``RecordingSink`` was asked to play. (A plain class: a dataclass costs the
    window's start a millisecond.)"""

    __slots__ = ("at", "name", "volume")

    def __init__(self, name: str, volume: float, at: float) -> None:
        self.name = name
        self.volume = volume
        self.at = at  # time.perf_counter() when it was started


class RecordingSink:
    """Plays nothing and keeps each sound asked for, in order (tests)."""

    def __init__(self) -> None:
        self.available = True
        self.played: list[Played] = []
        self.preloaded: list[Path] = []

    def play(self, path: Path, volume: float) -> None:
        self.played.append(Played(path.stem, volume, time.perf_counter()))

    def preload(self, paths: list[Path]) -> None:
        self.preloaded.extend(paths)

    def names(self) -> list[str]:
        return [p.name for p in self.played]

    def clear(self) -> None:
        self.played.clear()


def audio_output() -> Any:
    """The default audio output as Qt Multimedia sees it, or None when there is none (or Qt
    Multimedia cannot load, as where PulseAudio's library is missing)."""
    try:
        from PySide6.QtMultimedia import QMediaDevices
    except ImportError:
        return None
    if not QMediaDevices.audioOutputs():
        return None
    device = QMediaDevices.defaultAudioOutput()
    return None if device.isNull() else device


class QtSink:
    """Plays through ``QSoundEffect``: one effect per file, loaded once and kept."""

    def __init__(self) -> None:
        self.device: Any = audio_output()
        self.available = self.device is not None
        self._effects: dict[Path, Any] = {}

    def _effect(self, path: Path) -> Any:
        effect = self._effects.get(path)
        if effect is None:
            from PySide6.QtCore import QUrl
            from PySide6.QtMultimedia import QSoundEffect

            effect = QSoundEffect()
            effect.setAudioDevice(self.device)
            effect.setSource(QUrl.fromLocalFile(str(path)))
            self._effects[path] = effect
        return effect

    def preload(self, paths: list[Path]) -> None:
        if self.available:
            for path in paths:
                self._effect(path)

    def play(self, path: Path, volume: float) -> None:
        if not self.available:
            return
        effect = self._effect(path)
        effect.setVolume(volume)
        effect.play()


class SoundBoard:
    """Plays the table's sounds for one window, by name.

    ``settings`` (a ``QSettings``, or None: nothing is kept) holds the volume and mute;
    ``active()`` says whether the window is the active one; ``sink`` is made on the first
    sound (``QtSink`` unless the caller hands in another), so a start costs nothing.
    """

    def __init__(self, settings: Any = None, active: Callable[[], bool] = lambda: True,
                 sink: Sink | None = None,
                 platform: Callable[[], str] | None = None) -> None:
        self.settings = settings
        self.active = active
        self._sink: Sink | None = sink  # None: a QtSink, made when the first sound is due
        self._platform = platform or _platform_name
        self.folder: Path | None = None  # the game's own sounds, for the match on show
        # Each name's file, found once: a beat's click looks up no folder on its beat.
        self._files: dict[tuple[str, Path | None], Path | None] = {}

    def sibling(self, active: Callable[[], bool]) -> SoundBoard:
        """A board for another window of the app (a remote table): the same volume, mute and
        sink, its own game's sounds, heard while ``active()`` says that window is in front."""
        return SoundBoard(self.settings, active, self._sink, self._platform)

    # -- settings -------------------------------------------------------------------------
    def muted(self) -> bool:
        if self.settings is None:
            return False
        return str(self.settings.value(MUTED_KEY, "false")).lower() == "true"

    def set_muted(self, on: bool) -> None:
        if self.settings is not None:
            self.settings.setValue(MUTED_KEY, "true" if on else "false")

    def volume(self) -> int:
        """The volume in percent (``VOLUMES``)."""
        if self.settings is None:
            return DEFAULT_VOLUME
        try:
            value = int(str(self.settings.value(VOLUME_KEY, DEFAULT_VOLUME)))
        except ValueError:
            return DEFAULT_VOLUME
        return min(100, max(0, value))

    def set_volume(self, percent: int) -> None:
        if self.settings is not None:
            self.settings.setValue(VOLUME_KEY, min(100, max(0, int(percent))))

    # -- playing --------------------------------------------------------------------------
    @property
    def sink(self) -> Sink | None:
        """The sink, made on first use; None while sound is off for want of a device."""
        if self._sink is None:
            if self._platform() in SILENT_PLATFORMS:
                return None  # nobody listens to an offscreen window
            self._sink = QtSink()
        return self._sink if self._sink.available else None

    @property
    def available(self) -> bool:
        """Whether sounds can be heard here at all (a device, a platform with a screen)."""
        return self.sink is not None

    def set_game(self, folder: Path | None, names: tuple[str, ...] = ()) -> None:
        """A match starts: ``folder`` holds its game's own sounds; ``names`` are loaded now,
        so that the first of them is not late on its beat."""
        self.folder = folder
        if not names or self.muted():
            return
        sink = self.sink
        if sink is not None:
            paths = [p for p in (sound_file(n, folder) for n in names) if p is not None]
            sink.preload(paths)

    def play(self, name: str) -> bool:
        """Play ``name`` unless muted, or the window is inactive and it is not "your turn";
        True if it was handed to the sink."""
        if self.muted() or self.volume() <= 0:
            return False
        if name != YOUR_TURN and not self.active():
            return False
        key = (name, self.folder)
        if key not in self._files:
            self._files[key] = sound_file(name, self.folder)
        path = self._files[key]
        if path is None:
            return False
        sink = self.sink
        if sink is None:
            return False
        sink.play(path, self.volume() / 100.0)
        return True


def _platform_name() -> str:
    from PySide6.QtGui import QGuiApplication

    return QGuiApplication.platformName()
