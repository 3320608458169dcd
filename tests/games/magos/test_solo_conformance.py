"""Magos solo against the engine contract: the conformance kit for several enemies and both
dice modes, the (absent) hidden information, resampling, and the Qt-free boundary."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.engine import CHANCE, TERMINAL, Session, check_game
from tests.games.magos.solo_build import SOLO, battle, play

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("dice", ["patch-v1.1", "rolled"])
@pytest.mark.parametrize("enemy", ["training_dummy", "skeleton_knight", "sleeping_lion",
                                   "intruder"])
def test_conformance_kit(enemy: str, dice: str) -> None:
    report = check_game(SOLO, seeds=range(20), options={"enemy": enemy, "dice": dice})
    assert report.games == 20 and report.moves > 100 and report.chance_nodes > 100


def test_conformance_kit_draft_and_hand() -> None:
    report = check_game(SOLO, seeds=range(10), options={"setup": "draft", "enemy": "reaper"})
    assert report.games == 10
    report = check_game(SOLO, seeds=range(5),
                        options={"hand": "doomsday,purgatory,zeal,passion,rapid_fire"})
    assert report.games == 5


def test_nothing_is_hidden_and_resample_rebuilds_the_state() -> None:
    # The spec is honest: no state holds anything the player cannot see, so a resample is
    # the true state itself, and the spectator view equals the player's.
    assert SOLO.spec.has_hidden_information is False
    for dice in ("patch-v1.1", "rolled"):
        session = Session(SOLO, options={"setup": "draft", "dice": dice}, seed=9)
        rng = random.Random(1)
        checked = 0
        while not session.is_terminal():
            s = session.state
            obs = SOLO.observation(s, 0)
            spectator = SOLO.observation(s, None)
            assert {**obs, "seat": None} == spectator
            sample = SOLO.resample(json.loads(json.dumps(obs)), 0, rng)
            assert SOLO.state_to_json(sample) == SOLO.state_to_json(s)
            checked += 1
            legal = session.legal_actions()
            session.submit(0, legal[rng.randrange(len(legal))])
        assert checked > 10


def test_intermediate_enemy_states_resample_exactly() -> None:
    # The app replays the enemy's steps one by one: each intermediate state is a chance node
    # whose observation still rebuilds it exactly (for an agent or a saved view).
    s = battle("earth_dragon", dice=[1], turns=(4, 3), enemy_hp=12)
    s, _ = play(s, "end", "enemy:1")
    assert SOLO.current_player(s) == CHANCE
    obs = SOLO.observation(s, 0)
    assert obs["enemy"]["resolved"] == 1 and obs["enemy"]["faces"] == [1, 2, 2, 3]
    assert obs["enemy"]["last_face"] == 1 and obs["enemy"]["steps"][0]["effect"] == "heal"
    back = SOLO.resample(obs, 0, random.Random(0))
    assert SOLO.state_to_json(back) == SOLO.state_to_json(s)
    assert SOLO.chance_outcomes(back) == [("enemy:2", 1.0)]


def test_session_json_replays_a_battle() -> None:
    session = Session(SOLO, options={"enemy": "assassin", "dice": "rolled"}, seed=12)
    rng = random.Random(3)
    while not session.is_terminal():
        legal = session.legal_actions()
        session.submit(0, legal[rng.randrange(len(legal))])
    data = json.loads(json.dumps(session.to_json()))
    again = Session.from_json(SOLO, data)
    assert again.state_hash() == session.state_hash() == data["state_hash"]
    assert SOLO.current_player(again.state) == TERMINAL


def test_solo_modules_do_not_import_qt() -> None:
    mods = ["tabletop.games.magos.solo", "tabletop.games.magos.solo_view",
            "tabletop.games.magos.campaign"]
    code = (
        "import sys, importlib\n"
        f"for m in {mods!r}:\n"
        "    importlib.import_module(m)\n"
        "print(','.join(sorted(k for k in sys.modules if k.startswith(('PySide6', 'pyqtgraph')))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == ""
