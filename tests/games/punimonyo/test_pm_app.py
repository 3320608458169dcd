"""Punimonyo in the app, with a beat clock the test steps by hand: whole matches through the
keys and the pads against the computer and between two people at one screen; keys that act at
once; a click that spans a beat; mistakes by a wrong key, a missed beat and a double press; the
computer answering to the beat; and the real QTimer clock driving the beat."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtTest import QTest

from tabletop.app.tempo import BeatClock
from tabletop.app.window import MainWindow
from tabletop.games.punimonyo.data import KEYS, OPPOSITE, PUNIU
from tabletop.games.punimonyo.model import EXTRA, MISS, OK, WRONG, Phase
from tabletop.games.punimonyo.plugin import PLUGIN
from tabletop.testing.table_driver import Windows, start_seeded, temp_data_dir, temp_settings
from tests.games.punimonyo.pm_clock import ManualClock
from tests.table.tablehelp import click, press, release

GAME = "punimonyo"
KEY = {w: getattr(Qt.Key, f"Key_{k}") for w, k in KEYS.items()}


@pytest.fixture
def make_window(qtbot, tmp_path: Path,  # type: ignore[no-untyped-def]
                monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., MainWindow]]:
    """``make_window(clock=True, lang="en")``: a shown window over Punimonyo, its beat clock
    stepped by hand (``clock``) or a real one."""
    temp_data_dir(tmp_path, monkeypatch)
    windows = Windows(qtbot, temp_settings(tmp_path))

    def make(clock: bool = True, lang: str = "en") -> MainWindow:
        return windows({GAME: PLUGIN}, lang=lang, clock_factory=ManualClock if clock else None)

    yield make
    windows.close_all()


def _key(window: MainWindow, word: str) -> None:
    QTest.keyClick(window, KEY[word])


def _pad(window: MainWindow, word: str) -> None:
    click(window.table, window.table.view_pos_of(f"pad_{word}"))


def _settle(c: Any, qtbot: Any) -> None:
    """Wait until the person at the screen may act, the beat is due, or the match is over.
    The event loop runs first, as it does between two key presses of a person (new buttons,
    with their keys, are shown by the loop)."""
    QCoreApplication.processEvents()
    qtbot.waitUntil(lambda: c.over or c.is_human_turn() or c.beat.pending()
                    or c.awaiting_privacy is not None, timeout=20_000)


def test_match_against_the_computer_through_keys_and_pads(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    c = start_seeded(window, GAME, ["human", "hard"], seed=11, options={"ai_k": "0.12"})
    assert isinstance(c.clock, ManualClock)
    s = c.session
    rng = random.Random(5)
    plan = iter([(2, WRONG), (1, MISS), (3, EXTRA)])  # per stint: right answers, then how
    goal, how = 0, ""
    stint = -1
    human_stints: list[int] = []
    for _ in range(5_000):
        _settle(c, qtbot)
        if c.over:
            break
        st = s.state
        if st.stint != stint:
            stint = st.stint
            if st.responder == 0:
                goal, how = next(plan)
        if not c.is_human_turn():
            assert c.beat.pending() and c.clock.is_running()
            c.clock.fire()  # the computer answers, or listens, to the beat
            continue
        if st.phase == Phase.COMPOSE:
            assert not c.clock.is_running()  # setting a question is untimed
            if st.length > 4:
                QTest.keyClick(window, Qt.Key.Key_R)  # long ones: let the app call them
            else:
                word = rng.choice(list(KEYS))
                (_key if rng.random() < 0.7 else _pad)(window, word)
            continue
        assert c.clock.is_running() and c.clock.period() == 600
        if st.phase == Phase.PLAY:
            assert window.table_page.game_buttons == []  # nothing to press while listening
            c.clock.fire()
            continue
        assert st.phase == Phase.ANSWER
        if st.responder == 0 and st.stint not in human_stints:
            human_stints.append(st.stint)
        pos = len(st.answer)
        if pos > st.window:
            if how == EXTRA and st.streak == goal:
                _key(window, PUNIU)  # a second press in this beat
            else:
                c.clock.fire()
            continue
        right = OPPOSITE[st.question[pos]]
        if st.streak == goal and how == WRONG and pos == st.length - 1:
            _key(window, OPPOSITE[right])
        elif st.streak == goal and how == MISS and pos == 1:
            c.clock.fire()  # the beat passes with no press
        elif rng.random() < 0.8:
            _key(window, right)
        else:
            _pad(window, right)
    assert c.over
    results = s.state.results
    mine = [r["score"] for r in results if r["responder"] == 0]
    assert mine == [2, 1, 3] and len(human_stints) == 3
    kinds = [e.data["kind"] for r in s.history for e in r.events if e.kind == "result"
             and e.data["responder"] == 0 and e.data["kind"] != OK]
    assert kinds == [WRONG, MISS, EXTRA]
    theirs = [r["score"] for r in results if r["responder"] == 1]
    assert len(theirs) == 3
    qtbot.waitUntil(lambda: window.ending.summary_dialog is not None, timeout=10_000)
    assert "Match over" in window.ending.summary_dialog.text.text()
    assert not c.clock.is_running()


def _to_answer(window: MainWindow, c: Any, qtbot: Any) -> None:
    """Play on (setting 3-word questions by keys, listening) until the human must answer."""
    for _ in range(200):
        _settle(c, qtbot)
        st = c.session.state
        if c.is_human_turn() and st.phase == Phase.ANSWER:
            return
        if c.is_human_turn() and st.phase == Phase.COMPOSE:
            _key(window, PUNIU)
        else:
            c.clock.fire()
    raise AssertionError("the answer never opened")


def test_keys_act_at_once_and_early_keys_do_nothing(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    c = start_seeded(window, GAME, ["human", "normal"], seed=2)
    for _ in range(200):
        _settle(c, qtbot)
        if c.is_human_turn() and c.session.state.phase == Phase.PLAY:
            break
        if c.is_human_turn():
            _key(window, PUNIU)
        else:
            c.clock.fire()
    before = len(c.session.history)
    _key(window, PUNIU)  # still listening: the key is not accepted
    assert len(c.session.history) == before and not window.table.is_interactive()
    _to_answer(window, c, qtbot)
    st = c.session.state
    right = OPPOSITE[st.question[0]]
    before = len(c.session.history)
    _key(window, right)
    # No waiting at all: the key press itself made the move (a button shortcut takes 100 ms).
    assert c.session.history[before].action == f"word:{right}"
    assert [b.property("key") for b in window.table_page.game_buttons] == ["F", "J"]


def test_no_hint_while_answering_to_the_beat(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    # The hint would be the answer itself, and its search would outlast the beat.
    window = make_window()
    c = start_seeded(window, GAME, ["human", "normal"], seed=2)
    _to_answer(window, c, qtbot)
    assert c.is_human_turn() and c.session.state.phase == Phase.ANSWER
    assert not c.hints.available() and not c.hints.ask()
    assert not window.menus.act_hint.isEnabled() and not window.table_page.hint_button.isEnabled()


def test_a_click_that_spans_a_beat_still_counts(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    c = start_seeded(window, GAME, ["human", "normal"], seed=2)
    _to_answer(window, c, qtbot)
    st = c.session.state
    _key(window, OPPOSITE[st.question[0]])  # word 1 is in
    second = OPPOSITE[st.question[1]]
    pos = window.table.view_pos_of(f"pad_{second}")
    press(window.table, pos)  # a little early: the button goes down in beat 1 ...
    c.clock.fire()  # ... the beat falls and the table is redrawn ...
    release(window.table, pos)  # ... and the click completes in beat 2
    st = c.session.state
    assert st.phase == Phase.ANSWER and st.answer[1] == second and st.window == 1


@pytest.mark.parametrize("how", [MISS, EXTRA, WRONG])
def test_mistakes_in_the_app(make_window, qtbot, how: str) -> None:  # type: ignore[no-untyped-def]
    window = make_window(lang="ja")
    c = start_seeded(window, GAME, ["human", "normal"], seed=2)
    _to_answer(window, c, qtbot)
    st = c.session.state
    right = OPPOSITE[st.question[0]]
    if how == MISS:
        c.clock.fire()
    elif how == EXTRA:
        _key(window, right)
        _key(window, right)
    else:
        _key(window, OPPOSITE[right])
    last = c.session.state.last
    assert last is not None and last["kind"] == how and last["beat"] == 1
    _settle(c, qtbot)
    log = window.table_page.log.toPlainText()
    assert "ミス！" in log and "1語目" in log
    # Beats, called and pressed words are read by both seats but write no line.
    assert not {"beat", "press", "call", "ask", "random"} & set(log.splitlines())


def test_the_computer_answers_to_the_beat(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    c = start_seeded(window, GAME, ["human", "hard"], seed=3)
    s = c.session
    checked = 0
    owed_seen = False
    for _ in range(3_000):
        _settle(c, qtbot)
        st = s.state
        if c.over or (owed_seen and checked > 40):
            break
        if c.is_human_turn():
            if st.phase == Phase.COMPOSE:
                _key(window, PUNIU) if st.length == 3 else QTest.keyClick(window, Qt.Key.Key_R)
            elif st.phase == Phase.ANSWER:
                c.clock.fire()  # the human misses at once: back to asking
            else:
                c.clock.fire()
            continue
        if st.phase == Phase.ANSWER:
            # The computer never has two words in one beat, and the status says what it does.
            assert len(st.answer) <= st.window + 1
            assert "answering" in window.table_page.status.text()
            checked += 1
        elif st.phase == Phase.PLAY and st.step == st.length + 1 and not owed_seen:
            # The pause beat ends and the answer opens; at once the next beat falls too,
            # while the computer's first word is still on its way: that beat waits for it.
            c.clock.fire()
            assert s.state.phase == Phase.ANSWER and not c.beat.pending()
            before = len(s.history)
            c.clock.fire()
            assert len(s.history) == before  # owed, not played over the computer's head
            qtbot.waitUntil(lambda b=before: len(s.history) >= b + 2
                            or s.state.phase != Phase.ANSWER, timeout=10_000)
            recent = [r.action for r in s.history[before:before + 2]]
            assert recent[0].startswith("word:")
            assert recent[1] == "beat" or s.state.last["kind"] == WRONG
            owed_seen = True
            continue
        c.clock.fire()
    assert checked > 20 and owed_seen


def test_hot_seat_match_never_shows_a_word_before_it_is_called(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    c = start_seeded(window, GAME, ["human", "human"], seed=8)
    s = c.session
    pages = 0
    answer_screens = 0
    # The screen passes to the questioner of the first question, then to the answerer of
    # each stint; after a mistake the answerer, still at the screen, sets the next question.
    for _ in range(2_000):
        _settle(c, qtbot)
        if c.over:
            break
        if c.awaiting_privacy is not None:
            # A real barrier: the table behind it is empty and no beat falls.
            assert window.stack.currentWidget() is window.privacy_page
            assert not window.table._pieces and not c.clock.is_running()
            pages += 1
            QTest.mouseClick(window.privacy_page.button, Qt.MouseButton.LeftButton)
            continue
        st = s.state
        seat = c.viewing_seat
        if st.phase == Phase.COMPOSE:
            assert seat == st.questioner
            _key(window, PUNIU if len(st.question) % 2 else "monyo")
            continue
        assert seat == st.responder
        for i in range(st.length):
            item = window.table.item_for(f"q{i}")
            assert item is not None
            # The answerer sees a word only during its own beat (PM-R11, from memory).
            if item.piece.face_up:
                assert st.phase == Phase.PLAY and st.step == i + 1
        if st.phase == Phase.ANSWER:
            answer_screens += 1
            _key(window, st.question[0])  # unswapped: a mistake, roles swap
            continue
        c.clock.fire()
    assert c.over and pages == 7 and answer_screens == 6
    assert s.state.winners == [0, 1]  # nobody scored: a draw
    qtbot.waitUntil(lambda: window.ending.summary_dialog is not None, timeout=10_000)


def test_the_real_clock_keeps_the_beat(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(clock=False)
    c = start_seeded(window, GAME, ["human", "hard"], seed=1,
                     options={"practice": True, "beat_ms": 300})
    assert isinstance(c.clock, BeatClock)
    st = c.session.state
    assert st.phase == Phase.PLAY and c.clock.is_running() and c.clock.period() == 300
    # No hand on the clock: the QTimer's beats call the words and open the answer windows,
    # and with no key pressed the first answer beat passes as a miss.
    qtbot.waitUntil(lambda: c.session.state.last is not None, timeout=30_000)
    last = c.session.state.last
    assert last is not None and last["kind"] == MISS and last["beat"] == 1
    assert len(c.session.state.results) == 1
    window.back_to_chooser()
    assert not c.clock.is_running()


def test_autosave_spares_the_beat_and_leaving_keeps_the_last_beat(  # type: ignore[no-untyped-def]
        make_window, qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from tabletop.app import autosave

    # No wall clock in the test: within a run of beats no second save falls due.
    monkeypatch.setattr(autosave, "TEMPO_SAVE_S", 1e9)
    window = make_window()
    c = start_seeded(window, GAME, ["human", "normal"], seed=2)
    path = window.saves.autosave_path

    def saved_plies() -> int:
        return len(json.loads(path.read_text(encoding="utf-8"))["log"])

    for _ in range(200):  # set the question if it is ours, until the beats begin
        _settle(c, qtbot)
        if c.clock.is_running():
            break
        _key(window, PUNIU)
    start = len(c.session.history)
    assert saved_plies() == start  # the first state of the beats is saved ...
    for _ in range(3):
        _settle(c, qtbot)
        c.clock.fire()
    now = len(c.session.history)
    assert now > start + 2 and saved_plies() == start  # ... not every beat (no fsync jolt)
    # Leaving the match writes the last beat; opened again, it goes on from there.
    window.back_to_chooser()
    assert saved_plies() == now
    assert window.files.check_autosave() is not None
    resumed = window.files.resume_pending()
    assert resumed is not None and len(resumed.session.history) == now
    _settle(resumed, qtbot)
    assert resumed.clock.is_running() and resumed.session.state.phase == Phase.PLAY
