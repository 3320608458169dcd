"""National Economy solo (NE-R70..NE-R84, NE-G10..NE-G13, NE-G16): the worked example NE-X6,
one test per solo rule, the options, the conformance kit, money and card conservation, and the
solo table view (age order, blockers, refusal reasons, gestures)."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest

from tabletop.engine import CHANCE, TERMINAL, Event, IllegalActionError, check_game, random_action
from tabletop.engine.errors import InvalidOptionError
from tabletop.engine.layout import Layout, Piece
from tabletop.games import BUILTIN
from tabletop.games.national_economy.data import BUILDINGS, DECK_SIZE, GOODS
from tabletop.games.national_economy.model import Phase
from tabletop.games.national_economy.plugin import SOLO_PLUGIN
from tabletop.games.national_economy.solo import (
    NationalEconomySoloGame,
    NESoloState,
    tax_for,
)
from tabletop.games.national_economy.solo_view import NationalEconomySoloView
from tabletop.registry import load_plugins
from tests.games.national_economy.ne_build import DECK_INDEX, card_total, give, lay_public, say

SOLO = NationalEconomySoloGame()
VIEW = NationalEconomySoloView()


def solo(variant: str = "a", *, hand: Sequence[str] = (), buildings: Sequence[str] = (),
         cash: int = 5, household: int = 0, round_: int = 1, workers: int = 2,
         public_extra: Sequence[str] = (), tax: str = "round-minus-one",
         failure: str = "game-over") -> NESoloState:
    """A solo state at the start of ``round_`` with the player to place. Cards named anywhere
    are taken out of the deck or the goods pile, so conservation still holds."""
    s = NESoloState(variant, tax, failure)
    s.round = round_
    s.start = s.marker = s.active = 0
    s.phase = Phase.PLACE
    s.cash = [cash]
    s.household = household
    s.issued = cash + household
    s.workers = [workers]
    give(s, 0, hand, buildings)
    lay_public(s, public_extra)
    assert min(s.deck) >= 0
    return s


def play(state: NESoloState, *actions: str) -> tuple[NESoloState, list[Event]]:
    events: list[Event] = []
    for a in actions:
        new, evs = SOLO.apply(state, a)
        assert isinstance(new, NESoloState)
        state = new
        events.extend(evs)
    return state, events


def texts(events: list[Event], lang: str = "en") -> list[str]:
    return [say(e, lang) for e in events]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def age_order(s: NESoloState) -> list[str]:
    return list(SOLO.observation(s, 0)["age_order"])


# ---------------------------------------------------------------------------------------------
# NE-X6
# ---------------------------------------------------------------------------------------------


def test_x6_solo_a_blocking_wages_tax_and_age_order() -> None:
    # NE-X6, NE-R70..NE-R73, NE-R76
    s = SOLO.new_game(1)
    assert s.phase == Phase.DRAW
    s, _ = play(s, "draw:farm", "draw:farm", "draw:tavern")
    assert s.phase == Phase.PLACE and s.round == 1
    assert age_order(s) == ["factory", "school", "carpenter", "mine"]
    # Worker 1 on the Carpenter: the blocker takes the Factory.
    s, ev = play(s, "place:carpenter")
    assert "The blocker takes the Factory." in texts(ev)
    assert "ブロッカーが工場をふさぎました。" in texts(ev, "ja")
    assert [s.public[i] for i in s.blocked] == ["factory"]
    s, _ = play(s, "build:farm", "discard:tavern")
    # Worker 2 on the Mine: the blocker takes the School.
    s, ev = play(s, "place:mine")
    assert "The blocker takes the School." in texts(ev)
    assert [s.public[i] for i in s.blocked] == ["factory", "school"]
    # Round end: wages 2 × $2 = $4, tax $0; cash $5 → $1, household $4.
    s, ev = play(s, "draw:steelworks")
    assert s.round == 2 and s.phase == Phase.PLACE
    assert (s.cash[0], s.household, s.taxed, s.blocked) == (1, 4, 0, [])
    assert "Player 1 pays $4 in wages." in texts(ev)
    assert not any(e.kind == "tax" for e in ev)  # $0 tax
    # The Stall is added as the newest public card.
    assert age_order(s) == ["stall", "factory", "school", "carpenter", "mine"]
    # Round 2 with still 2 workers owes $4 wages + $1 tax = $5.
    assert (s.wages(), s.tax(), s.due(0)) == (4, 1, 5)
    obs = SOLO.observation(s, 0)
    assert (obs["wages_due"], obs["tax"], obs["players"][0]["due"]) == (4, 1, 5)
    s, ev = play(s, "place:own:farm")
    assert "The blocker takes the Stall." in texts(ev)
    s, _ = play(s, "place:mine", "draw:farm")
    assert s.phase == Phase.SELL  # $1 cash against $5 owed
    assert "wages $4 + tax $1 = $5" in say(SOLO.prompt(s, 0))
    s, ev = play(s, "sell:farm", "done")
    assert "Player 1 pays $1 in tax to the supply." in texts(ev)
    assert (s.cash[0], s.household, s.taxed) == (1 + 6 - 5, 8, 1)


# ---------------------------------------------------------------------------------------------
# One test per solo rule
# ---------------------------------------------------------------------------------------------


def test_r70_public_area_and_deck_at_start() -> None:
    # NE-R70, NE-G12, NE-G13: Factory, School, Carpenter, Mine newest first; one Factory fewer.
    s = SOLO.new_game(1)
    assert age_order(s) == ["factory", "school", "carpenter", "mine"]
    assert "quarry" not in s.public
    assert s.deck_count() == DECK_SIZE - 1 == 63 and s.draw_queue == [0, 0, 0]
    assert s.deck[DECK_INDEX["factory"]] == BUILDINGS["factory"].copies - 1
    assert card_total(s) == (DECK_SIZE, 24)


def test_r71_player_start_and_no_start_player() -> None:
    # NE-R71: 3 cards, $5, 2 workers, household $0, no start player chosen.
    s = SOLO.new_game(1)
    assert SOLO.current_player(s) == CHANCE
    assert all(a.startswith("draw:") for a in SOLO.legal_actions(s))
    s, _ = play(s, "draw:farm", "draw:orchard", "draw:statue")
    assert (len(s.hands[0]), s.cash[0], s.workers[0], s.household) == (3, 5, 2, 0)
    assert SOLO.num_players(s) == 1 and SOLO.current_player(s) == 0
    assert "★" not in "".join(t.text_en for t in VIEW.layout(SOLO.observation(s, 0), 0).texts)


def test_r72_added_cards_become_the_newest() -> None:
    # NE-R72: a sold building, then the round's workplace, each become the newest.
    s = solo(hand=[], buildings=["orchard"], cash=0, round_=2, public_extra=["stall"])
    s, _ = play(s, "place:mine", "draw:farm", "place:mine", "draw:farm")
    assert s.phase == Phase.SELL
    s, _ = play(s, "sell:orchard", "done")
    assert age_order(s)[:3] == ["market", "orchard", "stall"]


def test_r73_blocker_takes_newest_free_workplace() -> None:
    # NE-R73: newest workplace holding no worker; the player's own card is skipped; with every
    # public workplace taken nothing is blocked; blockers leave at round end.
    s = solo(hand=[], buildings=["farm"], workers=3, cash=20)
    s, _ = play(s, "place:mine", "draw:farm")
    assert [s.public[i] for i in s.blocked] == ["factory"]
    s, _ = play(s, "place:school")
    assert [s.public[i] for i in s.blocked] == ["factory", "carpenter"]
    s, ev = play(s, "place:own:farm")
    assert next(e for e in ev if e.kind == "blocker").data["index"] == -1
    assert "the blocker stays out" in " ".join(texts(ev))
    assert s.round == 2 and s.blocked == []  # the round ended; the blockers left


def test_r73_blocked_workplace_is_unusable_even_the_mine() -> None:
    # NE-R73, NE-R74: four own placements block every public card, the Mine last; the
    # multi-worker Mine then takes no worker either (two Warehouses keep the goods drawn
    # within the hand limit).
    s = solo(hand=[], buildings=["farm"] * 5 + ["warehouse"] * 2, workers=5, cash=20)
    for _ in range(3):
        s, _ = play(s, "place:own:farm")
    assert "place:mine" in SOLO.legal_actions(s)
    assert [s.public[i] for i in s.blocked] == ["factory", "school", "carpenter"]
    s, ev = play(s, "place:own:farm")
    assert "The blocker takes the Mine." in texts(ev)
    assert SOLO.legal_actions(s) == ["place:own:farm"]
    assert say(SOLO.reason(s, "place:mine")) == (
        "The Mine is blocked this round: the neutral blocker stands on it.")
    s, _ = play(s, "place:own:farm")
    assert s.round == 2 and s.household == 10


def test_r73_reason_names_the_blocker() -> None:
    # NE-R73: refusing a blocked workplace says so, in both languages.
    s = solo(hand=["farm", GOODS], workers=2)
    s, _ = play(s, "place:mine", "draw:farm")
    assert "place:factory" not in SOLO.legal_actions(s)
    with pytest.raises(IllegalActionError) as err:
        play(s, "place:factory")
    assert re.search("blocked this round", say(err.value.msg))
    assert "ふさがれて" in say(SOLO.reason(s, "place:factory"), "ja")
    assert "Blocked this round: Factory." in say(SOLO.prompt(s, 0))


def test_r74_shops_take_one_worker_the_mine_many() -> None:
    # NE-R74: a 1-player game has no multi-worker shops; the Mine takes any number.
    s = solo(hand=["farm", "farm", GOODS], workers=3, household=20, round_=2,
             public_extra=["stall"])
    s, _ = play(s, "place:stall", "discard:farm")
    assert "place:stall" not in SOLO.legal_actions(s)
    s, _ = play(s, "place:mine", "draw:farm")
    assert "place:mine" in SOLO.legal_actions(s)


def test_r75_one_building_of_each_type_in_public() -> None:
    # NE-R75: the Factory is public from the start, so a Factory cannot be sold; two Farms
    # cannot both go public. Both count as unsellable for NE-R53.
    s = solo(buildings=["factory", "farm", "farm"], cash=0, workers=2)
    s, _ = play(s, "place:mine", "draw:steelworks", "place:mine", "draw:steelworks")
    assert s.phase == Phase.SELL
    assert SOLO.legal_actions(s) == ["sell:farm"]
    assert "already in the public area" in say(SOLO.reason(s, "sell:factory"), "en")
    assert "共有建物置き場にはすでに工場" in say(SOLO.reason(s, "sell:factory"), "ja")
    lay = VIEW.layout(SOLO.observation(s, 0), 0)
    factory = next(p for p in lay.pieces if p.id == "b0_factory_0")
    assert factory.state == "dim" and "already in the public area" in factory.tooltip_en
    s, _ = play(s, "sell:farm")
    assert SOLO.legal_actions(s) == ["done"]  # $6 covers the $4 owed
    assert "Only one Farm" in say(SOLO.reason(s, "sell:farm"), "en")
    # A Factory alone is nothing to sell: the game is over at once (NE-R77).
    s = solo(buildings=["factory"], cash=0)
    s, _ = play(s, "place:mine", "draw:farm", "place:mine", "draw:farm")
    assert s.phase == Phase.OVER and s.result == "bankrupt"


def test_r76_tax_goes_to_the_supply_and_counts_for_over_selling() -> None:
    # NE-R76: round 3 wage $3 × 2 = $6 and tax $2; cash $6 covers the wages alone, but the
    # combined obligation is $8, so the player must sell.
    s = solo(buildings=["farm"], cash=6, round_=3, public_extra=["stall", "market"])
    s, _ = play(s, "place:mine", "draw:farm", "place:mine", "draw:farm")
    assert s.phase == Phase.SELL
    assert say(VIEW.status(SOLO.observation(s, 0), 0), "en").startswith(
        "Payday: wages $6 + tax $2 = $8; you hold $6, so you are $2 short.")
    s, ev = play(s, "sell:farm", "done")
    assert kinds(ev)[:4] == ["sell_pick", "sell", "wages", "tax"]  # wages first, then tax
    assert (s.cash[0], s.household, s.taxed, s.issued) == (4, 6, 2, 6 + 6 - 2)
    assert sum(s.cash) + s.household == s.issued  # the tax left the game


@pytest.mark.parametrize(("variant", "mode"), [("b", "round-minus-one"), ("a", "none")])
def test_r83_rules_without_a_tax_speak_of_wages_alone(variant: str, mode: str) -> None:
    # NE-R83 (rules b) and the tax option off: no line of the table, the log or the prompt
    # mentions a tax of $0; the wages and the shortfall read as under NE-R77.
    s = solo(variant, buildings=["farm"], cash=2, round_=3, tax=mode,
             public_extra=["stall", "market"])
    s, opening = play(s, "place:mine", "draw:farm", "place:mine", "draw:farm")
    assert s.phase == Phase.SELL
    obs = SOLO.observation(s, 0)
    lay = VIEW.layout(obs, 0)
    shown = {t.id: t for t in lay.texts}
    assert shown["round"].text_en == "Round 3/9 · wage $3 per worker"
    assert shown["round"].text_ja == "ラウンド 3/9・賃金 1人$3"
    assert shown["bill"].text_en.startswith(
        "Payday this round: wages $6 (2 × $3) · you hold $2")
    assert shown["bill"].text_ja.startswith("今ラウンドの給料日：賃金$6（2人×$3）・所持金$2")
    tips = [p.tooltip_en for p in lay.pieces if p.id.startswith("round")]
    assert "Round 3: wage $3 per worker" in tips
    status = say(VIEW.status(obs, 0), "en")
    assert status.startswith("Payday: wages $6; you hold $2, so you are $4 short.")
    assert say(SOLO.prompt(s, 0), "ja").startswith("給料日：賃金$6、所持金$2で$4足りません。")
    # Nothing to sell and $2 for $6 of wages: NE-R77 ends the game.
    s = solo(variant, cash=2, round_=3, tax=mode, public_extra=["stall", "market"])
    s, ev = play(s, "place:mine", "draw:farm", "place:mine", "draw:farm")
    words = texts(opening + ev) + texts(opening + ev, "ja") + [
        say(SOLO.prompt(s, 0)), say(SOLO.prompt(s, 0), "ja")]
    assert s.result == "bankrupt"
    assert texts(ev)[-1].endswith("owes $6 in wages but holds only $2: the game is over.")
    assert say(SOLO.prompt(s, 0)) == "Game over: the wages could not be paid."
    assert say(SOLO.prompt(s, 0), "ja") == "ゲームオーバー：賃金を払えませんでした。"
    # Wages paid, the next round opens with its wage alone.
    s = solo(variant, cash=20, round_=3, tax=mode, public_extra=["stall", "market"])
    s, ev = play(s, "place:mine", "draw:farm", "place:mine", "draw:farm")
    words += texts(ev) + texts(ev, "ja")
    # The summary's chart has no tax series, so no "Tax paid" panel that stays at $0.
    words += [say(name, lang) for name, _ in VIEW.series(SOLO.observation(s, 0))
              for lang in ("en", "ja")]
    assert "Round 4 begins (wage $3 per worker)." in texts(ev)
    assert "ラウンド4開始（賃金は1人$3）。" in texts(ev, "ja")
    assert not [w for w in words if "tax" in w.lower() or "税金" in w]
    # Under rules a with a tax, the same lines name it.
    s = solo("a", buildings=["farm"], cash=2, round_=3, public_extra=["stall", "market"])
    assert "Tax paid" in [say(name) for name, _ in VIEW.series(SOLO.observation(s, 0))]
    assert "tax $2" in {t.id: t for t in VIEW.layout(SOLO.observation(s, 0), 0).texts}[
        "round"].text_en


def test_r77_cannot_pay_is_game_over() -> None:
    # NE-R77: after selling everything sellable the obligation is still not covered.
    s = solo(buildings=["farm"], cash=0, round_=3, public_extra=["stall", "market"])
    s, _ = play(s, "place:mine", "draw:farm", "place:mine", "draw:farm")
    s, ev = play(s, "sell:farm", "done")
    assert s.phase == Phase.OVER and s.result == "bankrupt" and s.penalties == [0]
    assert SOLO.is_terminal(s) and SOLO.returns(s) == [-1.0]
    # NE-R77, in the player's words (no rule id on the table).
    assert texts(ev)[-1].endswith("but holds only $6: the game is over.")
    assert "ゲームオーバー" in texts(ev, "ja")[-1]
    assert say(SOLO.prompt(s, 0)) == "Game over: the wages and tax could not be paid."


def test_r77_penalty_tokens_option_plays_on() -> None:
    # NE-G11 alternative: unpaid wages and tax become tokens; wages are paid first.
    s = solo(cash=5, round_=3, workers=2, failure="penalty-tokens",
             public_extra=["stall", "market"])
    s, ev = play(s, "place:mine", "draw:farm", "place:mine", "draw:farm")
    assert s.phase == Phase.PLACE and s.round == 4
    assert (s.cash[0], s.household, s.taxed, s.penalties[0]) == (0, 5, 0, 3)
    assert "Player 1 pays $5 of $6 in wages." in texts(ev)
    assert "Player 1 pays $0 of $2 in tax to the supply." in texts(ev)


def test_r78_score_is_total_assets() -> None:
    # NE-R78: after round 9 the score is the total assets; variant A returns the score's scale.
    s = solo(buildings=["statue", "farm"], cash=40, round_=9, workers=2,
             public_extra=["stall", "market", "high_school", "supermarket", "university",
                           "department_store", "vocational_school", "expo"])
    s, ev = play(s, "place:mine", "draw:farm", "place:mine", "draw:farm")
    assert s.phase == Phase.OVER and s.result == "finished"
    # $40 − $10 wages − $8 tax = $22, plus Statue $28 and Farm $6.
    assert s.score(0).total == 22 + 28 + 6 == 56
    assert "Final score: total assets 56." in texts(ev)
    assert 0.0 < SOLO.returns(s)[0] < 1.0
    assert say(VIEW.summary(SOLO.observation(s, None)), "en").startswith(
        "Final score: total assets 56.")


def test_r80_variant_b_starts_with_a_farm() -> None:
    # NE-R80, NE-G13
    s = SOLO.new_game(1, {"variant": "b"})
    assert age_order(s) == ["farm", "school", "carpenter", "mine"]
    assert s.deck[DECK_INDEX["farm"]] == BUILDINGS["farm"].copies - 1
    assert s.deck[DECK_INDEX["factory"]] == BUILDINGS["factory"].copies


def test_r81_variant_b_allows_any_number_per_type() -> None:
    # NE-R81: two Farms may be sold although a Farm is already public.
    s = solo("b", buildings=["farm", "farm"], cash=0, round_=3,
             public_extra=["stall", "market"])
    s, _ = play(s, "place:mine", "draw:farm", "place:mine", "draw:farm")
    assert s.phase == Phase.SELL and SOLO.legal_actions(s) == ["sell:farm"]
    s, _ = play(s, "sell:farm")
    assert "sell:farm" in SOLO.legal_actions(s)  # $3 does not cover $6
    s, _ = play(s, "sell:farm", "done")
    assert age_order(s)[:4] == ["high_school", "farm", "farm", "market"]


def test_r82_variant_b_sales_pay_half_and_over_selling_uses_half() -> None:
    # NE-R82: short $4; the Farm pays $3, the Orchard $5. At full value the Farm alone ($6)
    # would be a legal sale; at half value it is short alone and needless beside the Orchard.
    s = solo("b", buildings=["farm", "orchard"], cash=2, round_=3,
             public_extra=["stall", "market"])
    s, _ = play(s, "place:mine", "draw:farm", "place:mine", "draw:farm")
    assert s.phase == Phase.SELL and s.due(0) == 6
    assert SOLO.legal_actions(s) == ["sell:orchard"]
    assert say(SOLO.reason(s, "sell:farm")).startswith("No legal sale contains this selection")
    status = say(VIEW.status(SOLO.observation(s, 0), 0), "en")
    assert "Legal sales: Orchard $5." in status
    gestures = VIEW.gestures(SOLO.observation(s, 0), 0, SOLO.legal_actions(s))
    assert [g.label_en for g in gestures] == ["Sell Orchard ($5)"]
    s2, ev = play(s, "sell:orchard")
    assert SOLO.legal_actions(s2) == ["done"]
    s2, ev = play(s2, "done")
    assert "Player 1 sells Orchard for $5." in texts(ev)
    assert (s2.cash[0], s2.issued) == (1, 2 + 5)


def test_r83_variant_b_has_no_tax() -> None:
    # NE-R83: whatever the tax option says.
    for mode in ("round-minus-one", "round", "none"):
        s = SOLO.new_game(1, {"variant": "b", "tax": mode})
        for r in range(1, 10):
            s.round = r
            assert s.tax() == 0


def test_r84_variant_b_clear_at_100() -> None:
    # NE-R84: total assets of 100 clear the game; 99 do not.
    finals = ["stall", "market", "high_school", "supermarket", "university",
              "department_store", "vocational_school", "expo"]
    results = {}
    for cash in (82, 81):
        s = solo("b", buildings=["statue"], cash=cash, round_=9, public_extra=finals)
        s, ev = play(s, "place:mine", "draw:farm", "place:mine", "draw:farm")
        results[cash] = (s.result, s.score(0).total, SOLO.returns(s)[0], texts(ev)[-1])
    assert results[82][:3] == ("clear", 100, 1.0)
    assert results[82][3] == "Cleared! Total assets 100 (target 100)."
    assert results[81][:2] == ("not-cleared", 99) and -1.0 < results[81][2] < 0.0
    assert results[81][3] == "Not cleared: total assets 99, 100 needed."


def test_g16_idle_workers_when_nothing_is_legal() -> None:
    # NE-G16: the Mine is blocked after three own placements; nothing is left for the last
    # worker, which stays idle, and the round proceeds.
    s = solo(hand=[], buildings=["farm", "farm", "farm", "warehouse"], workers=4, cash=20)
    s.public = ["mine", "carpenter", "factory"]  # a smaller public area: three cards
    s.public_workers = [[], [], []]
    s, ev = play(s, "place:own:farm", "place:own:farm", "place:own:farm")
    assert "idle" in kinds(ev) and s.round == 2
    assert "1 worker stays idle" in " ".join(texts(ev))


# ---------------------------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------------------------


def test_options_and_defaults() -> None:
    spec = SOLO.spec
    assert (spec.id, spec.min_players, spec.max_players) == ("national-economy-solo", 1, 1)
    # The 2-4 player game's rule options are inherited, all but the tie-break (one player).
    assert [o.key for o in spec.options] == ["variant", "tax", "wage_failure", "built_buildings",
                                             "final_hand_limit", "bonus_copies",
                                             "goods_shortage"]
    assert spec.resolve_options({}) == {"variant": "a", "tax": "round-minus-one",
                                        "wage_failure": "game-over",
                                        "built_buildings": "same-round",
                                        "final_hand_limit": "apply", "bonus_copies": "each",
                                        "goods_shortage": "take-what-is-left"}
    for o in spec.options:
        assert o.name_en and o.name_ja and o.help_en and o.help_ja
    with pytest.raises(InvalidOptionError):
        spec.resolve_options({"variant": "c"})
    with pytest.raises(InvalidOptionError):
        SOLO.new_game(1, {"tax": "flat-9"})
    with pytest.raises(InvalidOptionError):
        SOLO.new_game(2)


def test_tax_option_schedules() -> None:
    # NE-G10 default $0..$8 ($36 in all); "round" $1..$9; "none" nothing.
    assert [tax_for("a", "round-minus-one", r) for r in range(1, 10)] == list(range(9))
    assert sum(tax_for("a", "round-minus-one", r) for r in range(1, 10)) == 36
    assert [tax_for("a", "round", r) for r in range(1, 10)] == list(range(1, 10))
    assert [tax_for("a", "none", r) for r in range(1, 10)] == [0] * 9
    s = SOLO.new_game(1, {"tax": "round"})
    assert s.tax() == 1 and s.due(0) == 5
    s = solo(tax="none", cash=10, round_=5,
             public_extra=["stall", "market", "high_school", "supermarket"])
    s, ev = play(s, "place:mine", "draw:farm", "place:mine", "draw:farm")
    assert "tax" not in kinds(ev) and (s.round, s.cash[0], s.taxed) == (6, 4, 0)


def test_wage_failure_option() -> None:
    # NE-G11: the same shortfall ends the game or gives tokens, depending on the option.
    for failure, over in (("game-over", True), ("penalty-tokens", False)):
        s = solo(cash=1, failure=failure)
        s, _ = play(s, "place:mine", "draw:farm", "place:mine", "draw:farm")
        assert (s.phase == Phase.OVER) == over
        assert s.penalties[0] == (0 if over else 3)


# ---------------------------------------------------------------------------------------------
# Engine contract and invariants
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [
    {"variant": "a"},
    {"variant": "b"},
    {"variant": "a", "wage_failure": "penalty-tokens", "tax": "round"},
    {"variant": "b", "wage_failure": "penalty-tokens"},
])
def test_conformance_kit(options: dict[str, object]) -> None:
    report = check_game(SOLO, seeds=range(3), options=options)
    assert report.games == 3 and report.moves > 0


@pytest.mark.parametrize("variant", ["a", "b"])
def test_money_and_cards_are_conserved(variant: str) -> None:
    # NE-R52, NE-R76: money enters only as start cash and sales, and leaves only as tax.
    rng = random.Random(99)
    for g in range(6):
        failure = "penalty-tokens" if g % 2 else "game-over"
        s = SOLO.new_game(1, {"variant": variant, "wage_failure": failure})
        sold = 0
        while SOLO.current_player(s) != TERMINAL:
            action = random_action(SOLO, s, rng)
            if action == "done":
                div = 2 if variant == "b" else 1
                sold += sum(BUILDINGS[b].value // div for b in s.selling)
            SOLO.apply_in_place(s, action)
            assert card_total(s) == (DECK_SIZE, 24), action
            assert s.cash[0] + s.household == 5 + sold - s.taxed == s.issued, action
            assert s.cash[0] >= 0 and s.household >= 0
            if variant == "b":
                assert s.taxed == 0


def test_heuristic_and_returns_shape() -> None:
    s = solo(buildings=["farm"], cash=10)
    h = SOLO.heuristic(s, 0)
    assert h is not None and -1.0 <= h <= 1.0
    broke = solo(cash=0, workers=5)  # $10 owed, nothing to sell: NE-R77 looms
    hb = SOLO.heuristic(broke, 0)
    assert hb is not None and hb < 0.0 < h
    assert SOLO.returns(s) == [0.0]


class _Steady(random.Random):
    """A generator whose ``random()`` never falls under the playout's noise share."""

    def random(self) -> float:
        return 0.99


def test_playout_covers_the_wages_with_the_cheapest_earner() -> None:
    # NE-R31, NE-R76: $4 of wages due and no cash; the Tavern brings $5 for no card, the Stall
    # $6 for one, so the playout sends the worker to the Tavern.
    s = solo("b", hand=["farm"], buildings=["tavern"], cash=0, household=20,
             public_extra=["stall"])
    legal = SOLO.legal_actions(s)
    assert {"place:stall", "place:own:tavern"} <= set(legal)
    assert SOLO.playout_action(s, legal, _Steady(1)) == "place:own:tavern"
    # $8 due: neither the Tavern nor the Stall covers it alone; the larger sum goes first.
    s.workers = [4]
    assert SOLO.playout_action(s, SOLO.legal_actions(s), _Steady(1)) == "place:stall"


def test_playout_builds_then_draws_once_the_wages_are_covered() -> None:
    # With the wages in hand the playout builds where it can (the Carpenter, NE-P3, NE-R43),
    # else draws (the Mine, NE-P2); hiring is left to the share of random placements.
    s = solo("b", hand=["farm", GOODS], cash=10, household=20)
    assert SOLO.playout_action(s, SOLO.legal_actions(s), _Steady(1)) == "place:carpenter"
    s = solo("b", hand=[], cash=10, household=20)
    assert SOLO.playout_action(s, SOLO.legal_actions(s), _Steady(1)) == "place:mine"
    noisy = [SOLO.playout_action(s, SOLO.legal_actions(s), random.Random(seed))
             for seed in range(200)]
    assert noisy.count(None) > 10 and noisy.count("place:mine") > 100


def test_playout_keeps_the_valuable_cards() -> None:
    # NE-R42, NE-R44: a cost is paid with goods first, then with the least valuable card; a
    # build takes the most valuable building.
    s = solo("b", hand=["statue", "farm", "orchard", "tavern", GOODS], cash=10)
    s, _ = play(s, "place:carpenter")
    build = SOLO.legal_actions(s)
    assert "build:orchard" in build
    assert SOLO.playout_action(s, build, _Steady(1)) == "build:statue"
    s, _ = play(s, "build:orchard")  # a cost of 2: the goods, then the Farm ($6, not $8 or $28)
    assert SOLO.playout_action(s, SOLO.legal_actions(s), _Steady(1)) == f"discard:{GOODS}"
    s, _ = play(s, f"discard:{GOODS}")
    assert SOLO.playout_action(s, SOLO.legal_actions(s), _Steady(1)) == "discard:farm"


def test_playout_sells_the_cheapest_building_that_covers_the_wages() -> None:
    # NE-R53, NE-R82: short $4 at half prices; the Orchard ($5) and the Factory ($6) cover
    # it alone, the Farm ($3) does not: the Orchard is sold, then the payday ends.
    s = solo("b", buildings=["farm", "orchard", "factory"], cash=2, round_=3,
             public_extra=["stall", "market"])
    s, _ = play(s, "place:mine", "draw:farm", "place:mine", "draw:farm")
    assert s.phase == Phase.SELL and s.due(0) - s.cash[0] == 4
    legal = SOLO.legal_actions(s)
    assert "sell:factory" in legal
    assert SOLO.playout_action(s, legal, _Steady(1)) == "sell:orchard"
    s, _ = play(s, "sell:orchard")
    assert SOLO.playout_action(s, SOLO.legal_actions(s), _Steady(1)) == "done"


# ---------------------------------------------------------------------------------------------
# The table view
# ---------------------------------------------------------------------------------------------


def _pieces(lay: Layout) -> dict[str, Piece]:
    return {p.id: p for p in lay.pieces}


def _inside(token: Piece, card: Piece) -> bool:
    return (card.x <= token.x and token.x + token.w <= card.x + card.w
            and card.y <= token.y and token.y + token.h <= card.y + card.h)


def test_view_public_area_in_age_order_newest_first() -> None:
    s = solo(round_=3, public_extra=["stall", "market"])
    lay = VIEW.layout(SOLO.observation(s, 0), 0)
    pieces = _pieces(lay)
    shown = sorted((p for p in lay.pieces if p.id.startswith("pub")), key=lambda p: (p.y, p.x))
    assert [p.art["title_en"] for p in shown] == [
        "Market", "Stall", "Factory", "School", "Carpenter", "Mine"]
    assert pieces["pub5"].art["title_en"] == "Market"  # ids keep the public index
    zone = next(z for z in lay.zones if z.id == "public")
    assert "newest →" in zone.label_en and "新しい順" in zone.label_ja
    assert "(newest public card)" in pieces["pub5"].tooltip_en
    texts_ = {t.id: t for t in lay.texts}
    assert texts_["round"].text_en == "Round 3/9 · wage $3 per worker · tax $2"
    assert texts_["round"].text_ja == "ラウンド 3/9・賃金 1人$3・税金$2"
    assert "wages $6 (2 × $3) + tax $2 = $8" in texts_["bill"].text_en


def test_view_blockers_keep_their_ids_and_sit_on_the_blocked_card() -> None:
    s = solo(hand=["farm", GOODS], workers=3)

    def blockers(state: NESoloState) -> tuple[dict[str, Piece], dict[str, Piece]]:
        lay = VIEW.layout(SOLO.observation(state, 0), 0)
        pieces = _pieces(lay)
        return pieces, {k: v for k, v in pieces.items() if k.startswith("blocker")}

    pieces, b0 = blockers(s)
    assert set(b0) == {"blocker0", "blocker1", "blocker2"}  # one per worker, all waiting
    zone = next(z for z in VIEW.layout(SOLO.observation(s, 0), 0).zones
                if z.id == "blockers")
    assert all(zone.x <= p.x and p.x + p.w <= zone.x + zone.w for p in b0.values())
    assert all(p.kind == "token" and p.art["color"] == "#8c9399" for p in b0.values())
    s, _ = play(s, "place:mine", "draw:farm")
    pieces, b1 = blockers(s)
    factory = pieces["pub3"]
    assert _inside(b1["blocker0"], factory) and factory.state == "used"
    assert "blocked this round" in factory.tooltip_en
    assert (b1["blocker1"].x, b1["blocker1"].y) == (b0["blocker1"].x, b0["blocker1"].y)
    s, _ = play(s, "place:carpenter", "build:farm", "discard:goods")
    pieces, b2 = blockers(s)
    assert _inside(b2["blocker0"], pieces["pub3"])  # blocker0 stays where it was
    assert _inside(b2["blocker1"], pieces["pub2"])  # the School
    assert (b2["blocker0"].x, b2["blocker0"].y) == (b1["blocker0"].x, b1["blocker0"].y)


def test_view_why_not_on_a_blocked_card() -> None:
    s = solo(hand=["farm", GOODS], workers=2)
    s, _ = play(s, "place:mine", "draw:farm")
    obs = SOLO.observation(s, 0)
    en = say(VIEW.why_not(obs, 0, "w0_1", "pub3"), "en")
    ja = say(VIEW.why_not(obs, 0, "w0_1", "pub3"), "ja")
    assert en == "The Factory is blocked this round: the neutral blocker stands on it."
    assert ja == "工場はこのラウンド、中立のブロッカーにふさがれていて使えません。"
    assert say(VIEW.why_not(obs, 0, "pub3", None), "en") == en
    assert "neutral" in say(VIEW.why_not(obs, 0, "blocker0", None), "en")
    assert "ブロッカー" in say(VIEW.why_not(obs, 0, "blocker0", None), "ja")
    gestures = VIEW.gestures(obs, 0, SOLO.legal_actions(s))
    assert not any(g.target == "pub3" for g in gestures)
    assert "Blocked this round: Factory." in say(VIEW.status(obs, 0), "en")
    assert "このラウンドふさがれている職場：工場" in say(VIEW.status(obs, 0), "ja")


def _check_gestures(s: NESoloState) -> None:
    obs = SOLO.observation(s, 0)
    legal = SOLO.legal_actions(s)
    gestures = VIEW.gestures(obs, 0, legal)
    lay = VIEW.layout(obs, 0)
    ids = {p.id for p in lay.pieces} | {z.id for z in lay.zones}
    blocked = {f"pub{i}" for i in s.blocked}
    for g in gestures:
        assert g.action in legal
        for end in (g.source, g.target):
            assert end is None or end in ids, (g, s.phase)
        assert g.target not in blocked
    assert {g.action for g in gestures} == set(legal)
    assert len({p.id for p in lay.pieces}) == len(lay.pieces)


@pytest.mark.parametrize("variant", ["a", "b"])
def test_a_gesture_for_every_legal_action(variant: str) -> None:
    phases: set[str] = set()
    for seed in range(2):
        rng = random.Random(500 + seed)
        s = SOLO.new_game(1, {"variant": variant, "wage_failure": "penalty-tokens"})
        while SOLO.current_player(s) != TERMINAL:
            if SOLO.current_player(s) == CHANCE:
                a = SOLO.sample_chance(s, rng)
            else:
                _check_gestures(s)
                phases.add(s.phase)
                a = rng.choice(SOLO.legal_actions(s))
            s, _ = play(s, a)
        obs = SOLO.observation(s, None)
        assert say(VIEW.summary(obs), "en") and say(VIEW.summary(obs), "ja")
        assert VIEW.score_table(obs) is not None
    assert {"place", "discard", "build", "sell"} <= phases


def test_plugin_registry_and_rulebooks() -> None:
    assert "tabletop.games.national_economy.plugin:SOLO_PLUGIN" in BUILTIN
    plugins, failures = load_plugins(include_entry_points=False)
    assert not failures
    assert plugins["national-economy-solo"] is SOLO_PLUGIN and "national-economy" in plugins
    assert isinstance(SOLO_PLUGIN.game, NationalEconomySoloGame)
    assert isinstance(SOLO_PLUGIN.view(), NationalEconomySoloView)
    en = SOLO_PLUGIN.rules["en"].read_text(encoding="utf-8")
    ja = SOLO_PLUGIN.rules["ja"].read_text(encoding="utf-8")
    assert "## Solo" in en and "## ソロ" in ja
    assert "blocker" in en and "ブロッカー" in ja
