"""Punimonyo aloud (PM-R6): a seeded match between two computer seats, its beat clock stepped
by hand and its sounds recorded, voices each called word on the beat that calls it, clicks on
every beat, and sounds each answer's verdict."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.app.sound import RecordingSink
from tabletop.engine import sounds as snd
from tabletop.games.punimonyo.data import WORDS
from tabletop.games.punimonyo.model import OK
from tabletop.games.punimonyo.plugin import PLUGIN
from tabletop.testing.table_driver import Windows, start_seeded, temp_data_dir, temp_settings
from tests.games.punimonyo.pm_clock import ManualClock

GAME = "punimonyo"


@pytest.fixture
def window(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:  # type: ignore[no-untyped-def]
    temp_data_dir(tmp_path, monkeypatch)
    windows = Windows(qtbot, temp_settings(tmp_path))
    w = windows({GAME: PLUGIN}, clock_factory=ManualClock, sound_sink=RecordingSink())
    w.sound.active = lambda: True  # an offscreen window may never be the active one
    yield w
    windows.close_all()


def _called(records: list[Any]) -> list[str]:
    """The words these records call: a beat that calls a word the questioner entered, or the
    word the app draws on its beat."""
    out: list[str] = []
    for record in records:
        for e in record.events:
            if (e.kind == "beat" and "word" in e.data) or e.kind == "call":
                out.append(str(e.data["word"]))
    return out


def test_a_seeded_match_voices_the_called_words_on_their_beats(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    sink: RecordingSink = window.sound.sink
    c = start_seeded(window, GAME, ["normal", "normal"], seed=7, options={"ai_k": "0.12"})
    s = c.session
    beats = voiced = 0
    for _ in range(20_000):
        qtbot.waitUntil(lambda: c.over or c.beat.pending(), timeout=20_000)
        if c.over:
            break
        ply, heard = len(s.history), len(sink.played)
        c.clock.fire()
        names = sink.names()[heard:]
        called = _called(s.history[ply:ply + 2])  # the beat, and the word drawn on it
        assert [n for n in names if n in WORDS] == called, f"beat at ply {ply}"
        assert names[:1] == [snd.BEAT]  # the click first, on every beat
        beats += 1
        voiced += len(called)
    assert c.over
    everything = _called(s.history)
    assert voiced == len(everything) > 20
    assert sum(1 for n in sink.names() if n in WORDS) == len(everything)
    assert beats > voiced
    verdicts = [e.data["kind"] for r in s.history for e in r.events if e.kind == "result"]
    assert sink.names().count(snd.RIGHT) == verdicts.count(OK) > 0
    assert sink.names().count(snd.WRONG) == len(verdicts) - verdicts.count(OK) > 0
    assert sink.names()[-1] == snd.WIN  # two computer seats: someone won
