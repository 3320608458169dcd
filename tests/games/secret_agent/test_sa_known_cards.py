"""Cards the whole table has seen go into a hand stay shown in it (``state.known``) until
they may have left: what every player at a real table remembers, and no more.

A card given back after a secret action's draw (SA-R28), a contract taken (SA-R28), the
losing bids and the super spy hired (SA-R35) are seen by all; a card played openly takes one
remembered copy of its face away; a card put down face down (SA-R23 spies, SA-R35 bids)
makes the table set aside every remembered card it could have been, until it is shown; the
table then remembers again those it was not (``state.recalled``)."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from tabletop.engine import savefile
from tabletop.engine.errors import SaveFileError
from tabletop.engine.game import random_play
from tabletop.games.secret_agent.data import LEADERS
from tabletop.games.secret_agent.state import SecretAgentState
from tabletop.registry import load_plugins
from tests.games.secret_agent.sa_build import GAME, play, position

DATA = Path(__file__).parent / "data"


def others_view(s: SecretAgentState, seat: int) -> list[list[str | None]]:
    return GAME.observation(s, seat)["hands"]


def returned_spy() -> SecretAgentState:
    """Seat 0's Spy 1 draws seat 1's Spy 4, which is stronger and goes back (SA-R28 spy
    row); seat 1 then passes and seat 2 sends a disaster at seat 1."""
    s = position([["SP-1", "SP-2"], ["SP-4", "SP-3", "TE-COM-1"], ["DS-NUC-8"]],
                 country={1: ["TE-NUC-2"]})
    s, _ = play(s, "secret:1", "spy:SP-1", "done", "steal:SP-4")
    return s


def test_a_card_given_back_after_a_secret_action_stays_shown() -> None:
    # SA-R27, SA-R28: the drawn card is shown to all, then returns to its owner's hand.
    s = returned_spy()
    assert s.known == [[], ["SP-4"], []]
    for seat in (0, 2):
        assert others_view(s, seat)[1] == ["LD-COL", "SP-4", None, None]
    assert others_view(s, 1)[1] == sorted(["LD-COL", "SP-4", "SP-3", "TE-COM-1"])


def test_a_face_down_defence_spy_makes_the_table_forget_every_spy_it_may_have_been() -> None:
    # SA-R21, SA-R23: the defence spy is face down; which of his spies it was stays secret.
    s = returned_spy()
    s, _ = play(s, "deck:SP-5", "pass", "deck:SP-6", "disaster:DS-NUC-8:1", "done")
    assert s.phase == "defend" and GAME.current_player(s) == 1
    views = []
    for spy in ("SP-4", "SP-3", "SP-5"):
        after, _ = play(s, f"spy:{spy}")
        assert after.known[1] == []
        views.append([GAME.observation(after, seat) for seat in (0, 2)])
    assert views[0] == views[1] == views[2]


def test_the_reveal_gives_back_the_remembered_spies_that_were_not_played() -> None:
    # SA-R22, SA-R23: at the reveal everyone sees the defence spy was his Spy 3, so the Spy 4
    # they saw go back is still in his hand; had it been the Spy 4, nothing is left to show.
    s = returned_spy()
    s, _ = play(s, "deck:SP-5", "pass", "deck:SP-6", "disaster:DS-NUC-8:1", "done")
    hidden, _ = play(s, "spy:SP-3")
    assert hidden.held[1] == ["SP-4"] and others_view(hidden, 0)[1] == ["LD-COL", None, None,
                                                                        None]
    shown, _ = play(hidden, "done")
    assert shown.phase == "roll" and shown.recalled[1] == ["SP-4"] and shown.held[1] == []
    for seat in (0, 2):
        assert others_view(shown, seat)[1] == ["LD-COL", "SP-4", None, None]
        assert GAME.observation(shown, seat)["known"][1] == ["SP-4"]
    spent, _ = play(s, "spy:SP-4", "done")
    assert spent.recalled[1] == [] and others_view(spent, 0)[1] == ["LD-COL", None, None, None]
    # The remembered copy leaves with the next Spy 4 played openly (SA-R25, face up).
    assert shown.known[1] == []


def test_guesses_put_a_set_aside_spy_in_the_hand_or_face_down() -> None:
    # SA-R23: while the defence spy is face down, a guess of the others may put the Spy 4
    # they remember in either place, never elsewhere; its reveal gives back only what the
    # guessed hand holds.
    s = returned_spy()
    s, _ = play(s, "deck:SP-5", "pass", "deck:SP-6", "disaster:DS-NUC-8:1", "done",
                "spy:SP-3")
    places = Counter()
    rng = random.Random(1)
    for seat in (0, 2):
        obs = GAME.observation(s, seat)
        for _ in range(200):
            guess = GAME.resample(obs, seat, rng)
            assert GAME.observation(guess, seat) == obs
            in_hand = "SP-4" in guess.hands[1]
            assert in_hand or guess.def_spies == ["SP-4"]
            places[in_hand] += 1
            shown, _ = play(guess, "done")
            assert not Counter(shown.known[1] + shown.recalled[1]) - Counter(shown.hands[1])
            # A Spy 4 shown face down takes the remembered copy with it (SA-R23).
            assert ("SP-4" in shown.recalled[1]) == (guess.def_spies != ["SP-4"])
    assert places[True] and places[False]


def test_a_hand_with_no_room_left_puts_a_set_aside_spy_face_down() -> None:
    # Everyone saw his Spy 3 and Spy 4 go into a hand of just those two and his leader. He
    # defends with one spy (SA-R23): every guess has one of the two face down, the other in
    # his hand, and no other spy anywhere near.
    s = position([["SP-1", "DS-NUC-8"], ["SP-3", "SP-4"], ["SP-2"]],
                 country={1: ["TE-NUC-2"]})
    s.known[1] = ["SP-3", "SP-4"]
    s, _ = play(s, "disaster:DS-NUC-8:1", "done", "spy:SP-3")
    assert s.phase == "defend" and s.held[1] == ["SP-3", "SP-4"]
    obs = GAME.observation(s, 0)
    assert obs["hands"][1] == ["LD-COL", None]
    down = Counter()
    rng = random.Random(2)
    for _ in range(200):
        guess = GAME.resample(obs, 0, rng)
        assert sorted(guess.hands[1][1:] + guess.def_spies) == ["SP-3", "SP-4"]
        down[guess.def_spies[0]] += 1
    assert set(down) == {"SP-3", "SP-4"}


def test_the_auction_reveal_gives_back_the_remembered_contract_not_bid() -> None:
    # SA-R35: he bid his Contract 3 face down; at the reveal the table sees it was not the
    # Contract 4 it remembered, and both are shown in his hand after he loses.
    s = position([["SS-JB", "CO-5"], ["CO-4", "SP-1", "CO-3"], ["SP-2"], ["CO-2", "SP-3"]],
                 country={1: ["TE-SPA-3"]})
    s.known[1] = ["CO-4"]
    s, _ = play(s, "special:SS-JB:1:open", "no", "hit:TE-SPA-3", "bid:CO-3", "no",
                "bid:CO-2", "bid:CO-5")
    assert s.known[1] == ["CO-3"] and s.recalled[1] == ["CO-4"]
    assert others_view(s, 2)[1] == [s.leaders[1], "CO-3", "CO-4", None]


def test_a_card_played_openly_takes_one_remembered_copy() -> None:
    # SA-R17: the technology card goes face up into the country; the others cannot tell
    # whether it was the copy they saw go back, so it is no longer remembered.
    s = position([["SP-1"], ["TE-COM-1", "TE-COM-1", "SP-2"], []])
    s, _ = play(s, "secret:1", "spy:SP-1", "done", "steal:TE-COM-1", "roll:6-6")
    assert s.known[1] == ["TE-COM-1"] and s.hands[1].count("TE-COM-1") == 2
    s, _ = play(s, "deck:SP-5", "tech:TE-COM-1")
    assert s.known[1] == [] and s.hands[1].count("TE-COM-1") == 1


def test_the_auction_shows_the_losing_bids_and_the_super_spy_hired() -> None:
    # SA-E5 (SA-R35): D wins J.B. with 2; B's 4 and A's 5 go back to their hands, seen.
    s = position([["SS-JB", "CO-5"], ["CO-4", "SP-1"], ["SP-2"], ["CO-2", "SP-3"]],
                 country={1: ["TE-SPA-3"]})
    s, _ = play(s, "special:SS-JB:1:open", "no", "hit:TE-SPA-3", "bid:CO-4", "no")
    assert s.known == [[], [], [], []]  # a bid face down shows nothing
    s, _ = play(s, "bid:CO-2", "bid:CO-5")
    assert s.known == [["CO-5"], ["CO-4"], [], ["SS-JB"]]
    assert others_view(s, 2)[3] == [s.leaders[3], "SS-JB", None]


def test_a_face_down_bid_forgets_the_remembered_contracts() -> None:
    # SA-R35: a contract bid face down may have been any contract of the hand.
    s = position([["SS-JB", "CO-5"], ["CO-4", "SP-1", "CO-3"], ["SP-2"], ["CO-2", "SP-3"]],
                 country={1: ["TE-SPA-3"]})
    s.known[1] = ["CO-4"]
    for bid in ("CO-4", "CO-3"):
        after, _ = play(s, "special:SS-JB:1:open", "no", "hit:TE-SPA-3", f"bid:{bid}")
        assert after.known[1] == []
        assert others_view(after, 2)[1] == [after.leaders[1], None, None]


@pytest.mark.parametrize("options", [{}, {"leader_abilities": True, "open_spies": True,
                                          "multi_defence": True}])
def test_remembered_cards_are_always_in_the_hand(options: dict[str, object]) -> None:
    # Over random games: the remembered cards are a part of the hand, never a leader, and
    # every seat is shown exactly them (with the leader) of another's hand.
    remembered = recalled = 0
    for seed in range(10):
        for s in random_play(GAME, GAME.new_game(3 + seed % 4, options), random.Random(seed)):
            for p in range(s.n):
                kept = s.known[p] + s.recalled[p]
                assert not Counter(kept) - Counter(s.hands[p])
                assert not set(kept + s.held[p]) & set(LEADERS)
                if s.phase == "action":  # nothing is face down between turns
                    assert s.held[p] == []
                shown = [c for c in others_view(s, (p + 1) % s.n)[p] if c is not None]
                assert sorted(shown) == sorted(kept + [s.leaders[p]] * (
                    s.leaders[p] in s.hands[p]))
                remembered += len(s.known[p])
                recalled += len(s.recalled[p])
    assert remembered > 100 and recalled > 0


@pytest.mark.parametrize("name", ["sa3-midgame-rules-v1", "sa4-finished-rules-v1"])
def test_saves_from_rules_version_1_still_load(name: str) -> None:
    # The files were written before the table remembered cards (rules version "1"): they
    # replay, remember what the game showed, and check against the digest of their form.
    plugins, _ = load_plugins(include_entry_points=False)
    session, data = savefile.load(DATA / f"{name}.json", plugins)
    assert data.rules_version == "1" and session.game.spec.rules_version == "3"
    assert session.is_terminal() == data.finished
    assert any(session.state.known)
    assert session.state_hash() != data.state_hash  # today's form has the new field
    # The digest still guards the file: the same file claiming today's rules fails it.
    raw = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    raw["game"]["rules_version"] = "2"
    with pytest.raises(SaveFileError, match="replay to a different position"):
        savefile.loads(json.dumps(raw), plugins)


@pytest.mark.parametrize("name", ["sa3-auction-rules-v2", "sa3-midgame-rules-v2"])
def test_saves_from_rules_version_2_still_load(name: str) -> None:
    # Written before a reveal gave back the remembered cards a face-down card hid (rules
    # version "2"): they replay, remember those cards again, and check against their form.
    plugins, _ = load_plugins(include_entry_points=False)
    session, data = savefile.load(DATA / f"{name}.json", plugins)
    assert data.rules_version == "2" and session.game.spec.rules_version == "3"
    assert any(session.state.recalled)
    assert session.state_hash() != data.state_hash
    raw = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    raw["game"]["rules_version"] = "3"
    with pytest.raises(SaveFileError, match="replay to a different position"):
        savefile.loads(json.dumps(raw), plugins)
