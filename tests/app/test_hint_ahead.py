"""The hint works ahead while the person thinks: in a Magos solo battle, which the hint's level
solves exactly, the position is solved before the hint is asked, so the hint gives the exact
chances at once instead of the search's estimate from a solve its time cap cut short."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tabletop.games.magos import solver as solver_module
from tests.app.magos_driver import PLUGINS, SOLO, solo_plugins
from tests.app.test_chance_steps import start_battle

pytestmark = pytest.mark.skipif(SOLO not in PLUGINS, reason="Magos solo did not load")


def _solved(state: Any, legal: list[str]) -> bool:
    """Whether the kept solver knows the value of every move from ``state`` (read on the GUI
    thread while the thinker's thread solves: dictionary look-ups)."""
    kept = list(solver_module._KEPT.values())
    return bool(kept) and all(kept[-1]._known(kept[-1]._child(state, a)) is not None
                              for a in legal)


def test_a_battle_is_solved_before_the_hint_is_asked(make_window, qtbot,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solver_module, "_KEPT", {})  # nothing solved by other tests
    window = make_window(solo_plugins())
    c = start_battle(window)
    state, legal = c.session.state, c.session.legal_actions()
    assert not _solved(state, legal)
    # Nothing is asked: the thinker's thread works on the person's position by itself.
    qtbot.waitUntil(lambda: _solved(state, legal), timeout=120_000)
    assert c.thinking.pending is None and c.is_human_turn()
    found: list[Any] = []
    c.thinking.hint_found.connect(found.append)
    window.menus.act_hint.trigger()
    qtbot.waitUntil(lambda: bool(found), timeout=30_000)
    hint = found[0]
    # Solved, not searched: every move's exact value, one "visit" each.
    assert hint.iterations == 0 and set(hint.values) == set(legal) == set(hint.visits)
    assert hint.action in legal
    status = window.table_page.status.full_text()
    assert re.match(r"Hint: .+ \(your chances about \d+%\)", status), status
    assert c.moves() == []
