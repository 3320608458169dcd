"""Hostile save files, loaded by the engine and found by the app at start-up.

A seeded sample of the corpus in ``save_corpus`` runs with every test run; the whole corpus
runs under ``make slow``. Any load that ends in another exception than ``SaveFileError``, with
a message unfit to show, or not at all, fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tabletop.app.window import MainWindow
from tabletop.engine.files import DAMAGED

from .save_corpus import HANG, OK, REFUSED, TRACEBACK, corpus, judge, plugins, run


def _check(count: int, seed: int) -> None:
    outcomes, kinds, failures = run(count, seed)
    assert not failures, "\n".join(failures)
    assert outcomes[TRACEBACK] == outcomes[HANG] == 0
    assert outcomes[OK] + outcomes[REFUSED] == count
    assert len(kinds) >= 5  # the corpus reaches most ways a file can be bad


def test_a_sample_of_hostile_saves_is_refused_cleanly_or_loads() -> None:
    _check(1500, seed=0)


@pytest.mark.slow
def test_the_whole_hostile_save_corpus() -> None:
    _check(20_000, seed=1)


def test_the_app_starts_whatever_damaged_autosave_it_finds(qtbot, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    found = plugins()
    picked = [(g, raw) for g, raw in corpus(400, seed=2) if judge(raw).outcome == REFUSED][:25]
    assert len(picked) == 25
    for i, (_game, raw) in enumerate(picked):
        data = tmp_path / f"data{i}"
        auto = data / "autosave"
        auto.mkdir(parents=True)
        (auto / "current.json").write_bytes(raw)
        monkeypatch.setenv("TABLETOP_DATA_DIR", str(data))
        settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
        window = MainWindow(found, [], settings=settings, ai_delay_ms=0, animate=False)
        qtbot.addWidget(window)
        assert window.files.pending is None
        names = [p.name for p in auto.iterdir()]
        # Set aside for a look, never deleted; an uninstalled game's file stays in place.
        assert any(DAMAGED in n for n in names) or names == ["current.json"], names
        box = window.message_box
        if any(DAMAGED in n for n in names):
            assert box is not None and len(box.text()) < 2000
        window.close()
