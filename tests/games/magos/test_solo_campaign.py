"""Magos solo campaign: progress transitions (MG-R50, MG-R51, MG-R58, MG-G13), JSON, and the
slot store (atomic writes, damaged files kept aside, several slots)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tabletop.engine import Session
from tabletop.games.magos.campaign import (
    FORMAT_VERSION,
    Campaign,
    CampaignError,
    CampaignFileError,
    CampaignStore,
    default_directory,
)
from tabletop.games.magos.data import CAMPAIGN_ORDER, FIRST_GAME_HAND, LISTING_ORDER
from tests.games.magos.solo_build import SOLO

T0 = "2024-05-01T10:00:00+00:00"
T1 = "2024-05-01T10:20:00+00:00"
HAND = ("harmony", "zeal", "tempest", "pain", "pain")


def files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


# -- transitions --------------------------------------------------------------------------------

def test_new_campaign_starts_at_a1_with_a_draft() -> None:
    # MG-R50, MG-R51: the campaign starts against a-1 and drafts first.
    c = Campaign.new("main", now=T0)
    assert c.enemy == CAMPAIGN_ORDER[0] == "training_dummy"
    assert c.draft_due and c.defeats == 0 and c.beaten == () and not c.finished
    assert (c.started, c.updated) == (T0, T0)
    assert c.battle_options() == {"enemy": "training_dummy", "dice": "patch-v1.1",
                                  "setup": "draft", "hand": ""}
    s = Session(SOLO, options=c.battle_options(), seed=1).state
    assert s.phase == "draft"


def test_victory_moves_on_with_the_same_spells() -> None:
    # MG-R51: after a victory the same five spells fight the next opponent.
    c = Campaign.new("main", now=T0).after_battle(True, spells=HAND, turn=5, now=T1)
    assert c.enemy_index == 1 and c.enemy == "vampire" and c.spells == HAND
    assert c.defeats == 0 and [(b.enemy, b.turn) for b in c.beaten] == [("training_dummy", 5)]
    assert (c.started, c.updated) == (T0, T1)
    opts = c.battle_options()
    assert opts == {"enemy": "vampire", "dice": "patch-v1.1", "setup": "first-game",
                    "hand": "harmony,zeal,tempest,pain,pain"}
    s = Session(SOLO, options=opts, seed=1).state
    assert s.enemy == "vampire" and s.hands[0] == list(HAND)
    # A second victory needs no spells: the carried hand is used.
    c2 = c.after_battle(True, turn=7, now=T1)
    assert c2.enemy == "monstrous_fish" and c2.spells == HAND and len(c2.beaten) == 2


def test_defeat_retries_the_same_enemy_after_a_draft() -> None:
    # MG-R51, MG-G13, MG-R58: a defeat adds to the score; the same enemy comes back, drafted.
    c = Campaign.new("main", spells=FIRST_GAME_HAND, now=T0).after_battle(True, turn=3, now=T0)
    lost = c.after_battle(False, now=T1)
    assert lost.enemy == "vampire" and lost.defeats == 1 and lost.score == 1
    assert lost.draft_due and lost.battle_options()["setup"] == "draft"
    assert lost.beaten == c.beaten and lost.battles == 2
    again = lost.after_battle(False, now=T1)
    assert again.score == 2 and again.enemy == "vampire"
    assert c.defeats == 0 and not c.draft_due  # transitions are pure


def test_a_drafted_victory_needs_its_spells() -> None:
    c = Campaign.new("main", now=T0)
    with pytest.raises(CampaignError, match="five spells"):
        c.after_battle(True, turn=4)
    with pytest.raises(CampaignError, match="hand"):
        c.after_battle(True, spells=("harmony", "pain"), turn=4)


def test_beating_a17_finishes_the_campaign() -> None:
    # MG-R58: victory over a-17 wins the campaign.
    c = Campaign.new("main", spells=FIRST_GAME_HAND, now=T0)
    for i in range(17):
        if i == 5:
            c = c.after_battle(False).after_battle(True, spells=HAND, turn=9)
        else:
            c = c.after_battle(True, turn=i + 1)
    assert c.finished and c.enemy is None and c.score == 1
    assert [b.enemy for b in c.beaten] == list(CAMPAIGN_ORDER)
    with pytest.raises(CampaignError, match="already won"):
        c.after_battle(True)
    with pytest.raises(CampaignError, match="already won"):
        c.battle_options()


def test_listing_order_switch() -> None:
    # MG-G1: the source listing order is kept as a switch.
    c = Campaign.new("alt", order="listing", now=T0)
    assert c.enemy == LISTING_ORDER[0] == "stone_gargoyle"
    assert c.after_battle(True, spells=HAND, turn=2).enemy == LISTING_ORDER[1]


def test_json_round_trip() -> None:
    c = (Campaign.new("run 1", dice="rolled", now=T0)
         .after_battle(False, now=T1).after_battle(True, spells=HAND, turn=6, now=T1))
    data = json.loads(json.dumps(c.to_json()))
    assert data["format"] == "tabletop-magos-campaign" and data["version"] == FORMAT_VERSION
    assert data["enemy"] == "vampire" and data["spells"] == list(HAND)
    assert Campaign.from_json(data) == c


@pytest.mark.parametrize(("change", "words"), [
    ({"version": 99}, "format version 99"),
    ({"format": "something"}, "not a Magos campaign"),
    ({"enemy_index": "3"}, "'enemy_index' should be a whole number"),
    ({"enemy_index": 30}, "outside"),
    ({"spells": ["harmony", "lightning", "pain", "zeal", "gale"]}, "bad spells"),
    ({"dice": "loaded"}, "unknown dice mode"),
    ({"finished": True}, "finished flag"),
    ({"beaten": [{"enemy": "intruder", "turn": 3}]}, "beaten enemy 1 is 'intruder'"),
])
def test_from_json_names_the_problem(change: dict, words: str) -> None:
    base = Campaign.new("x", spells=HAND, now=T0).after_battle(True, turn=2).to_json()
    with pytest.raises(CampaignError, match=words):
        Campaign.from_json({**base, **change})
    broken = dict(base)
    del broken["defeats"]
    with pytest.raises(CampaignError, match="'defeats' is missing"):
        Campaign.from_json(broken)


# -- the store ----------------------------------------------------------------------------------

def test_store_round_trip_and_several_slots(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path / "camp")
    assert store.list() == []
    a = Campaign.new("main", now=T0).after_battle(True, spells=HAND, turn=4, now=T1)
    b = Campaign.new("ゆうき/2", dice="rolled", now=T0)
    c = Campaign.new(".hidden?", now=T0)
    for camp in (a, b, c):
        store.save(camp)
    assert store.list() == sorted(["main", "ゆうき/2", ".hidden?"])
    assert store.load("main") == a and store.load("ゆうき/2") == b and store.load(".hidden?") == c
    assert all(not name.startswith(".") for name in files(tmp_path / "camp"))
    later = a.after_battle(False, now=T1)
    store.save(later)
    assert store.load("main") == later and store.list() == sorted(["main", "ゆうき/2", ".hidden?"])
    store.delete("ゆうき/2")
    assert store.list() == sorted(["main", ".hidden?"])
    with pytest.raises(CampaignError, match="no campaign named 'ゆうき/2'"):
        store.load("ゆうき/2")
    with pytest.raises(CampaignError, match="no campaign"):
        store.delete("ゆうき/2")
    with pytest.raises(CampaignError, match="slot name"):
        store.save(Campaign("  padded", started=T0, updated=T0))


def test_save_is_atomic_and_leaves_no_temp_files(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    store = CampaignStore(tmp_path)
    first = Campaign.new("main", now=T0)
    path = store.save(first)
    assert files(tmp_path) == ["main.json"]
    assert json.loads(path.read_text(encoding="utf-8"))["slot"] == "main"
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd))[1])
    store.save(first.after_battle(True, spells=HAND, turn=3))
    assert synced and files(tmp_path) == ["main.json"]

    # A crash at the rename leaves the old file whole and no temp file behind.
    def broken_replace(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    before = path.read_bytes()
    with pytest.raises(OSError, match="disk full"):
        store.save(first.after_battle(False))
    assert path.read_bytes() == before and files(tmp_path) == ["main.json"]


@pytest.mark.parametrize(("content", "problem"), [
    (b"{not json", "not valid JSON"),
    (b"\xff\xfe\x00", "not UTF-8"),
    (b"[1, 2]", "does not hold a JSON object"),
    (json.dumps({"format": "tabletop-magos-campaign", "version": 7}).encode(),
     "format version 7 is not supported"),
    # Once escaped the loader (RecursionError, OverflowError, ValueError of int()):
    (b"[" * 5000 + b"]" * 5000, "levels deep"),
    (b'{"format": "tabletop-magos-campaign", "version": 1, "defeats": 1' + b"0" * 5000 + b"}",
     "too large"),
    (b'{"format": "tabletop-magos-campaign", "version": 1e999}', "too large"),
    (b'{"format": "tabletop-magos-campaign\\ud800", "version": 1}', "surrogate"),
])
def test_damaged_file_is_kept_aside(tmp_path: Path, content: bytes, problem: str) -> None:
    store = CampaignStore(tmp_path)
    store.save(Campaign.new("other", now=T0))
    path = store.path("main")
    path.write_bytes(content)
    with pytest.raises(CampaignFileError) as info:
        store.load("main")
    err = info.value
    assert problem in str(err) and str(path) in str(err)
    assert err.kept is not None and err.kept.name in str(err)
    assert err.kept.name.startswith("main.damaged-") and err.kept.suffix == ".json"
    assert err.kept.read_bytes() == content  # kept as it was, not reset
    assert not path.exists()
    assert store.list() == ["other"]  # the damaged copy is not a slot
    # The slot can be started afresh; the damaged copy stays.
    store.save(Campaign.new("main", now=T0))
    assert store.load("main").enemy == "training_dummy" and err.kept.exists()


def test_bad_fields_are_damage_too(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path)
    data = Campaign.new("main", now=T0).to_json()
    data["defeats"] = -3
    store.path("main").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CampaignFileError, match="negative defeat"):
        store.load("main")
    assert len([n for n in files(tmp_path) if ".damaged-" in n]) == 1


def test_save_never_overwrites_a_damaged_file(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path)
    store.path("main").write_bytes(b"garbage")
    store.save(Campaign.new("main", now=T0))
    damaged = [n for n in files(tmp_path) if n.startswith("main.damaged-")]
    assert len(damaged) == 1 and (tmp_path / damaged[0]).read_bytes() == b"garbage"
    assert store.load("main").slot == "main"


def test_default_directory_uses_platformdirs(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    import platformdirs

    monkeypatch.delenv("TABLETOP_DATA_DIR", raising=False)
    monkeypatch.setattr(platformdirs, "user_data_dir",
                        lambda app, appauthor=None: str(tmp_path / app))
    assert default_directory() == tmp_path / "tabletop" / "magos"
    assert CampaignStore().directory == tmp_path / "tabletop" / "magos"
