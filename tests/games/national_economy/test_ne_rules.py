"""National Economy rule tests: set-up, round flow, every public workplace, every building type,
wages and debt, end of game. Each test cites the rule it checks."""

from __future__ import annotations

import random
import re

import pytest

from tabletop.engine import CHANCE, Event, IllegalActionError, InvalidActionError
from tabletop.games.national_economy.data import GOODS
from tabletop.games.national_economy.model import NEState, Phase
from tests.games.national_economy.ne_build import GAME, card_total, play, position, say


def _mine_out(s: NEState) -> NEState:
    """Send every remaining worker to the Mine, each drawing a Farm, until the round ends."""
    r = s.round
    while s.phase == Phase.PLACE and s.round == r:
        s, _ = play(s, "place:mine")
        if s.phase == Phase.DRAW:
            s, _ = play(s, "draw:farm")
    return s


# -- set-up --------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup(n: int) -> None:
    # NE-R12..NE-R19
    s = GAME.new_game(n)
    assert GAME.current_player(s) == CHANCE
    assert [a for a, _ in GAME.chance_outcomes(s)] == [f"start:{p}" for p in range(n)]
    start = n - 1
    s, _ = play(s, f"start:{start}")
    assert s.public == ["quarry", "school", "mine", *["carpenter"] * (n - 1)]  # NE-R12
    order = [(start + k) % n for k in range(n)]
    assert [s.cash[p] for p in order] == [5, 6, 7, 8][:n]  # NE-R17
    assert s.draw_queue == [p for p in order for _ in range(3)]  # NE-R14
    assert s.household == 0 and s.workers == [2] * n and s.round == 1  # NE-R18, NE-R19
    rng = random.Random(3)
    while GAME.current_player(s) == CHANCE:
        s, _ = play(s, GAME.sample_chance(s, rng))
    assert [len(h) for h in s.hands] == [3] * n
    assert sum(s.deck) == 64 - 3 * n and s.goods == 24  # NE-R15
    assert s.phase == Phase.PLACE and s.active == start  # NE-R21


def test_draw_probabilities_follow_the_deck() -> None:
    # NE-R1: the deck is a multiset; each draw is a chance outcome weighted by copies.
    s = GAME.new_game(2)
    s, _ = play(s, "start:0")
    outcomes = dict(GAME.chance_outcomes(s))
    assert outcomes["draw:farm"] == pytest.approx(8 / 64)
    assert outcomes["draw:statue"] == pytest.approx(1 / 64)
    assert sum(outcomes.values()) == pytest.approx(1.0)


# -- round flow ----------------------------------------------------------------------------


def test_turns_alternate_and_round_ends_with_wages() -> None:
    # NE-R21, NE-R22, NE-R28, NE-R30, NE-R31, NE-R32
    s = position(2, cash=[10, 10], start=1)
    seen = []
    while s.round == 1:
        seen.append(s.active)
        s, _ = play(s, "place:mine", "draw:farm")
    assert seen == [1, 0, 1, 0]
    assert s.round == 2 and s.cash == [6, 6] and s.household == 8
    assert all(not w for w in s.public_workers) and s.placed == [0, 0]
    assert s.public[-1] == "stall"  # NE-R37: round 1's card opens the Stall
    assert s.active == 1  # NE-R39: the marker did not move


def test_players_without_workers_are_skipped() -> None:
    # NE-R22: seat 1 has one worker, seat 0 places its other workers back to back.
    s = position(2, workers=[3, 1], cash=[20, 20])
    order = []
    while s.round == 1:
        order.append(s.active)
        s, _ = play(s, "place:mine", "draw:farm")
    assert order == [0, 1, 0, 0]


def test_occupied_workplace_is_refused() -> None:
    # NE-R23
    s = position(2, hands=[[], ["farm", "goods"]])
    s, _ = play(s, "place:school")
    assert "place:school" not in GAME.legal_actions(s)
    with pytest.raises(IllegalActionError) as err:
        play(s, "place:school")
    assert re.search("already holds a worker", say(err.value.msg))


def test_mine_takes_any_number_of_workers() -> None:
    # NE-R23, NE-T1 (Mine: always)
    s = position(2)
    s, _ = play(s, "place:mine", "draw:farm")
    assert "place:mine" in GAME.legal_actions(s)
    s, _ = play(s, "place:mine", "draw:farm")
    assert s.public_workers[2] == [0, 1]


@pytest.mark.parametrize("n, multi", [(2, False), (3, True), (4, True)])
def test_shops_take_many_workers_only_with_3_or_4(n: int, multi: bool) -> None:
    # NE-R23: shops are multi-worker only in 3-4 player games.
    hands = [["goods"] * 2 for _ in range(n)]
    s = position(n, hands=hands, household=30, public_extra=["stall"])
    s, _ = play(s, "place:stall", "discard:goods")
    assert ("place:stall" in GAME.legal_actions(s)) is multi


def test_passive_building_is_no_workplace() -> None:
    # NE-R25
    s = position(2, buildings=[["warehouse"], []])
    assert not any("warehouse" in a for a in GAME.legal_actions(s))
    with pytest.raises(IllegalActionError) as err:
        play(s, "place:own:warehouse")
    assert re.search("passive building", say(err.value.msg))
    with pytest.raises(InvalidActionError):
        play(s, "place:own:nothing")


def test_own_building_is_private() -> None:
    # NE-R10: only the owner may use a private building.
    s = position(2, buildings=[[], ["farm"]])
    assert "place:own:farm" not in GAME.legal_actions(s)
    assert "place:farm" not in GAME.legal_actions(s)
    with pytest.raises(IllegalActionError) as err:
        play(s, "place:own:farm")
    assert re.search("no Farm", say(err.value.msg))


def test_building_built_this_round_is_usable() -> None:
    # NE-R26, NE-R42: Carpenter builds a Farm paying 1 card; the Farm works this round.
    s = position(2, hands=[["farm", "goods", "goods"], []], workers=[2, 1])
    s, _ = play(s, "place:carpenter")
    assert s.phase == Phase.BUILD and GAME.legal_actions(s) == ["build:farm"]
    s, _ = play(s, "build:farm")
    assert s.phase == Phase.DISCARD and s.need == 1
    s, _ = play(s, "discard:goods")
    assert s.buildings[0] == ["farm"] and s.hands[0] == ["goods"] and s.goods == 22 + 1
    s, _ = play(s, "place:mine", "draw:farm")  # seat 1
    s, _ = play(s, "place:own:farm")
    assert s.hands[0] == ["goods"] * 3


# -- public workplaces ---------------------------------------------------------------------


def test_quarry_moves_the_marker_next_round() -> None:
    # NE-T1 Quarry, NE-G14, NE-R39
    s = position(2, cash=[10, 10])
    s, _ = play(s, "place:mine", "draw:farm", "place:quarry", "draw:factory")
    assert s.marker == 1 and s.start == 0 and "factory" in s.hands[1]
    assert s.active == 0  # this round's order is unchanged
    s = _mine_out(s)
    assert s.round == 2 and s.start == 1 and s.active == 1


def test_carpenter_copies() -> None:
    # NE-R12: players − 1 Carpenters, one worker on each.
    s = position(3, hands=[["farm", "goods"], ["farm", "goods"], ["farm", "goods"]])
    s, _ = play(s, "place:carpenter", "build:farm", "discard:goods")
    s, _ = play(s, "place:carpenter", "build:farm", "discard:goods")
    assert "place:carpenter" not in GAME.legal_actions(s)


def test_build_needs_enough_other_cards() -> None:
    # NE-R42, NE-R43, NE-R44, NE-G15
    s = position(2, hands=[["factory", "goods"], []])
    assert "place:carpenter" not in GAME.legal_actions(s)  # Factory costs 2, 1 other card
    assert "hold no building you can build" in say(GAME.reason(s, "place:carpenter"))
    s = position(2, hands=[["factory", "goods", "goods"], []])
    s, _ = play(s, "place:carpenter")
    assert GAME.legal_actions(s) == ["build:factory"]  # goods cannot be built
    with pytest.raises(IllegalActionError) as err:
        play(s, "build:farm")
    assert re.search("no Farm", say(err.value.msg))


def test_can_build_agrees_with_the_build_choices() -> None:
    # NE-R42..NE-R44: the quick test behind placements is the list of choices, non-empty.
    from tabletop.games.national_economy.data import BUILDING_IDS
    from tabletop.games.national_economy.model import (
        B_AGRI_FREE,
        B_FULL,
        B_MINUS_ONE,
        B_PAIR,
        build_choices,
        can_build,
    )

    rng = random.Random(5)
    cards = [*BUILDING_IDS, GOODS, GOODS, GOODS]
    kinds = (B_FULL, B_MINUS_ONE, B_AGRI_FREE, B_PAIR)
    outcomes = {k: set() for k in kinds}
    for _ in range(4000):
        hand = sorted(rng.choice(cards) for _ in range(rng.randrange(0, 7)))
        for kind in kinds:
            expected = bool(build_choices(hand, kind))
            assert can_build(hand, kind) is expected, (hand, kind)
            outcomes[kind].add(expected)
    assert all(seen == {True, False} for seen in outcomes.values())


def test_school_hires_a_sleeping_worker_that_is_paid() -> None:
    # NE-T1 School, NE-R31, NE-R35, NE-R41
    s = position(2, cash=[10, 10])
    s, _ = play(s, "place:school")
    assert s.workers[0] == 3 and s.free_workers(0) == 1
    s = _mine_out(s)
    assert s.cash[0] == 10 - 6 and s.sleeping == [0, 0] and s.free_workers(0) == 3


def test_school_respects_the_worker_limit() -> None:
    # NE-R40
    s = position(2, workers=[5, 2], cash=[20, 20])
    assert "place:school" not in GAME.legal_actions(s)
    assert say(GAME.reason(s, "place:school")) == "You already have 5 workers, your limit."


@pytest.mark.parametrize("shop, k", [("stall", 1), ("market", 2), ("supermarket", 3),
                                     ("department_store", 4), ("expo", 5)])
def test_shops(shop: str, k: int) -> None:
    # NE-T1 shops: discard k, take $6k from the household
    s = position(2, hands=[["goods"] * k, []], household=6 * k, public_extra=[shop])
    s, _ = play(s, f"place:{shop}")
    assert s.phase == Phase.DISCARD and s.need == k
    s, _ = play(s, *["discard:goods"] * k)
    assert s.household == 0 and s.cash[0] == 5 + 6 * k and s.hands[0] == []
    s2 = position(2, hands=[["goods"] * (k - 1), []], household=100, public_extra=[shop])
    assert f"place:{shop}" not in GAME.legal_actions(s2)
    # Counted in words: "1 card", "2 cards" (no "card(s)").
    assert f"needs {k} card{'s' if k != 1 else ''} to discard" in say(
        GAME.reason(s2, f"place:{shop}"))


@pytest.mark.parametrize("school, before, after", [("high_school", 2, 4),
                                                   ("university", 3, 5)])
def test_high_school_and_university(school: str, before: int, after: int) -> None:
    # NE-T1 High School / University: hire sleeping workers up to 4 / 5
    s = position(2, workers=[before, 2], public_extra=[school])
    s, _ = play(s, f"place:{school}")
    assert s.workers[0] == after and s.sleeping[0] == after - before
    full = position(2, workers=[after, 2], public_extra=[school])
    assert f"place:{school}" not in GAME.legal_actions(full)


def test_vocational_school_worker_works_at_once() -> None:
    # NE-T1 Vocational School, NE-R41 exception
    s = position(2, workers=[1, 1], cash=[20, 20], public_extra=["vocational_school"])
    s, _ = play(s, "place:vocational_school")
    assert s.workers[0] == 2 and s.sleeping[0] == 0
    s, _ = play(s, "place:mine", "draw:farm")  # seat 1
    assert s.active == 0 and s.phase == Phase.PLACE


# -- buildings -----------------------------------------------------------------------------


def _use(own: list[str], hand: list[str], *actions: str, household: int = 0,
         workers: int = 2) -> NEState:
    s = position(2, hands=[hand, []], buildings=[own, []], household=household,
                 workers=[workers, 2])
    s, _ = play(s, *actions)
    return s


def test_farm_plantation_and_slash_and_burn() -> None:
    # NE-B1, NE-B11, NE-B2
    assert _use(["farm"], [], "place:own:farm").hands[0] == [GOODS] * 2
    assert _use(["plantation"], [], "place:own:plantation").hands[0] == [GOODS] * 3
    s = _use(["slash_and_burn"], [], "place:own:slash_and_burn")
    assert s.hands[0] == [GOODS] * 5 and s.buildings[0] == []
    assert s.discard[sorted_index("slash_and_burn")] == 1


def sorted_index(card: str) -> int:
    from tabletop.games.national_economy.data import BUILDING_IDS
    return BUILDING_IDS.index(card)


def test_goods_pile_runs_out() -> None:
    # NE-R3 [D]: a draw gets only what is left
    s = position(2, buildings=[["plantation"], []])
    s.goods = 2
    s, _ = play(s, "place:own:plantation")
    assert s.hands[0] == [GOODS] * 2 and s.goods == 0


def test_design_office() -> None:
    # NE-B3, NE-G9: reveal 5, keep 1, discard 4
    s = _use(["design_office"], [], "place:own:design_office", "draw:farm", "draw:statue",
             "draw:farm", "draw:factory", "draw:tavern")
    assert s.phase == Phase.TAKE
    assert GAME.legal_actions(s) == ["take:factory", "take:farm", "take:statue", "take:tavern"]
    s, _ = play(s, "take:statue")
    assert s.hands[0] == ["statue"] and s.revealed == [] and sum(s.discard) == 4


def test_tavern_and_restaurant() -> None:
    # NE-B4, NE-B13
    assert _use(["tavern"], [], "place:own:tavern", household=5).cash[0] == 10
    s = _use(["restaurant"], ["goods"], "place:own:restaurant", "discard:goods", household=15)
    assert s.cash[0] == 20 and s.household == 0
    s = position(2, hands=[["goods"], []], buildings=[["restaurant"], []], household=14)
    assert "place:own:restaurant" not in GAME.legal_actions(s)


def test_orchard() -> None:
    # NE-B5: draw goods until the hand has 4; only with fewer than 4
    s = _use(["orchard"], ["farm"], "place:own:orchard")
    assert s.hands[0] == ["farm", GOODS, GOODS, GOODS]
    s = position(2, hands=[["farm"] * 4, []], buildings=[["orchard"], []])
    assert "place:own:orchard" not in GAME.legal_actions(s)


def test_factory_and_car_factory() -> None:
    # NE-B6, NE-B21
    s = _use(["factory"], ["goods", "goods"], "place:own:factory", "discard:goods",
             "discard:goods")
    assert s.phase == Phase.DRAW and s.draw_queue == [0] * 4
    s = _use(["car_factory"], ["goods"] * 3, "place:own:car_factory", *["discard:goods"] * 3)
    assert s.draw_queue == [0] * 7
    s, _ = play(s, *["draw:farm"] * 7)
    assert s.hands[0] == ["farm"] * 7 and s.phase == Phase.PLACE


def test_construction_company_settlers_general_contractor() -> None:
    # NE-B7: cost − 1; NE-B12: agricultural for free; NE-B17: build then draw 2
    s = _use(["construction_company"], ["factory", "goods"], "place:own:construction_company",
             "build:factory", "discard:goods")
    assert s.buildings[0] == ["construction_company", "factory"] and s.hands[0] == []
    s = _use(["settlers"], ["plantation", "factory"], "place:own:settlers")
    assert GAME.legal_actions(s) == ["build:plantation"]
    with pytest.raises(IllegalActionError) as err:
        play(s, "build:factory")
    assert re.search("only agricultural", say(err.value.msg))
    s, _ = play(s, "build:plantation")
    assert s.hands[0] == ["factory"] and s.phase == Phase.PLACE
    s = _use(["general_contractor"], ["farm", "goods"], "place:own:general_contractor",
             "build:farm", "discard:goods")
    assert s.phase == Phase.DRAW and s.draw_queue == [0, 0]


def test_two_in_one() -> None:
    # NE-B24: two buildings of the same cost for one cost's worth of cards
    hand = ["factory", "warehouse", "farm", "goods", "goods"]
    s = _use(["two_in_one"], hand, "place:own:two_in_one")
    assert GAME.legal_actions(s) == ["build:factory", "build:warehouse"]  # Farm has no twin
    s, _ = play(s, "build:factory")
    assert s.phase == Phase.BUILD2 and GAME.legal_actions(s) == ["build:warehouse"]
    s, _ = play(s, "build:warehouse")
    assert s.phase == Phase.DISCARD and s.need == 2
    s, _ = play(s, "discard:goods", "discard:goods")
    assert s.buildings[0] == ["two_in_one", "factory", "warehouse"] and s.hands[0] == ["farm"]
    short = position(2, hands=[["factory", "warehouse", "goods"], []],
                     buildings=[["two_in_one"], []])
    assert "place:own:two_in_one" not in GAME.legal_actions(short)


def test_steelworks_and_chemical_plant() -> None:
    # NE-B16, NE-B18
    assert _use(["steelworks"], [], "place:own:steelworks").draw_queue == [0] * 3
    assert _use(["chemical_plant"], [], "place:own:chemical_plant").draw_queue == [0] * 4
    assert _use(["chemical_plant"], ["goods"], "place:own:chemical_plant").draw_queue == [0] * 2


def test_warehouse_raises_the_hand_limit() -> None:
    # NE-B8, NE-R36
    s = position(2, hands=[["goods"] * 9, ["goods"] * 7], buildings=[["warehouse"], []],
                 cash=[20, 20])
    s = _mine_out(s)
    assert s.phase == Phase.TRIM and s.queue == [0, 1]  # 11 cards over 9, 9 cards over 5
    assert GAME.current_player(s) == 0
    s, _ = play(s, "discard:farm", "discard:farm")
    assert GAME.current_player(s) == 1
    s, _ = play(s, *["discard:goods"] * 4)
    assert s.round == 2 and [len(h) for h in s.hands] == [9, 5]


def test_company_housing_raises_the_worker_limit() -> None:
    # NE-B9, NE-R40
    s = position(2, buildings=[["company_housing"], []], workers=[5, 2], cash=[30, 30])
    s, _ = play(s, "place:school")
    assert s.workers[0] == 6
    assert "place:school" not in GAME.legal_actions(_mine_out(s))


def test_end_bonus_buildings() -> None:
    # NE-B10 Yakuza, NE-B14, NE-B15, NE-B19, NE-B20 Statue, NE-B22, NE-B23, NE-R61, NE-R62
    from tabletop.games.national_economy.scoring import score_breakdown
    sb = score_breakdown(["real_estate", "real_estate", "farm"], 0, 0, 2, [])
    assert sb.bonuses == {"real_estate": 18} and sb.total == 10 + 10 + 6 + 18
    sb = score_breakdown(["farmers_coop"], 0, 0, 2, [GOODS, GOODS, "farm"])
    assert sb.bonuses == {"farmers_coop": 6} and sb.total == 18  # the Farm in hand: 0
    sb = score_breakdown(["labor_union"], 0, 0, 4, [])
    assert sb.total == 24
    sb = score_breakdown(["statue"], 3, 0, 2, [])
    assert sb.total == 31
    assert score_breakdown(["yakuza"], 0, 5, 2, []).total == 8 - 5
    assert score_breakdown([], 0, 5, 2, []).total == -15


def test_statue_and_passives_cannot_be_sold() -> None:
    # NE-R51: only sellable buildings; a player with none pays what they can (NE-R34)
    s = position(2, buildings=[["statue", "slash_and_burn"], []], cash=[1, 10])
    s = _mine_out(s)
    assert s.penalties[0] == 3 and s.cash[0] == 0 and s.buildings[0] == ["statue",
                                                                          "slash_and_burn"]


# -- wages and debt ------------------------------------------------------------------------


def test_no_sale_when_cash_covers_wages() -> None:
    # NE-R50, NE-R54
    s = position(2, buildings=[["farm"], []], cash=[4, 4])
    s = _mine_out(s)
    assert s.round == 2 and s.buildings[0] == ["farm"] and s.cash == [0, 0]


def test_reshuffle_when_the_deck_is_empty() -> None:
    # NE-R1
    s = position(2)
    s.discard = s.deck
    s.deck = [0] * len(s.deck)
    s, events = play(s, "place:mine")
    assert s.phase == Phase.DRAW and sum(s.discard) == 0 and sum(s.deck) == 64
    assert any(e.kind == "reshuffle" for e in events)
    empty = position(2)
    empty.deck = [0] * len(empty.deck)
    empty, _ = play(empty, "place:mine")  # NE-R1 [D]: nothing to draw, the turn goes on
    assert empty.phase == Phase.PLACE and empty.active == 1 and empty.hands[0] == []


# -- end of game ---------------------------------------------------------------------------


def test_game_ends_after_round_9_with_scores_and_tie_break() -> None:
    # NE-R38, NE-R60, NE-R63, NE-G17, NE-G18
    s = position(2, buildings=[["statue"], ["factory", "steelworks"]], cash=[12, 20],
                 round_=9)
    s = _mine_out(s)
    assert s.phase == Phase.OVER and GAME.legal_actions(s) == []
    # Seat 0: 12 − 10 + 28 = 30; seat 1: 20 − 10 + 32 = 42.
    assert [sc.total for sc in GAME.scores(s)] == [30, 42]
    assert GAME.returns(s) == [-1.0, 1.0]
    obs = GAME.observation(s, 0)
    assert obs["scores"][1]["total"] == 42 and obs["players"][1]["hand"] == ["farm", "farm"]
    tie = position(2, buildings=[["statue"], ["factory", "steelworks"]], cash=[14, 10],
                   round_=9)
    tie = _mine_out(tie)  # 4 + 28 = 32 = 0 + 32: seat 0 has more cash
    assert GAME.returns(tie) == [1.0, -1.0]
    same = _mine_out(position(2, cash=[10, 10], round_=9))
    assert GAME.returns(same) == [0.0, 0.0] and same.winners() == [0, 1]


def test_the_hands_shown_at_the_end_are_in_the_log() -> None:
    # NE-R9, NE-R38, NE-R61: hands are hidden until the game ends; then every seat sees them,
    # and the step that ends the game says what each held.
    s = position(2, hands=[["goods"], ["statue"]], round_=9)
    events: list[Event] = []
    while s.phase != Phase.OVER:
        s, evs = play(s, "draw:farm" if s.phase == Phase.DRAW else "place:mine")
        events = evs
    shown = [e for e in events if e.kind == "hands"]
    assert len(shown) == 1 and shown[0].seats is None and shown[0].reveals
    # Two workers each, every one drawing a Farm at the Mine.
    assert shown[0].data == {"hands": [["farm", "farm", "goods"], ["farm", "farm", "statue"]]}
    assert say(shown[0], "en") == ("Hands at the end: Player 1: Farm, Farm, Consumer "
                                       "goods; Player 2: Farm, Farm, Statue.")
    assert [GAME.observation(s, 0)["players"][p]["hand"] for p in (0, 1)] == \
        shown[0].data["hands"]
    assert [e.kind for e in events][-3:] == ["score", "score", "winner"]


def test_cards_are_conserved_by_hand_built_positions() -> None:
    s = position(3, hands=[["farm", "goods"], [], ["statue"]], buildings=[[], ["tavern"], []])
    assert card_total(s) == (64, 24)


def test_words_in_both_languages() -> None:
    s = position(2, hands=[["goods"], []])
    assert say(GAME.describe_action(s, "place:mine")) == "Send a worker to the Mine"
    assert say(GAME.describe_action(s, "place:mine"), "ja") == "鉱山に労働者を派遣する"
    assert say(GAME.prompt(s, 0), "ja") == "労働者を職場に派遣してください。"
    assert say(GAME.reason(s, "discard:goods"), "ja") == "労働者を職場に派遣してください。"


# ---------------------------------------------------------------------------------------------
# The search's playouts: every seat plays the rules of thumb for itself
# ---------------------------------------------------------------------------------------------


class _Steady(random.Random):
    """A generator whose ``random()`` never falls under the playout's noise share."""

    def random(self) -> float:
        return 0.99


def test_playout_covers_the_wages_of_the_seat_to_move() -> None:
    # NE-R31: seat 1 owes $4 with no cash, so its worker earns first (the Tavern, $5 for no
    # card, before the Stall, $6 for a card); seat 0 has its wages in hand and draws instead.
    s = position(2, hands=[[], ["farm"]], buildings=[[], ["tavern"]], cash=[20, 0],
                 household=20, start=1, public_extra=["stall"])
    assert {"place:stall", "place:own:tavern"} <= set(GAME.legal_actions(s))
    assert GAME.playout_action(s, GAME.legal_actions(s), _Steady(1)) == "place:own:tavern"
    s.active = 0
    assert GAME.playout_action(s, GAME.legal_actions(s), _Steady(1)) in (
        "place:mine", "place:quarry")


def test_playout_sells_for_the_seat_at_its_payday() -> None:
    # NE-R51, NE-R53: seat 1 is $8 short; the Farm ($6) does not cover it, the Orchard ($10)
    # and the Factory ($12) do: the cheapest that covers is sold, then the sale is done.
    s = position(2, buildings=[[], ["farm", "orchard", "factory"]], cash=[20, 0],
                 workers=[2, 4])
    s, _ = play(s, *["place:mine", "draw:farm"] * 6)
    assert s.phase == "sell" and s.queue[0] == 1 and s.due(1) - s.cash[1] == 8
    assert GAME.playout_action(s, GAME.legal_actions(s), _Steady(1)) == "sell:orchard"
    s, _ = play(s, "sell:orchard")
    assert GAME.playout_action(s, GAME.legal_actions(s), _Steady(1)) == "done"
