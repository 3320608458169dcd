"""Secret Agent: Peace against War read two ways (the ``peace_ends_war`` option, SA-R46), and
the special refill's ``refill_actions_only`` option (SA-C7) shown to change play: a Peace
played from hand against another player's War brings a hand of 4 down to 3. Each test plays
both settings; the default's JSON form is the one saved games hold, and old option sets load."""

from __future__ import annotations

import random
from pathlib import Path

from tabletop.api import Event
from tabletop.engine import savefile
from tabletop.games.secret_agent.ai import playout_choice, worth
from tabletop.games.secret_agent.state import SecretAgentState
from tabletop.registry import load_plugins
from tests.games.secret_agent.sa_build import GAME, kinds, play, position, say

DATA = Path(__file__).parent / "data"
COUNTRY = {0: ["TE-MIL-3"], 1: ["TE-SPA-2"], 2: ["TE-COM-1"]}


def _war(options: dict[str, bool]) -> tuple[SecretAgentState, list[Event]]:
    """Seat 0 draws War, which goes round from him: seat 0, seat 1, seat 2. Seat 1 holds
    Peace and two spies (and its leader: 4 cards); every country has one card. Each seat to
    lose gives up its only card; seat 1 plays its Peace."""
    hands = [["SP-1"], ["CT-PE", "SP-1", "SP-2"], ["SP-2"]]
    s = position(hands, turn=0, options=options, country=COUNTRY)
    s.phase = "draw"
    s, events = play(s, "deck:EV-WAR")
    log = list(events)
    while s.phase == "lose":
        legal = GAME.legal_actions(s)
        s, events = play(s, next((a for a in legal if a.startswith("counter")), legal[0]))
        log += events
    return s, log


# -- Peace against War (SA-R46, SA-R43) ----------------------------------------------------


def test_peace_saves_only_its_owner_from_war_by_default() -> None:
    # SA-R46 (default): War goes round from the drawer; seat 1's Peace keeps its own card,
    # and seat 2 after it still loses his.
    s, log = _war({})
    assert s.phase == "action"
    assert [s.score(p) for p in range(3)] == [0, 2, 0]
    assert "war_avoided" not in kinds(log)


def test_peace_ends_war_option_avoids_the_event_for_those_still_to_lose() -> None:
    # SA-R46 option peace_ends_war: the Peace avoids the War itself; seat 2, still to lose,
    # keeps his card (the drawer had lost his before the Peace).
    s, log = _war({"peace_ends_war": True})
    assert s.phase == "action"
    assert [s.score(p) for p in range(3)] == [0, 2, 1]
    said = [say(e) for e in log if e.kind == "war_avoided"]
    assert said == ["Player 2's Peace avoids the War: Player 3 loses no technology to it."]


def test_open_peace_ends_war_with_the_option() -> None:
    # SA-R43, SA-R46 option: an open Peace used up automatically avoids the War as well.
    for ends, scores in ((False, [0, 2, 0]), (True, [0, 2, 1])):
        s = position([["SP-1"], ["SP-1"], ["SP-2"]], turn=0, country=COUNTRY,
                     counters={1: ["CT-PE"]}, options={"peace_ends_war": ends})
        s.phase = "draw"
        s, _ = play(s, "deck:EV-WAR")
        while s.phase == "lose":
            s, _ = play(s, GAME.legal_actions(s)[0])
        assert [s.score(p) for p in range(3)] == scores


def test_ai_values_peace_by_the_reading() -> None:
    # SA-R46: an open Peace shields the rivals too where it avoids the whole War, so it is
    # worth less to its owner; and a playout holds its Peace back when it would save a rival
    # more than itself.
    base = position([["SP-1"], ["SP-1"], ["SP-2"]], counters={1: ["CT-PE"]})
    shared = position([["SP-1"], ["SP-1"], ["SP-2"]], counters={1: ["CT-PE"]},
                      options={"peace_ends_war": True})
    assert worth(shared, 1) < worth(base, 1)
    rich = {0: ["TE-COM-1"], 1: ["TE-SPA-1"], 2: ["TE-MIL-5"]}
    for ends, choice in ((False, "counter:CT-PE"), (True, "lose:TE-SPA-1")):
        s = position([["SP-1"], ["CT-PE", "SP-1"], ["SP-2"]], turn=0, country=rich,
                     options={"peace_ends_war": ends})
        s.phase = "draw"
        s, _ = play(s, "deck:EV-WAR", "lose:TE-COM-1")
        assert s.phase == "lose" and s.actor == 1
        assert playout_choice(s, GAME.legal_actions(s), random.Random(0)) == choice


# -- the special refill after events (SA-C7) -------------------------------------------------


def test_refill_actions_only_decides_the_refill_after_a_peace_from_hand() -> None:
    # SA-C7, SA-R15: seat 1's hand of 4 (its leader counts, SA-G11) goes down to 3 when it
    # plays Peace against seat 0's War. By default that drop counts and seat 1 is offered the
    # special refill at the end of the turn; with refill_actions_only it does not.
    for only_actions, offered in ((False, True), (True, False)):
        s, _ = _war({"refill_actions_only": only_actions})
        assert len(s.hands[1]) == 3
        s, _ = play(s, "pass")
        assert (s.phase == "refill" and GAME.current_player(s) == 1) is offered
        if not offered:
            assert s.phase == "draw" and s.turn == 1


# -- saves ------------------------------------------------------------------------------------


def test_default_json_form_and_old_saves_still_load() -> None:
    # SA-R46, SA-C7: at the default the state's JSON form (and every saved digest) is the one
    # written before the Peace option existed; a game saved then with refill_actions_only set
    # replays and checks against its digest.
    s = GAME.new_game(3)
    data = GAME.state_to_json(s)
    assert "peace_ends_war" not in data and not GAME.state_from_json(data).peace_ends_war
    assert GAME.state_to_json(GAME.new_game(3, {"peace_ends_war": True}))["peace_ends_war"]
    plugins, _ = load_plugins(include_entry_points=False)
    session, saved = savefile.load(DATA / "sa3-refill-actions-only-before-peace.json", plugins)
    assert saved.options["refill_actions_only"] is True and "peace_ends_war" not in saved.options
    assert session.state_hash() == saved.state_hash
    assert session.state.refill_actions_only and not session.state.peace_ends_war
