"""Sheep & Thief: the readings of the source the rules reference decided one way (ST-G09 the
thief's steps, ST-G10 where it steals, ST-G11 the house), each an option whose default is the
decision. Every test plays both settings; the default's JSON form is the one saved games hold,
and the AI's guides read each option where it matters."""

from __future__ import annotations

import json
import random
from pathlib import Path

from tabletop.engine import savefile
from tabletop.games.sheep_and_thief.ai import best_dog_move, best_thief_step, position_value
from tabletop.games.sheep_and_thief.state import Phase
from tabletop.games.sheep_and_thief.view import SheepAndThiefView
from tabletop.registry import load_plugins
from tests.games.sheep_and_thief.st_build import (
    GAME,
    cell,
    kinds,
    play,
    position,
    put,
    reason,
    say,
    sheep_total,
)

DATA = Path(__file__).parent / "data"
OPEN = {"house": "open"}
UP_TO = {"thief": "up-to"}
LAST = {"theft": "last-step"}


def _thief_on_the_house(options: dict[str, str] | None) -> tuple[list[int], list[str]]:
    s = position([["M01"], ["M02"]], thief=(0, 1), options=options)
    s.phase, s.thieves_left, s.turn = Phase.THIEF, 1, 1
    s, ev = play(s, "thief:0,0")
    return [s.sheep[0][0], s.sheep[1][0], *s.fence, s.stock], kinds(ev)


# -- ST-G11: the house -------------------------------------------------------------------


def test_house_shelters_its_sheep_by_default() -> None:
    # ST-G11 (default safe), ST-R24: the thief on the house takes nothing there.
    counts, events = _thief_on_the_house(None)
    assert counts[:4] == [1, 1, 0, 0] and events.count("safe") == 2


def test_house_open_option_lets_the_thief_take_the_first_sheep() -> None:
    # ST-G11 option open: only hut cards shelter (the source's 小屋の絵), so the thief on the
    # house takes the other's sheep into the mover's fence and scatters the mover's own.
    s = position([["M01"], ["M02"]], thief=(0, 1), options=OPEN)
    s.phase, s.thieves_left, s.turn = Phase.THIEF, 1, 1
    total = sheep_total(s)
    s, ev = play(s, "thief:0,0")
    assert s.sheep[0][0] == 0 and s.sheep[1][0] == 0 and s.fence == [0, 1]
    assert "safe" not in kinds(ev) and sheep_total(s) == total
    # ST-R24: a hut card still shelters under the option.
    s = position([["M03"], ["M01"]], thief=(1, 1), options=OPEN)
    put(s, 1, "1,0", "M28", sheep=3)
    s, _ = play(s, "place:M03@0,1", "thief:1,0")
    assert s.sheep[1][cell("1,0")] == 3 and s.fence == [0, 0]


# -- ST-G09: the thief's steps -----------------------------------------------------------


def test_thief_cannot_stop_early_by_default() -> None:
    # ST-G09 (default exact), ST-R22: no halt among the moves, and a halt is refused.
    s = position([["M17"], ["M01"]], thief=(0, 1))
    s, _ = play(s, "place:M17@1,0")
    assert "halt" not in GAME.legal_actions(s)
    assert "every step" in reason(s, "halt")
    assert GAME.is_well_formed("halt")


def test_thief_may_stop_early_with_the_up_to_option() -> None:
    # ST-G09 option up-to: like the sheepdogs, the thief may stop before any of its steps.
    s = position([["M17"], ["M01"]], thief=(0, 1), options=UP_TO)
    s, _ = play(s, "place:M17@1,0")
    assert GAME.legal_actions(s) == ["halt", "thief:0,0", "thief:0,2", "thief:1,1"]
    s, ev = play(s, "thief:0,2", "halt")
    assert s.thief == cell("0,2") and s.phase == Phase.PLACE and s.turn == 1
    assert say(ev[-1]) == "Player 1 stops the thief on column 3, row 1, 1 step short."
    # It may also stay where it stands.
    s = position([["M17"], ["M01"]], thief=(0, 1), options=UP_TO)
    s, ev = play(s, "place:M17@1,0", "halt")
    assert s.thief == cell("0,1") and s.phase == Phase.PLACE and "thief_halt" in kinds(ev)
    # Out of the thief's phase a halt is refused with the phase's words.
    assert reason(s, "halt") == "Now a meadow card is placed."


# -- ST-G10: where the thief steals ------------------------------------------------------


def _two_step_walk(options: dict[str, str] | None) -> list[int]:
    """A thief of M17 walks 1,1 then 1,2 past the other's flocks on both cells."""
    s = position([["M17"], ["M01"]], thief=(0, 1), options=options)
    put(s, 1, "1,0", "M43")
    put(s, 1, "1,1", "M44", sheep=2)
    put(s, 1, "1,2", "M45", sheep=3)
    s, _ = play(s, "place:M17@1,0", "thief:1,1", "thief:1,2")
    return [s.sheep[1][cell("1,1")], s.sheep[1][cell("1,2")], s.fence[0]]


def test_theft_on_every_cell_entered_by_default() -> None:
    # ST-G10 (default every-step), ST-R23: both cells of the walk are robbed.
    assert _two_step_walk(None) == [0, 0, 5]


def test_theft_only_where_the_thief_stops_with_the_last_step_option() -> None:
    # ST-G10 option last-step (the source's 移動先のマス): the cell passed keeps its sheep.
    assert _two_step_walk(LAST) == [2, 0, 3]


def test_stopped_thief_steals_where_it_stops() -> None:
    # ST-G09 up-to with ST-G10 last-step: the walk ends where the thief stops; a thief that
    # never moved steals nothing.
    s = position([["M17"], ["M01"]], thief=(0, 1), options={**UP_TO, **LAST})
    put(s, 1, "1,1", "M44", sheep=2)
    s, ev = play(s, "place:M17@1,0", "thief:1,1", "halt")
    assert s.sheep[1][cell("1,1")] == 0 and s.fence[0] == 2 and "steal" in kinds(ev)
    s = position([["M17"], ["M01"]], thief=(1, 1), options={**UP_TO, **LAST})
    put(s, 1, "1,1", "M44", sheep=2)
    s, ev = play(s, "place:M17@1,0", "halt")
    assert s.sheep[1][cell("1,1")] == 2 and s.fence[0] == 0 and "steal" not in kinds(ev)


# -- saves ---------------------------------------------------------------------------------


def test_default_readings_keep_the_saved_json_form() -> None:
    # ST-G09, ST-G10, ST-G11: at the defaults the JSON form (and so every saved digest) is
    # the one written before the options existed; a form without them loads as the defaults.
    s = GAME.new_game(3)
    data = GAME.state_to_json(s)
    assert not {"house", "thief_steps", "theft"} & set(data)
    back = GAME.state_from_json(json.loads(json.dumps(data)))
    assert (back.house, back.thief_steps, back.theft) == ("safe", "exact", "every-step")
    other = GAME.state_to_json(GAME.new_game(3, {**OPEN, **UP_TO, **LAST}))
    assert (other["house"], other["thief_steps"], other["theft"]) == ("open", "up-to",
                                                                      "last-step")


def test_a_game_saved_before_the_readings_still_loads() -> None:
    # ST-C2, ST-C4 set in a game saved before the options of ST-G09..ST-G11 existed: it
    # replays and checks against its digest, under the default readings.
    plugins, _ = load_plugins(include_entry_points=False)
    session, saved = savefile.load(DATA / "st3-midgame-before-readings.json", plugins)
    assert saved.options == {"towns": "three", "dogs": "one-flock", "rivers": "lenient"}
    assert session.state_hash() == saved.state_hash
    st = session.state
    assert (st.house, st.thief_steps, st.theft) == ("safe", "exact", "every-step")


# -- the AI --------------------------------------------------------------------------------


def test_ai_counts_the_house_flock_as_exposed_where_the_house_is_open() -> None:
    # ST-G11: the same sheet is worth less when its house's sheep may be stolen, and the dogs
    # drive that flock to a hut.
    safe = position([["M16"], ["M01"]])
    opened = position([["M16"], ["M01"]], options=OPEN)
    assert position_value(opened, 0) < position_value(safe, 0)
    for s in (safe, opened):
        put(s, 0, "0,1", "M19")  # a hut next to the house
        s.phase, s.dogs_left, s.turn = Phase.DOG, 1, 0
    rng = random.Random(0)
    assert best_dog_move(safe, GAME.legal_actions(safe), rng) == "dog:stop"
    assert best_dog_move(opened, GAME.legal_actions(opened), rng) == "dog:0,0>0,1"


def test_ai_thief_policy_reads_the_thief_options() -> None:
    # ST-G09: with the thief free to stop, the policy halts rather than scatter its own sheep.
    s = position([["M03"], ["M01"]], thief=(1, 1), options=UP_TO)
    for where in ("0,1", "1,0", "1,2", "2,1"):
        put(s, 0, where, {"0,1": "M43", "1,0": "M44", "1,2": "M45", "2,1": "M46"}[where],
            sheep=1)
    s.phase, s.thieves_left, s.turn = Phase.THIEF, 1, 0
    assert best_thief_step(s, GAME.legal_actions(s), random.Random(0)) == "halt"
    # ST-G10: stealing only where the walk ends, the first step heads for the flock two steps
    # away, although the cells next to the thief hold nothing.
    s = position([["M17"], ["M01"]], thief=(0, 1), options=LAST)
    put(s, 1, "1,0", "M43")
    put(s, 1, "2,1", "M44", sheep=3)
    s.phase, s.thieves_left, s.turn = Phase.THIEF, 2, 0
    legal = GAME.legal_actions(s)
    assert best_thief_step(s, legal, random.Random(0)) == "thief:1,1"


# -- the table ------------------------------------------------------------------------------


def test_table_offers_the_halt_and_shows_the_open_house() -> None:
    # ST-G09 option up-to: a button stops the thief. ST-G11 option open: the house carries no
    # hut's mark and its tooltip says the thief may take its sheep.
    view = SheepAndThiefView()
    s = position([["M17"], ["M01"]], thief=(0, 1), options={**UP_TO, **OPEN})
    s, _ = play(s, "place:M17@1,0")
    obs = GAME.observation(s, 0)
    halt = [g for g in view.gestures(obs, 0, GAME.legal_actions(s)) if g.action == "halt"]
    assert len(halt) == 1 and halt[0].label_en == "Stop the thief"
    assert halt[0].label_ja == "どろぼうを止める"
    lay = view.layout(obs, 0)
    house = next(p for p in lay.pieces if p.id == "house0")
    assert not house.art.get("icons") and "may take" in house.tooltip_en
    assert "press Stop the thief" in say(view.status(obs, 0))
    default = position([["M17"], ["M01"]], thief=(0, 1))
    house = next(p for p in view.layout(GAME.observation(default, 0), 0).pieces
                 if p.id == "house0")
    assert house.art.get("icons") and "safe" in house.tooltip_en
