"""Real mouse drags on the Magos table in the full app: a die cast onto a spell, and a refused
drop that changes nothing and puts the die back."""

from __future__ import annotations

import pytest

from tabletop.app.controller import WARNING
from tabletop.app.newgame import GameSetup
from tabletop.registry import load_plugins
from tests.table.tablehelp import drag, same_point

plugins, _failures = load_plugins(include_entry_points=False)
pytestmark = pytest.mark.skipif("magos" not in plugins, reason="Magos did not load")


def start_human_turn(make_window, qtbot):  # type: ignore[no-untyped-def]
    window = make_window({"magos": plugins["magos"]})
    c = window.start_game(GameSetup("magos", 2, ["human", "random"], {}, seed=3))
    assert c is not None
    qtbot.waitUntil(c.is_human_turn, timeout=30_000)
    obs = c.session.observation(0)
    assert obs["phase"] == "main" and obs["players"][0]["mana"] == 0  # the first own turn
    slots = {h["spell"]: h["slot"] for h in obs["players"][0]["hand"]}
    return window, c, obs, slots


def test_dragging_a_die_onto_harmony_casts_it(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window, c, obs, slots = start_human_turn(make_window, qtbot)
    table = window.table
    value = obs["dice"][0]
    before = len(c.session.history)
    drag(table, table.view_pos_of("die0"), table.view_pos_of(slots["harmony"]))
    qtbot.waitUntil(lambda: len(c.session.history) > before, timeout=5_000)
    assert c.session.history[before].action == f"cast:harmony:{value}"  # MG-S01
    assert c.session.observation(0)["players"][0]["mana"] == min(value, 8)


def test_illegal_drop_changes_nothing_and_the_die_returns(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window, c, _obs, slots = start_human_turn(make_window, qtbot)
    table = window.table
    before_hash = c.session.state_hash()
    before_len = len(c.session.history)
    home = table.piece_scene_pos("die0")
    # With no mana, a die cannot be Fireball's cost die (MG-R23).
    drag(table, table.view_pos_of("die0"), table.view_pos_of(slots["fireball"]))
    qtbot.waitUntil(lambda: same_point(table.piece_scene_pos("die0"), home), timeout=5_000)
    assert c.session.state_hash() == before_hash
    assert len(c.session.history) == before_len
    assert window.table_page.status_kind == WARNING
    assert "Fireball" in window.table_page.status.text()
    assert "mana" in window.table_page.status.text()
