"""National Economy rule options: the spec's gap decisions ([D], §10) kept configurable.

Each option's default is the spec's decision and must leave the game exactly as it was before
the option existed (pinned state digests of seeded games, save files written by the code from
before the options); each other value has a rule test citing the rule it changes (NE-R26,
NE-G17, NE-G18, NE-R62, NE-R3)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tabletop.engine import Session, check_game, savefile
from tabletop.engine.layout import Layout
from tabletop.games.national_economy.data import GOODS
from tabletop.games.national_economy.model import DEFAULT_RULES, NERules, NEState, Phase
from tabletop.games.national_economy.scoring import score_breakdown
from tabletop.games.national_economy.solo import NationalEconomySoloGame
from tabletop.games.national_economy.solo_view import NationalEconomySoloView
from tabletop.games.national_economy.view import NationalEconomyView
from tabletop.registry import load_plugins
from tests.games.national_economy.ne_build import GAME, card_total, play, position, say

SOLO = NationalEconomySoloGame()
VIEW = NationalEconomyView()
DATA = Path(__file__).parent / "data"

NON_DEFAULT = {"built_buildings": "next-round", "final_hand_limit": "skip",
               "tie_break": "shared", "bonus_copies": "one", "goods_shortage": "unusable"}


def _with(s: NEState, **flags: bool) -> NEState:
    s.rules = NERules(**flags)
    return s


def _mine_out(s: NEState) -> NEState:
    """Every remaining worker to the Mine, each drawing a Farm, until the round ends."""
    r = s.round
    while s.phase == Phase.PLACE and s.round == r:
        s, _ = play(s, "place:mine", "draw:farm")
    return s


# -- the options themselves ------------------------------------------------------------------


def test_options_default_to_the_specs_decisions_with_words_for_the_dialog() -> None:
    spec = GAME.spec
    assert [o.key for o in spec.options] == ["built_buildings", "final_hand_limit", "tie_break",
                                             "bonus_copies", "goods_shortage"]
    assert spec.resolve_options({}) == {"built_buildings": "same-round",
                                        "final_hand_limit": "apply", "tie_break": "cash",
                                        "bonus_copies": "each",
                                        "goods_shortage": "take-what-is-left"}
    assert NERules.from_options(spec.resolve_options({})) == DEFAULT_RULES
    assert NERules.from_options(NON_DEFAULT).changed() == NON_DEFAULT
    labels = spec.extra["choice_labels"]
    for o in spec.options:
        assert o.default == o.choices[0] and len(o.choices) == 2
        assert o.name_en and o.name_ja and o.help_en and o.help_ja
        # The help says which choice is the spec's, in the player's words: no rule code (the
        # in-app rulebook prints none, so a code means nothing to a player).
        assert "(the default)" in o.help_en and "（標準）" in o.help_ja
        assert "NE-" not in o.help_en + o.help_ja
        for choice in o.choices:
            words = labels[o.key][choice]
            assert words["en"] and words["ja"] and words["en"] != words["ja"]
    # One player has no tie to break; the solo game takes the others, with the same words.
    solo_keys = [o.key for o in SOLO.spec.options]
    assert "tie_break" not in solo_keys
    for key in ("built_buildings", "final_hand_limit", "bonus_copies", "goods_shortage"):
        assert key in solo_keys
        assert SOLO.spec.extra["choice_labels"][key] == labels[key]
    for o in SOLO.spec.options:
        for choice in o.choices:
            assert SOLO.spec.extra["choice_labels"][o.key][str(choice)]["ja"]


def test_defaults_add_nothing_to_observations_and_saved_states() -> None:
    # Older save files hold a digest of the state's JSON: the defaults must not change it.
    for s in (GAME.new_game(3), SOLO.new_game(1), position(2)):
        assert "rules" not in GAME.observation(s, 0)
        data = GAME.state_to_json(s)
        assert "rules" not in data
        assert all("fresh" not in pl for pl in data["players"])
    s = GAME.new_game(2, NON_DEFAULT)
    assert GAME.observation(s, 1)["rules"] == NON_DEFAULT
    assert GAME.state_from_json(GAME.state_to_json(s)).rules == s.rules


#: Seeded random games and the digest of their final state, recorded with the code from before
#: the rule options existed: the defaults must play them to the very same end.
PINNED = [
    (GAME, 2, 11, {}, "03f09c0572d1cbfd9b9b33c6b568458efc6d29270e208a20d50e2fe0455b783e", 181),
    (GAME, 3, 12, {}, "2679b463d1a61d7d7ad9d098a8c787865b2b75f578c4a47b115135c026e0b80c", 289),
    (GAME, 4, 13, {}, "2c5c55835291f8a9a86098df0db7f50a64338bea5dd19fe6bd55ddaec1d62c4c", 343),
    (SOLO, 1, 21, {}, "8087f990e4327544227a649b44e91c1a5f952b6723b41d757c68841ac6570708", 55),
    (SOLO, 1, 22, {"variant": "b", "wage_failure": "penalty-tokens"},
     "f9ba35b59458fa903105efa4605d17ad69088b7ca7fa11491ff2ae09e7826dc1", 88),
]


@pytest.mark.parametrize(("game", "n", "seed", "options", "digest", "plies"), PINNED,
                         ids=[f"{g.spec.id}-{n}p-{seed}" for g, n, seed, *_ in PINNED])
def test_defaults_play_seeded_games_as_before_the_options(game: NationalEconomySoloGame, n: int,
                                                          seed: int, options: dict[str, str],
                                                          digest: str, plies: int) -> None:
    session = Session(game, n, options, seed, human_seats=())
    rng = random.Random(seed)
    while not session.is_terminal():
        legal = session.legal_actions()
        session.submit(session.current_player(), legal[rng.randrange(len(legal))])
    assert (session.state_hash(), len(session.history)) == (digest, plies)


@pytest.mark.parametrize("name", ["ne3-finished-before-options", "ne2-midgame-before-options",
                                  "ne-solo-midgame-before-options"])
def test_save_files_from_before_the_options_still_load(name: str) -> None:
    # The files were written by the code without options ("options": {} for the 2-4 player
    # game): they load, take every new option at its default and replay to their digest.
    plugins, _ = load_plugins(include_entry_points=False)
    session, data = savefile.load(DATA / f"{name}.json", plugins)
    spec = session.game.spec
    assert data.rules_version == spec.rules_version == "1"
    assert session.options == spec.resolve_options(data.options)
    assert NERules.from_options(session.options) == DEFAULT_RULES
    assert session.state_hash() == data.state_hash
    assert session.is_terminal() == data.finished


def test_conformance_kit_with_every_option_changed() -> None:
    report = check_game(GAME, player_counts=[2, 3, 4], seeds=range(2), options=NON_DEFAULT)
    assert report.games == 6 and report.resamples_differing > 0
    solo = {k: v for k, v in NON_DEFAULT.items() if k != "tie_break"}
    for variant in ("a", "b"):
        report = check_game(SOLO, seeds=range(2), options={**solo, "variant": variant,
                                                             "wage_failure": "penalty-tokens"})
        assert report.games == 2


# -- NE-R26: when a new building works ---------------------------------------------------------


def test_r26_next_round_option_keeps_a_new_building_idle_this_round() -> None:
    # NE-R26 [D] default: a Farm built by the Carpenter works the same round (test_ne_rules);
    # with built_buildings=next-round it works only from the next round.
    s = _with(position(2, hands=[["farm", "goods", "goods"], []], workers=[2, 1], cash=[9, 9]),
              built_usable=False)
    s, _ = play(s, "place:carpenter", "build:farm", "discard:goods")
    s, _ = play(s, "place:mine", "draw:farm")  # seat 1
    assert s.active == 0 and s.fresh == (1, 0)
    assert "place:own:farm" not in GAME.legal_actions(s)
    assert "built this round" in say(GAME.reason(s, "place:own:farm"))
    assert "建てたばかり" in say(GAME.reason(s, "place:own:farm"), "ja")
    obs = GAME.observation(s, 1)
    assert obs["players"][0]["fresh"] == 1 and obs["rules"] == {
        "built_buildings": "next-round"}
    # A saved or resampled state keeps both the rule and which building is new.
    again = GAME.state_from_json(GAME.state_to_json(s))
    assert again.fresh == (1, 0) and again.rules == s.rules
    assert GAME.resample(obs, 1, random.Random(0)).fresh == (1, 0)
    # The table offers no drop on the new Farm and says why on its tooltip.
    own = GAME.observation(s, 0)
    assert not [g for g in VIEW.gestures(own, 0, GAME.legal_actions(s))
                if g.action == "place:own:farm"]
    farm = next(p for p in VIEW.layout(own, 0).pieces if p.id.startswith("b0_farm"))
    assert "next round" in farm.tooltip_en and "次のラウンド" in farm.tooltip_ja
    s = _mine_out(s)
    assert s.round == 2 and s.fresh == (0, 0)
    assert "fresh" not in GAME.observation(s, 0)["players"][0]
    assert "place:own:farm" in GAME.legal_actions(s)


def test_r26_next_round_option_leaves_older_copies_usable() -> None:
    # NE-R26 option: only the copies built this round wait; Two-in-One's pair both wait.
    s = _with(position(2, hands=[["factory", "warehouse", "farm", "goods", "goods"], []],
                       buildings=[["two_in_one", "farm"], []], workers=[3, 1], cash=[9, 9]),
              built_usable=False)
    s, _ = play(s, "place:own:two_in_one", "build:factory", "build:warehouse",
                "discard:goods", "discard:goods")
    assert s.buildings[0] == ["two_in_one", "farm", "factory", "warehouse"]
    assert s.fresh == (2, 0)
    s, _ = play(s, "place:mine", "draw:farm")  # seat 1
    assert GAME.legal_actions(s) == ["place:mine", "place:own:farm", "place:quarry",
                                     "place:school"]
    s, _ = play(s, "place:own:farm")
    assert s.own_used[0] == [True, True, False, False]


# -- NE-G17: the hand limit after round 9 ------------------------------------------------------


@pytest.mark.parametrize("apply", [True, False])
def test_g17_final_hand_limit_option(apply: bool) -> None:
    # NE-G17 [D]: after round 9 hands are trimmed (default); with final_hand_limit=skip they
    # are scored as they are, which the Farmers' Co-op counts (NE-B15).
    s = _with(position(2, hands=[[GOODS] * 7, []], buildings=[["farmers_coop"], []],
                       cash=[20, 20], round_=9), final_hand_limit=apply)
    s = _mine_out(s)  # seat 0 ends with 7 goods and 2 Farms
    if apply:
        assert s.phase == Phase.TRIM and s.queue == [0]
        s, _ = play(s, *["discard:farm"] * 2, *["discard:goods"] * 2)
        assert s.hands[0] == [GOODS] * 5
    assert s.phase == Phase.OVER
    assert s.score(0).bonuses == {"farmers_coop": 3 * (5 if apply else 7)}
    assert card_total(s) == (64, 24)


# -- NE-G18: the tie-break -------------------------------------------------------------------


def test_g18_shared_tie_break_option() -> None:
    # NE-G18 [D]: equal total assets, seat 0 holds more cash. Default: seat 0 wins; with
    # tie_break=shared both share the win, in the model and on the table.
    def tie(**flags: bool) -> NEState:
        s = _with(position(2, buildings=[["statue"], ["factory", "steelworks"]],
                           cash=[14, 10], round_=9), **flags)
        return _mine_out(s)  # 4 + 28 = 32 = 0 + 32

    s = tie()
    assert s.winners() == [0] and GAME.returns(s) == [1.0, -1.0]
    s = tie(cash_tie_break=False)
    assert s.winners() == [0, 1] and GAME.returns(s) == [0.0, 0.0]
    obs = GAME.observation(s, None)
    assert say(VIEW.summary(obs), "en").splitlines()[0] == "Player 1 and Player 2 win."
    assert say(GAME.prompt(s, 0), "ja") == "プレイヤー1とプレイヤー2の勝ちです。"
    # A clear lead on total assets still wins alone.
    s = _with(position(2, buildings=[["statue"], ["factory"]], cash=[14, 10], round_=9),
              cash_tie_break=False)
    assert _mine_out(s).winners() == [0]


# -- NE-R62: copies of a bonus building --------------------------------------------------------


def test_r62_one_bonus_per_kind_option() -> None:
    # NE-R62 [P][D]: two Real Estate Agencies score +3 per building twice (default) or once.
    own = ["real_estate", "real_estate", "farm"]
    assert score_breakdown(own, 0, 0, 2, []).bonuses == {"real_estate": 18}
    sb = score_breakdown(own, 0, 0, 2, [], each_copy=False)
    assert sb.bonuses == {"real_estate": 9} and sb.total == 10 + 10 + 6 + 9
    s = _with(position(2, buildings=[own, []]), bonus_each_copy=False)
    assert s.score(0).total == 5 + 35  # position() gives seat 0 $5
    # The chart of total assets uses the same rule as the score.
    series = {say(name): value for name, value in VIEW.series(GAME.observation(s, None))}
    assert series["P1 assets"] == 40.0


# -- NE-R3: the consumer goods pile runs out ---------------------------------------------------


def test_r3_goods_shortage_option() -> None:
    # NE-R3 [D]: with one consumer good left a Farm draws just it (default); with
    # goods_shortage=unusable a building that cannot draw all its goods cannot be used (NE-R24).
    own = ["farm", "plantation", "slash_and_burn", "orchard"]

    def short(**flags: bool) -> NEState:
        s = _with(position(2, hands=[[], [GOODS] * 23], buildings=[own, []], cash=[9, 9]),
                  **flags)
        assert s.goods == 1
        return s

    s = short()
    assert {"place:own:farm", "place:own:plantation", "place:own:slash_and_burn",
            "place:own:orchard"} <= set(GAME.legal_actions(s))
    s2, _ = play(s, "place:own:farm")
    assert s2.hands[0] == [GOODS] and s2.goods == 0
    s = short(partial_goods=False)
    legal = GAME.legal_actions(s)
    assert not [a for a in legal if a.startswith("place:own:")]
    assert "place:mine" in legal  # the Mine still takes any worker: a round never stalls
    assert say(GAME.reason(s, "place:own:farm")) == (
        "The consumer goods pile holds 1 card; the Farm draws 2, and in this game a "
        "building cannot be used when the pile cannot give them all.")
    assert "消費財の山には1枚" in say(GAME.reason(s, "place:own:plantation"), "ja")
    # The Orchard draws only up to 4 cards in hand: holding 3, one good is enough.
    s = _with(position(2, hands=[["farm", "farm", "farm"], [GOODS] * 23], buildings=[own, []]),
              partial_goods=False)
    assert "place:own:orchard" in GAME.legal_actions(s)
    assert "place:own:farm" not in GAME.legal_actions(s)


# -- the solo game inherits ------------------------------------------------------------------


def test_solo_inherits_the_options_and_files_scores_apart() -> None:
    # NE-R26 in solo: a building from the Carpenter waits for the next round.
    s = SOLO.new_game(1, {"built_buildings": "next-round", "bonus_copies": "one"})
    assert s.rules == NERules(built_usable=False, bonus_each_copy=False)
    obs = SOLO.observation(s, 0)
    assert obs["rules"] == {"built_buildings": "next-round", "bonus_copies": "one"}
    # A score under other rules goes to a high-score list of its own; defaults keep the old
    # list ("a").
    view = NationalEconomySoloView()
    done = SOLO.new_game(1, {"final_hand_limit": "skip"})
    done.phase, done.result = Phase.OVER, "finished"
    entry = view.high_score(SOLO.observation(done, 0))
    assert entry is not None and entry.table == "a|final_hand_limit=skip"
    plain = SOLO.new_game(1)
    plain.phase, plain.result = Phase.OVER, "finished"
    entry = view.high_score(SOLO.observation(plain, 0))
    assert entry is not None and entry.table == "a"


def test_layout_with_options_is_drawn() -> None:
    s = GAME.new_game(4, NON_DEFAULT)
    lay = VIEW.layout(GAME.observation(s, 0), 0)
    assert isinstance(lay, Layout) and lay.pieces
