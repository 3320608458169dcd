"""``tabletop --self-test``: proves that this copy of the app works, from source or frozen.

A frozen bundle misses whatever its builder did not see (a module imported by name at run
time, a Qt plugin, a rulebook), and such a gap only shows when the code path runs. The self-test
therefore walks every path a player's first session takes, through the real window:

- every built-in game plugin loads (any load failure fails the test);
- the main window opens (offscreen when there is no display) and paints;
- each game starts with every seat played by the "random" AI on a fixed seed and plays a few
  dozen moves through the window's controller and the background AI thinker; the table is
  rendered in both languages and must hold pieces;
- every match is autosaved (or filed as finished) and the file replays to the same state;
- the end-of-game chart (pyqtgraph) is built and rendered once;
- the app icon renders from its SVG, and every game's rulebooks resolve and open;
- every sound reads, and loads in Qt Multimedia where there is an audio device (with none, the
  window's sound is off by itself);
- a table is hosted in the app (the table server, websockets) and joined over loopback.

It prints one line per check and returns 0, or prints what failed and returns 1. Its games
are saved in a temporary folder, removed afterwards: a player's autosave, recent games and
settings are never touched.
"""

from __future__ import annotations

import functools
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from typing import Any, TextIO

SEED = 20240607
MOVES = 36
GAME_TIMEOUT_S = 120.0


class SelfTestFailure(Exception):
    """A check that did not hold; the message says which and why."""


def _say(text: str, stream: TextIO | None) -> None:
    # A windowed Windows executable has no console: sys.stdout and sys.stderr are None.
    if stream is not None:
        print(text, file=stream, flush=True)


class _Run:
    """The checks, in order, sharing one application and one window."""

    def __init__(self, out: TextIO | None, moves: int, seed: int, data_dir: str) -> None:
        self.out = out
        self.data_dir = data_dir
        self.moves = moves
        self.seed = seed
        self.passed = 0
        self.window: Any = None  # closed at the end whatever happened
        self.ai_failures: list[str] = []
        # Exceptions raised in Qt slots and event handlers are printed by PySide and then
        # swallowed; the self-test counts them as failures of the check that provoked them.
        self.slot_errors: list[str] = []

    def excepthook(self, kind: type[BaseException], exc: BaseException, tb: Any) -> None:
        self.slot_errors.append("".join(traceback.format_exception(kind, exc, tb)).rstrip())

    def raise_slot_errors(self, name: str) -> None:
        if self.slot_errors:
            raise SelfTestFailure(f"{name}: unhandled exception in the app:\n"
                                  f"{self.slot_errors[0]}")

    def check(self, name: str, fn: Callable[[], str]) -> None:
        detail = fn()
        self.raise_slot_errors(name)
        self.passed += 1
        _say(f"ok   {name}{': ' + detail if detail else ''}", self.out)

    def wait_until(self, app: Any, done: Callable[[], bool], timeout_s: float) -> bool:
        from PySide6.QtCore import QEventLoop

        deadline = time.monotonic() + timeout_s
        while not done():
            if time.monotonic() > deadline:
                return False
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        return True


def _quiet_offscreen_notices() -> None:
    """Drop the offscreen platform's notices that it cannot move or raise windows ("This
    plugin does not support raise()"): they say nothing about the app and bury the report."""
    from PySide6.QtCore import qInstallMessageHandler

    def handler(mode: Any, context: Any, message: str) -> None:
        if message.startswith("This plugin does not support"):
            return
        print(message, file=sys.stderr)

    qInstallMessageHandler(handler)


def run(out: TextIO | None = sys.stdout, err: TextIO | None = sys.stderr,
        moves: int = MOVES, seed: int = SEED) -> int:
    """Run every check; 0 when all hold, 1 (with the reason on ``err``) otherwise."""
    from tabletop.app.display import no_display

    if no_display(os.environ):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    if os.environ.get("QT_QPA_PLATFORM") == "offscreen":
        _quiet_offscreen_notices()
    from tabletop.app.saves import ENV_DATA_DIR

    started = time.monotonic()
    data_dir = tempfile.TemporaryDirectory(prefix="tabletop-self-test-",
                                           ignore_cleanup_errors=True)
    saved_env = os.environ.get(ENV_DATA_DIR)
    os.environ[ENV_DATA_DIR] = data_dir.name
    state = _Run(out, moves, seed, data_dir.name)
    saved_hook = sys.excepthook
    sys.excepthook = state.excepthook
    try:
        _run_checks(state)
    except SelfTestFailure as exc:
        _say(f"FAIL {exc}", err)
        _say("self-test FAILED", err)
        return 1
    except Exception:
        _say("FAIL unexpected error:\n" + traceback.format_exc().rstrip(), err)
        _say("self-test FAILED", err)
        return 1
    finally:
        if state.window is not None:
            _close(state.window)
        sys.excepthook = saved_hook
        if saved_env is None:
            os.environ.pop(ENV_DATA_DIR, None)
        else:
            os.environ[ENV_DATA_DIR] = saved_env
        data_dir.cleanup()
    _say(f"self-test passed: {state.passed} checks in {time.monotonic() - started:.1f} s",
         out)
    return 0


def _close(window: Any) -> None:
    from PySide6.QtWidgets import QApplication

    window.back_to_chooser()
    window.close()
    # A search still unwinding on the pool thread must finish before the interpreter does.
    window.thinker.wait_done(10_000)
    window.deleteLater()
    QApplication.processEvents()


def _run_checks(state: _Run) -> None:
    from tabletop import resources
    from tabletop.games import BUILTIN
    from tabletop.registry import load_plugins

    loaded: dict[str, Any] = {}

    def plugins_load() -> str:
        plugins, failures = load_plugins()
        if failures:
            lines = "; ".join(f"{f.source}: {f.message}" for f in failures)
            raise SelfTestFailure(f"game plugins failed to load: {lines}")
        if len(plugins) < len(BUILTIN):
            raise SelfTestFailure(f"{len(BUILTIN)} built-in games listed, "
                                  f"{len(plugins)} loaded")
        loaded.update(plugins)
        return ", ".join(sorted(plugins))

    state.check("game plugins load", plugins_load)

    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "tabletop"])
    from tabletop.app.icon import app_icon
    from tabletop.app.window import MainWindow

    def icon_renders() -> str:
        svg = resources.resource("icons", "tabletop.svg")
        if not svg.is_file():
            raise SelfTestFailure(f"app icon missing: {svg}")
        from PySide6.QtGui import QIcon

        if QIcon(str(svg)).pixmap(64, 64).isNull():
            raise SelfTestFailure(f"the SVG icon does not render (Qt SVG plugin missing?): {svg}")
        if app_icon().pixmap(32, 32).isNull():
            raise SelfTestFailure("app_icon() is empty")
        return str(resources.root())

    state.check("app icon renders from SVG", icon_renders)

    from tabletop.app.saves import SaveStore

    window = MainWindow(loaded, [], lang="en", settings=None, ai_delay_ms=0, animate=False,
                        saves=SaveStore(state.data_dir))
    state.window = window
    window.thinker.failed.connect(state.ai_failures.append)
    window.resize(1280, 800)
    window.show()

    def window_paints() -> str:
        app.processEvents()
        shot = window.grab()
        if shot.isNull() or shot.width() < 100:
            raise SelfTestFailure("the main window did not render")
        if set(window.chooser.game_cards) != set(loaded):
            raise SelfTestFailure(f"the chooser lists {sorted(window.chooser.game_cards)}, "
                                  f"expected {sorted(loaded)}")
        platform = QGuiApplication.platformName()
        return f"{shot.width()}x{shot.height()} on '{platform}'"

    state.check("main window opens", window_paints)

    # (series samples, player names) of each match, for the chart check
    played: list[tuple[list[Any], list[str]]] = []
    for game_id in sorted(loaded):
        state.check(f"play {game_id}",
                    functools.partial(_play, state, app, window, game_id, played))

    def chart() -> str:
        from tabletop.app.summary import SummaryDialog

        samples, names = max(played, key=lambda p: len(p[0]), default=([], []))
        if not samples:  # no game reports numbers: the chart must still build
            samples, names = [(0, {"P1": 1.0}), (1, {"P1": 2.0})], ["Player 1"]
        dialog = SummaryDialog("self-test", "self-test", samples, names, "en", window)
        try:
            if dialog.plot is None:
                raise SelfTestFailure("the summary chart was not built")
            dialog.show()
            app.processEvents()
            if dialog.grab().isNull():
                raise SelfTestFailure("the summary chart did not render")
            import pyqtgraph  # type: ignore[import-untyped]

            return f"pyqtgraph {pyqtgraph.__version__}, {len(dialog.lines)} series"
        finally:
            dialog.close()
            dialog.deleteLater()

    state.check("summary chart (pyqtgraph)", chart)

    def rulebooks() -> str:
        from tabletop.app.i18n import LANGUAGES
        from tabletop.app.rules_window import rulebook_path

        count = 0
        paths: list[str] = []
        for gid, plugin in sorted(loaded.items()):
            if not plugin.rules:
                raise SelfTestFailure(f"{gid} lists no rulebook")
            for lang, path in plugin.rules.items():
                if not path.is_file() or not path.read_text(encoding="utf-8").strip():
                    raise SelfTestFailure(f"{gid} rulebook ({lang}) missing or empty: {path}")
                count += 1
                paths.append(str(path))
            for lang in LANGUAGES:
                if rulebook_path(plugin, lang) is None:
                    raise SelfTestFailure(f"{gid} has no rulebook to show in {lang}")
            window.menus.show_rules(gid)
            app.processEvents()
            shown = window.menus.rules_window.shown_path()
            if shown is None or not window.menus.rules_window.browser.toPlainText().strip():
                raise SelfTestFailure(f"the rules window shows nothing for {gid}")
        window.menus.rules_window.close()
        return f"{count} files, each in its game's folder under {os.path.commonpath(paths)}"

    state.check("rulebooks resolve", rulebooks)
    state.check("sounds load", functools.partial(_sounds, state, app, window, loaded))

    def remote_table() -> str:
        from pathlib import Path

        remote = window.remote
        host = remote.host("magos", [{"kind": "local"}, {"kind": "remote"}],
                           data=Path(state.data_dir) / "hosted", port=0, address="127.0.0.1")
        if host is None:
            raise SelfTestFailure("the app could not host a table")
        try:
            port = remote.hosted.port
            friend = remote.join(f"ws://127.0.0.1:{port}", host.codes[1], "Self-test")
            if friend is None:
                raise SelfTestFailure("the hosted table could not be joined over loopback")
            if not state.wait_until(app, lambda: host.frame is not None and friend.frame
                                    is not None and bool(host.frame.get("started")), 30.0):
                raise SelfTestFailure("the hosted table did not start with both seats")
        finally:
            remote.close()
        return f"Magos hosted on port {port} and joined over loopback (websockets, ssl)"

    state.check("host and join a table", remote_table)


def _sounds(state: _Run, app: Any, window: Any, loaded: dict[str, Any]) -> str:
    """Every sound file of the app and of each game reads as a WAV, and Qt Multimedia's audio
    loads them where there is an audio device; with none, the window's sound is off by
    itself (the matches above played in silence)."""
    import wave

    from tabletop.app.sound import app_sounds, audio_output, game_sounds, sound_file
    from tabletop.engine.sounds import TABLE_SOUNDS

    paths = []
    for name in TABLE_SOUNDS:
        path = sound_file(name)
        if path is None:
            raise SelfTestFailure(f"the sound '{name}' is missing from {app_sounds()}")
        paths.append(path)
    for gid, plugin in sorted(loaded.items()):
        own = game_sounds(plugin.view())
        for names in plugin.view().sound_of.values():
            for name in names:
                if sound_file(name, own) is None:
                    raise SelfTestFailure(f"{gid} names the sound '{name}', which has no file")
        paths += sorted(own.glob("*.wav")) if own != app_sounds() else []
    size = 0
    for path in paths:
        try:
            with wave.open(str(path)) as w:
                if w.getnframes() == 0:
                    raise SelfTestFailure(f"the sound {path} is empty")
        except (wave.Error, EOFError) as exc:
            raise SelfTestFailure(f"the sound {path} is not a WAV file: {exc}") from None
        size += path.stat().st_size
    summary = f"{len(paths)} files, {size / 1024:.0f} KiB"
    try:
        from PySide6.QtMultimedia import QSoundEffect
    except ImportError as exc:
        # PulseAudio's client is the desktop's own (the bundle leaves it out): a machine
        # without it has no sound to play, and the app plays in silence.
        if "libpulse" not in str(exc):
            raise SelfTestFailure(f"Qt Multimedia does not load: {exc}") from None
        if window.sound.available:
            raise SelfTestFailure("Qt Multimedia does not load, yet the window's sound "
                                  "is on") from None
        return f"{summary}; no PulseAudio client here: sound off by itself"
    device = audio_output()
    if device is None:
        if window.sound.available:
            raise SelfTestFailure("no audio device, yet the window's sound is on")
        return f"{summary}; no audio device here: sound off by itself"
    from PySide6.QtCore import QUrl

    effects = []
    for path in paths:
        effect = QSoundEffect()
        effect.setAudioDevice(device)
        effect.setSource(QUrl.fromLocalFile(str(path)))
        effects.append((path, effect))
    state.wait_until(app, lambda: all(e.status() != QSoundEffect.Status.Loading
                                      for _, e in effects), 10.0)
    failed = [p.name for p, e in effects if e.status() != QSoundEffect.Status.Ready]
    if failed:
        raise SelfTestFailure(f"QSoundEffect could not load {', '.join(failed)}")
    return f"{summary}, loaded by QSoundEffect on '{device.description()}'"


def _play(state: _Run, app: Any, window: Any, game_id: str,
          played: list[tuple[list[Any], list[str]]]) -> str:
    from tabletop.app.newgame import GameSetup

    spec = window.plugins[game_id].game.spec
    players = spec.min_players
    setup = GameSetup(game_id, players, ["random"] * players, {}, seed=state.seed,
                      fixed_seed=True)
    state.ai_failures.clear()
    window.set_language("en")
    c = window.start_game(setup)
    if c is None:
        raise SelfTestFailure(f"{game_id} did not start: {window.chooser.error_banner.text()}")
    finished = state.wait_until(
        app, lambda: c.over or len(c.moves()) >= state.moves or bool(state.slot_errors),
        GAME_TIMEOUT_S)
    c.stop()  # no further AI moves while the table is inspected
    state.raise_slot_errors(f"play {game_id}")
    if state.ai_failures:
        raise SelfTestFailure(f"{game_id}: the AI failed: {state.ai_failures[0]}")
    if not finished:
        raise SelfTestFailure(f"{game_id}: only {len(c.moves())} moves in "
                              f"{GAME_TIMEOUT_S:.0f} s")
    if window.controller is not c:
        raise SelfTestFailure(f"{game_id}: the match ended unexpectedly: "
                              f"{window.chooser.error_banner.text()}")
    pieces = 0
    for lang in ("ja", "en"):
        window.set_language(lang)
        app.processEvents()
        pieces = len(window.table.scene().items())
        if pieces == 0:
            raise SelfTestFailure(f"{game_id}: the table is empty ({lang})")
        if window.table.grab().isNull() or window.grab().isNull():
            raise SelfTestFailure(f"{game_id}: the table did not render ({lang})")
    played.append((c.chart.points(c.lang), [c.player_label(s) for s in range(players)]))
    saved = _check_saved(window, c, game_id)
    moves = len(c.moves())
    end = "game over" if c.over else "stopped"
    return f"{moves} moves, {end}, {pieces} items on the table, {saved}"


def _check_saved(window: Any, c: Any, game_id: str) -> str:
    """The match's autosave (or its file among the recent games) replays to the same state."""
    from tabletop.engine import savefile

    saves = window.saves
    if c.over:
        recent = [p for p in saves.recent() if p.name.startswith(f"{game_id}-")]
        if not recent:
            raise SelfTestFailure(f"{game_id}: the finished game was not filed in {saves.root}")
        path = recent[0]
    else:
        path = saves.autosave_path
        if not path.is_file():
            raise SelfTestFailure(f"{game_id}: no autosave at {path}")
    try:
        session, data = savefile.load(path, window.plugins)
    except savefile.SaveFileError as exc:
        raise SelfTestFailure(f"{game_id}: the saved game does not load: {exc}") from None
    if data.game_id != game_id or session.state_hash() != c.session.state_hash():
        raise SelfTestFailure(f"{game_id}: the saved game replays to a different state")
    return f"saved and replayed ({path.parent.name}/)"


__all__ = ["MOVES", "SEED", "SelfTestFailure", "run"]
