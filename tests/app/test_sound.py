"""The table you can hear: each event kind and gesture makes its sound (a recording sink, not a
device), mute and volume are remembered, a window that is not active stays quiet but for
"your turn", and with no audio device the app plays on in silence."""

from __future__ import annotations

import wave
from collections.abc import Mapping
from typing import Any, ClassVar

import pytest
from PySide6.QtCore import QSettings

from tabletop.app import sound as sound_module
from tabletop.app.cues import MOST_PER_STEP, outcome_sound, record_sounds
from tabletop.app.sound import (
    DEFAULT_VOLUME,
    QtSink,
    RecordingSink,
    SoundBoard,
    app_sounds,
    game_sounds,
    sound_file,
)
from tabletop.engine import Event, GameView
from tabletop.engine import sounds as snd
from tabletop.engine.session import Record
from tabletop.games.punimonyo.plugin import PLUGIN as PUNIMONYO
from tabletop.testing.table_driver import start_seeded, temp_settings
from tests.table.tablehelp import drag, make_table


def _record(*events: Event, seat: int = 0) -> Record:
    return Record(seat, "x", list(events))


# -- the cues, without Qt ---------------------------------------------------------------------
@pytest.mark.parametrize("kind", sorted(snd.SOUND_OF_KIND))
def test_each_shared_event_kind_has_its_sound(kind: str) -> None:
    view = GameView()
    assert record_sounds(view, [_record(Event(kind))], 0) == list(snd.SOUND_OF_KIND[kind])


def test_a_game_names_the_sounds_of_its_own_kinds_and_silences_others() -> None:
    class Coins(GameView):
        sound_of: ClassVar[Mapping[str, tuple[str, ...]]] = {"wages": (snd.COIN,), "roll": ()}

    view = Coins()
    assert record_sounds(view, [_record(Event("wages"))], 0) == [snd.COIN]
    assert record_sounds(view, [_record(Event("roll"))], 0) == []  # silenced by the game
    assert record_sounds(view, [_record(Event("deal"))], 0) == [snd.DEAL]  # the shared one
    assert record_sounds(view, [_record(Event("ponder"))], 0) == []  # no sound for it


def test_what_a_seat_may_not_read_it_does_not_hear() -> None:
    secret = Event("draw", seats=frozenset({1}))
    view = GameView()
    assert record_sounds(view, [_record(secret)], 0) == []
    assert record_sounds(view, [_record(secret)], 1) == [snd.DEAL]
    assert record_sounds(view, [_record(secret)], None) == []  # a spectator


def test_one_step_sounds_each_name_once_and_few_of_them() -> None:
    deal = [Event("deal") for _ in range(12)]
    many = [Event(k) for k in ("roll", "reveal", "reshuffle", "round_end")]
    view = GameView()
    assert record_sounds(view, [_record(*deal)], 0) == [snd.DEAL]
    assert record_sounds(view, [_record(*many)], 0) == [snd.DIE, snd.CARD, snd.SHUFFLE][
        :MOST_PER_STEP]


def test_the_end_sounds_a_win_or_a_loss_for_the_seat() -> None:
    assert outcome_sound([1.0, -1.0], 0) == snd.WIN
    assert outcome_sound([1.0, -1.0], 1) == snd.LOSE
    assert outcome_sound([0.0, 0.0], 1) == snd.WIN  # a shared first place
    assert outcome_sound([1.0, -1.0], None) == snd.WIN  # people at one screen: someone won


def test_every_sound_named_has_its_file_short_and_plain() -> None:
    own = game_sounds(PUNIMONYO.view())
    names = [*snd.TABLE_SOUNDS, "puniu", "monyo"]
    total = 0
    for name in names:
        path = sound_file(name, own)
        assert path is not None, name
        with wave.open(str(path)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
            assert 0 < w.getnframes() < 22050  # under a second
        total += path.stat().st_size
    assert own != app_sounds() and (own / "puniu.wav").is_file()
    assert total < 512 * 1024


# -- the board: settings, the window's activity, the device -----------------------------------
def test_sound_is_on_by_default_and_mute_and_volume_are_remembered(tmp_path) -> None:  # type: ignore[no-untyped-def]
    settings = temp_settings(tmp_path)
    board = SoundBoard(settings, sink=RecordingSink())
    assert not board.muted() and board.volume() == DEFAULT_VOLUME
    board.set_volume(50)
    board.set_muted(True)
    settings.sync()
    again = SoundBoard(QSettings(settings.fileName(), QSettings.Format.IniFormat),
                       sink=RecordingSink())
    assert again.muted() and again.volume() == 50


def test_muted_or_silent_plays_nothing_and_volume_is_passed_on() -> None:
    sink = RecordingSink()
    board = SoundBoard(None, sink=sink)
    assert board.play(snd.DIE)
    assert [(p.name, p.volume) for p in sink.played] == [(snd.DIE, DEFAULT_VOLUME / 100)]
    assert not board.play("no_such_sound")  # a name with no file is silent


def test_an_inactive_window_hears_only_its_turn(tmp_path) -> None:  # type: ignore[no-untyped-def]
    sink = RecordingSink()
    board = SoundBoard(temp_settings(tmp_path), active=lambda: False, sink=sink)
    for name in (snd.DIE, snd.DROP, snd.YOUR_TURN, snd.WIN):
        board.play(name)
    assert sink.names() == [snd.YOUR_TURN]
    board.set_muted(True)
    board.play(snd.YOUR_TURN)
    assert sink.names() == [snd.YOUR_TURN]


def test_no_listener_on_the_offscreen_platform() -> None:
    board = SoundBoard(None, platform=lambda: "offscreen")
    assert not board.available
    assert not board.play(snd.DIE)


def test_no_audio_device_switches_the_player_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sound_module, "audio_output", lambda: None)
    board = SoundBoard(None, platform=lambda: "xcb")
    assert not board.available  # Qt Multimedia found no output: off, without a word
    assert not board.play(snd.DIE)
    sink = QtSink()
    sink.play(app_sounds() / "die.wav", 1.0)
    assert not sink.available


def test_qt_multimedia_loads_no_earlier_than_the_first_sound(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import os
    import subprocess
    import sys

    code = ("import sys; from PySide6.QtWidgets import QApplication; app = QApplication([]);"
            "from tabletop.app.window import MainWindow; w = MainWindow(); w.show();"
            "app.processEvents(); print('PySide6.QtMultimedia' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "TABLETOP_DATA_DIR": str(tmp_path)})
    assert out.stdout.strip().splitlines()[-1] == "False"


def test_what_a_table_sounds_like_is_worked_out_without_qt() -> None:
    import subprocess
    import sys

    code = ("import sys, tabletop.app.cues, tabletop.engine.sounds;"
            "print(any(m.startswith('PySide6') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


# -- the table's gestures ---------------------------------------------------------------------
def test_pick_up_drop_and_snap_back_have_their_sounds(qtbot) -> None:  # type: ignore[no-untyped-def]
    view = make_table(qtbot)
    heard: list[str] = []
    view.gestured.connect(heard.append)
    drag(view, view.view_pos_of("die0"), view.view_pos_of("A"))
    assert heard == [snd.PICK_UP, snd.DROP]
    view = make_table(qtbot)
    heard.clear()
    view.gestured.connect(heard.append)
    drag(view, view.view_pos_of("die0"), view.view_pos_of("C"))  # no move there
    assert heard == [snd.PICK_UP, snd.SNAP_BACK]


# -- a match in the window --------------------------------------------------------------------
def _window(make_window: Any, plugins: dict[str, Any] | None = None, **options: Any) -> Any:
    sink = RecordingSink()
    window = make_window(plugins, sound_sink=sink, **options)
    window.sound.active = lambda: True  # an offscreen window may never be the active one
    return window, sink


def test_a_match_sounds_its_turns_its_events_and_its_end(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window, sink = _window(make_window)
    c = start_seeded(window, "toy", ["human", "random"], seed=3)
    while not c.over:
        qtbot.waitUntil(lambda: c.over or c.is_human_turn(), timeout=5000)
        if not c.over:
            c.submit_human(c.session.legal_actions()[0])
    names = sink.names()
    turns = sum(1 for r in c.session.history if r.seat == 0)
    assert turns > 1
    assert names.count(snd.YOUR_TURN) == turns  # once per turn begun: each was one move
    assert names[-1] == outcome_sound(c.session.returns(), 0)
    assert names.count(snd.DEAL) == 1  # the two cards dealt at the start, one sound
    # Nothing more on a change of language: the records were heard already.
    sink.clear()
    window.set_language("ja")
    assert sink.names() == []


def test_undo_is_silent_and_a_muted_window_hears_nothing(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window, sink = _window(make_window)
    c = start_seeded(window, "toy", ["human", "random"], seed=3)
    c.submit_human(c.session.legal_actions()[0])
    qtbot.waitUntil(c.is_human_turn, timeout=5000)
    sink.clear()
    assert c.undo()
    assert sink.names() == []
    window.set_sound_muted(True)
    assert window.menus.act_mute.isChecked()
    c.submit_human(c.session.legal_actions()[0])
    qtbot.waitUntil(c.is_human_turn, timeout=5000)
    assert sink.names() == []


def test_the_menu_and_m_remember_the_sound_across_restarts(make_window, settings) -> None:  # type: ignore[no-untyped-def]
    window, _ = _window(make_window)
    window.menus.act_mute.trigger()  # what M and the menu item do
    window.menus.volume_actions[25].trigger()  # choosing a volume turns sound on again
    window.menus.act_mute.trigger()
    assert [k.toString() for k in window.menus.act_mute.shortcuts()] == ["M"]
    settings.sync()
    later, _ = _window(make_window)
    assert later.sound.muted() and later.sound.volume() == 25
    assert later.menus.act_mute.isChecked() and later.menus.volume_actions[25].isChecked()


def test_hot_seat_hand_over_has_its_sound(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window, sink = _window(make_window)
    c = start_seeded(window, "toy", ["human", "human"], seed=3)
    c.submit_human(c.session.legal_actions()[0])
    qtbot.waitUntil(lambda: c.awaiting_privacy is not None, timeout=5000)
    assert snd.HANDOVER in sink.names()


def test_the_app_plays_on_silently_with_no_audio_device(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(None)  # no sink handed in: the real player, on the offscreen platform
    c = start_seeded(window, "toy", ["random", "random"], seed=3)
    qtbot.waitUntil(lambda: c.over, timeout=10_000)
    assert not window.sound.available and window.sound.sink is None
    assert window.message_box is None


def test_every_sound_a_game_or_the_shared_kinds_name_has_its_file() -> None:
    from tabletop.registry import load_plugins

    plugins, failures = load_plugins(include_entry_points=False)
    assert not failures
    named = {n for names in snd.SOUND_OF_KIND.values() for n in names}
    assert {n for n in named if sound_file(n) is None} == set()
    for gid, plugin in plugins.items():
        view = plugin.view()
        own = game_sounds(view)
        missing = {n for names in view.sound_of.values() for n in names
                   if sound_file(n, own) is None}
        assert missing == set(), gid
