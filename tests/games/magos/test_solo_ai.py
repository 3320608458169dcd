"""Magos solo AI: in the draft (MG-R51) the search keeps the spells found best against the
enemy first, and searches every card once none of them is left."""

from __future__ import annotations

from collections import Counter

from tabletop.ai.levels import make_agent
from tabletop.games.magos.data import FIRST_GAME_HAND, SOLO_SPELL_SETS, solo_spell_set
from tabletop.games.magos.model import Phase
from tabletop.games.magos.solo import MagosSoloState
from tests.games.magos.solo_build import SOLO

DEALT = ["harmony", "fireball", "pain", "ring_of_fire", "wrath", "zeal", "gale", "fireball",
         "healing", "tempest"]


def _draft(enemy: str, dealt: list[str]) -> MagosSoloState:
    s = SOLO.new_initial_state(1, {"setup": "draft", "enemy": enemy})
    s.dealt = [list(dealt), []]
    s.phase = Phase.DRAFT
    return s


def test_the_draft_keeps_the_enemys_set_first() -> None:
    # MG-R51: keep five of Harmony plus nine dealt. Against the Armored Dragon the search
    # tries only the spells of its found set while one of them is left to keep.
    s = _draft("armored_dragon", DEALT)
    wanted = SOLO_SPELL_SETS["armored_dragon"]
    legal = SOLO.legal_actions(s)
    assert len(legal) == 9  # every distinct dealt spell is a legal keep
    assert SOLO.search_actions(s, legal) == sorted(f"keep:{sp}" for sp in wanted)
    SOLO.apply_in_place(s, "keep:pain")
    assert "keep:pain" not in SOLO.search_actions(s, SOLO.legal_actions(s))
    # Against the Intruder the set with Meditation, as far as it was dealt (no Meditation here).
    intruder = _draft("intruder", DEALT)
    assert SOLO.search_actions(intruder, SOLO.legal_actions(intruder)) == [
        "keep:harmony", "keep:healing", "keep:ring_of_fire", "keep:wrath"]
    # An enemy without a found set: the first-game spells, as far as they were dealt.
    other = _draft("reaper", DEALT)
    assert solo_spell_set("reaper") == FIRST_GAME_HAND
    assert SOLO.search_actions(other, SOLO.legal_actions(other)) == sorted(
        f"keep:{sp}" for sp in set(FIRST_GAME_HAND) if sp in DEALT)


def test_with_none_of_the_set_left_every_card_is_searched() -> None:
    dealt = ["harmony", "zeal", "gale", "tempest", "meditation", "fireball", "fireball",
             "passion", "doomsday", "revival"]
    s = _draft("armored_dragon", dealt)
    SOLO.apply_in_place(s, "keep:harmony")
    legal = SOLO.legal_actions(s)
    assert SOLO.search_actions(s, legal) == legal
    # Outside the draft nothing is left out.
    battle = SOLO.new_initial_state(1, {"enemy": "armored_dragon"})
    while SOLO.current_player(battle) < 0:
        SOLO.apply_in_place(battle, SOLO.chance_outcomes(battle)[0][0])
    legal = SOLO.legal_actions(battle)
    assert SOLO.search_actions(battle, legal) == legal


def test_hard_drafts_the_found_set_when_it_is_dealt() -> None:
    hard = make_agent("hard", time_cap=None)
    s = _draft("armored_dragon", DEALT)
    for k in range(5):
        legal = SOLO.legal_actions(s)
        SOLO.apply_in_place(s, hard.choose(SOLO, SOLO.observation(s, 0), 0, legal,
                                           seed=k).action)
    assert Counter(s.hands[0]) == Counter(SOLO_SPELL_SETS["armored_dragon"])
