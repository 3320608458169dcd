"""National Economy table view: layout, privacy of hands, gestures for every legal action,
refusal reasons from the rules model, status, series, summary and the score table."""

from __future__ import annotations

import random

import pytest

from tabletop.engine import CHANCE, TERMINAL, Layout, Msg
from tabletop.games.national_economy.data import (
    BUILDING_IDS,
    BUILDINGS,
    GOODS,
    WORKPLACES,
)
from tabletop.games.national_economy.model import NEObs, NEState
from tabletop.games.national_economy.payday import sale_selections
from tabletop.games.national_economy.plugin import PLUGIN
from tabletop.games.national_economy.view import NationalEconomyView, glance_art
from tests.games.national_economy.ne_build import GAME, play, position, say

VIEW = NationalEconomyView()
NAMES = {c: (b.en, b.ja) for c, b in BUILDINGS.items()}


def _ids(lay: Layout) -> set[str]:
    return {p.id for p in lay.pieces} | {z.id for z in lay.zones}


def _titles(lay: Layout) -> list[str]:
    return [str(p.art.get("title_en", "")) for p in lay.pieces if p.kind == "card"]


def _series(obs: NEObs, lang: str) -> dict[str, float]:
    """The view's chart series, their names worded in ``lang``."""
    return {say(name, lang): value for name, value in VIEW.series(obs)}


def _table(obs: NEObs, lang: str) -> list[list[str]] | None:
    """The view's score table, worded in ``lang``."""
    rows = VIEW.score_table(obs)
    return None if rows is None else [[say(cell, lang) for cell in row] for row in rows]


def _random_state(n: int, seed: int, stop: int) -> NEState:
    rng = random.Random(seed)
    s = GAME.new_initial_state(n, {})
    for _ in range(stop):
        cp = GAME.current_player(s)
        if cp == TERMINAL:
            break
        a = GAME.sample_chance(s, rng) if cp == CHANCE else rng.choice(GAME.legal_actions(s))
        s, _ = GAME.apply(s, a)
    return s


def test_layout_public_area_players_and_piles() -> None:
    s = position(4, hands=[["farm", "factory"], ["tavern"], [GOODS, "statue"], []],
                 buildings=[["plantation"], ["warehouse", "farm"], [], ["car_factory"]],
                 household=9, round_=3, public_extra=["stall", "market", "orchard"])
    obs = GAME.observation(s, 0)
    lay = VIEW.layout(obs, 0)
    assert (lay.width, lay.height) == (1600, 1000)
    pieces = {p.id: p for p in lay.pieces}
    # NE-R11, NE-R12: every public card, in age order, with its names and effect.
    public = [pieces[f"pub{i}"] for i in range(len(s.public))]
    assert [p.art["title_en"] for p in public] == [
        "Quarry", "School", "Mine", "Carpenter", "Carpenter", "Carpenter", "Stall", "Market",
        "Orchard"]
    assert public[1].art["title_ja"] == "学校" and "worker" in public[1].art["body_en"]
    xs = [(p.y, p.x) for p in public]
    assert xs == sorted(xs)
    orchard = public[-1]
    assert orchard.art["corner"] == "2" and orchard.art["badge"] == "$10"
    assert "消費財" in orchard.art["body_ja"]
    # Each player's buildings, own hand face up, the others face down with their count.
    for p, owned in enumerate(s.buildings):
        assert [pieces[f"b{p}_{b}_0"].art["title_en"] for b in owned] == [
            NAMES[b][0] for b in owned]
    assert pieces["h0_factory_0"].face_up and pieces["h0_farm_0"].art["title_ja"] == "農場"
    for p, n_cards in ((1, 1), (2, 2), (3, 0)):
        hidden = [x for x in lay.pieces if x.id.startswith(f"h{p}_")]
        assert len(hidden) == n_cards and all(not x.face_up and not x.art for x in hidden)
    # Workers: two awake tokens per player, in the player's colour.
    for p in range(4):
        assert {f"w{p}_0", f"w{p}_1"} <= set(pieces)
    assert pieces["household"].art["label"] == "$9"
    assert pieces["round3"].state == "active" and pieces["round2"].state == "used"
    texts = {t.id: t for t in lay.texts}
    assert "Round 3/9" in texts["round"].text_en and "$3" in texts["round"].text_en
    assert texts["deck_count"].text_en == str(s.deck_count())
    assert texts["goods_count"].text_en == str(s.goods)
    assert "$5" in texts["name0"].text_en and "$6" in texts["name1"].text_en
    assert "(you)" in next(z for z in lay.zones if z.id == "area0").label_en
    # The own buildings are read; a rival's are glanced at: their text prints where it
    # reads, else their gist (the category, and unsellable: NE-R25, NE-R51).
    assert not pieces["b0_plantation_0"].art.get("glance")
    farm = pieces["b1_farm_0"].art
    assert farm["glance"] and farm["gist_en"] == "Agricultural" and farm["gist_ja"] == "農業系"
    unsellable = next(b for b, info in BUILDINGS.items() if not info.sellable)
    assert glance_art(unsellable)["gist_en"].endswith("Unsellable")


def test_placed_workers_sit_on_their_cards_and_used_cards_dim() -> None:
    s = position(2, hands=[["farm", "farm"], ["tavern"]], buildings=[["farm"], []])
    s, _ = play(s, "place:school", "place:mine", "draw:farm", "place:own:farm")
    lay = VIEW.layout(GAME.observation(s, 1), 1)
    pieces = {p.id: p for p in lay.pieces}
    school, mine = pieces["pub1"], pieces["pub2"]
    assert school.state == "used" and mine.state == ""  # NE-R23: the Mine takes anyone
    on_school = [p for p in lay.pieces if p.kind == "token" and p.id.startswith("w")
                 and school.x <= p.x <= school.x + school.w
                 and school.y <= p.y <= school.y + school.h]
    assert [p.id for p in on_school] == ["w0_0"]
    assert pieces["b0_farm_0"].state == "used"
    # The School's new worker sleeps until the next round (NE-R41).
    assert pieces["w0_2"].state == "dim"


def test_no_hidden_card_in_another_seats_layout() -> None:
    for seed in range(6):
        s = _random_state(4, seed, 150 + 40 * seed)
        for seat in range(4):
            lay = VIEW.layout(GAME.observation(s, seat), seat)
            for p in range(4):
                if p == seat or s.phase == "over":
                    continue
                prefix = f"h{p}_"
                hidden = [x for x in lay.pieces if x.id.startswith(prefix)]
                assert len(hidden) == len(s.hands[p])
                for x in hidden:
                    assert not x.face_up and not x.art
                    assert x.id[len(prefix):].isdigit()  # ids name no card
                    assert not any(c in x.tooltip_en for c in ("Farm", "Factory", "goods"))
            own = sorted(str(x.art["title_en"]) for x in lay.pieces
                         if x.id.startswith(f"h{seat}_"))
            want = sorted(NAMES[c][0] if c != GOODS else "Consumer goods"
                          for c in s.hands[seat])
            assert own == want


def _check_gestures(s: NEState) -> int:
    seat = GAME.current_player(s)
    obs = GAME.observation(s, seat)
    legal = GAME.legal_actions(s)
    gestures = VIEW.gestures(obs, seat, legal)
    ids = _ids(VIEW.layout(obs, seat))
    for g in gestures:
        assert g.action in legal
        for end in (g.source, g.target):
            assert end is None or end in ids, (g, s.phase)
        if g.action.startswith("place:"):
            assert g.source is not None and g.source.startswith(f"w{seat}_") and g.target
        elif g.action == "done":
            assert g.source is None and g.target is None
        else:
            assert g.source is None and g.target is not None
    assert {g.action for g in gestures} == set(legal)
    return len(legal)


@pytest.mark.parametrize("n", [2, 4])
def test_a_gesture_for_every_legal_action(n: int) -> None:
    phases: set[str] = set()
    for seed in range(3):
        rng = random.Random(100 * n + seed)
        s = GAME.new_initial_state(n, {})
        while GAME.current_player(s) != TERMINAL:
            cp = GAME.current_player(s)
            if cp == CHANCE:
                a = GAME.sample_chance(s, rng)
            else:
                _check_gestures(s)
                phases.add(s.phase)
                a = rng.choice(GAME.legal_actions(s))
            s, _ = GAME.apply(s, a)
        assert say(VIEW.summary(GAME.observation(s, None)), "en")
    assert {"place", "discard", "build"} <= phases


def test_sale_picks_are_clicks_and_done_is_a_button() -> None:
    # NE-X1 in play: wages $10 short, sellable $10 (Orchard) and $20 (Steelworks).
    s = position(2, buildings=[["orchard", "steelworks"], []], cash=[0, 40], round_=9,
                 workers=[2, 2], hands=[[], []])
    s.phase = "sell"
    s.queue = [0, 1]
    obs = GAME.observation(s, 0)
    legal = GAME.legal_actions(s)
    gestures = VIEW.gestures(obs, 0, legal)
    assert {(g.action, g.target) for g in gestures} == {
        ("sell:orchard", "b0_orchard_0"), ("sell:steelworks", "b0_steelworks_0")}
    status = say(VIEW.status(obs, 0), "en")
    assert "$10 short" in status and "Orchard $10" in status and "Steelworks $20" in status
    assert "Orchard $10 + Steelworks $20" not in status  # NE-R53: that would over-sell
    s, _ = play(s, "sell:steelworks")
    obs = GAME.observation(s, 0)
    lay = VIEW.layout(obs, 0)
    assert next(p for p in lay.pieces if p.id == "b0_steelworks_0").state == "selected"
    gestures = VIEW.gestures(obs, 0, GAME.legal_actions(s))
    assert [g.action for g in gestures] == ["done"]
    assert gestures[0].label_en == "Done: sell for $20"
    # Adding the Orchard now over-sells; the reason is the model's words.
    why = say(VIEW.why_not(obs, 0, "b0_orchard_0", None), "en")
    assert why.startswith("Over-selling rule")
    assert say(VIEW.why_not(obs, 0, "b0_orchard_0", None), "ja").startswith("過剰売却ルール")
    assert "確定" in say(VIEW.status(obs, 0), "ja")
    legal_sales = [sel for sel, r in sale_selections(s.buildings[0], 0, 10) if not r]
    assert sorted(legal_sales) == [("orchard",), ("steelworks",)]


def test_payday_dims_what_no_legal_sale_can_add_and_says_why() -> None:
    # NE-R53 on the table: unsellable and over-selling buildings are dimmed for the seller,
    # with the rule's reason first in their tooltip; the others show it as it is.
    s = position(2, buildings=[["orchard", "steelworks", "statue"], []], cash=[0, 40],
                 round_=9, workers=[2, 2], hands=[[], []])
    s.phase = "sell"
    s.queue = [0, 1]

    def states(seat: int) -> dict[str, str]:
        lay = VIEW.layout(GAME.observation(s, seat), seat)
        return {p.id: p.state for p in lay.pieces if p.id.startswith("b0_")}

    assert states(0) == {"b0_orchard_0": "", "b0_steelworks_0": "", "b0_statue_0": "dim"}
    lay = VIEW.layout(GAME.observation(s, 0), 0)
    statue = next(p for p in lay.pieces if p.id == "b0_statue_0")
    assert statue.tooltip_en.startswith(say(GAME.reason(s, "sell:statue"), "en"))
    assert statue.tooltip_ja.startswith(say(GAME.reason(s, "sell:statue"), "ja"))
    s, _ = play(s, "sell:steelworks")
    assert states(0) == {"b0_orchard_0": "dim", "b0_steelworks_0": "selected",
                         "b0_statue_0": "dim"}
    lay = VIEW.layout(GAME.observation(s, 0), 0)
    orchard = next(p for p in lay.pieces if p.id == "b0_orchard_0")
    assert orchard.tooltip_en.startswith("Over-selling rule")
    # The other player sees the sale in progress but no hints meant for the seller.
    assert states(1)["b0_orchard_0"] == ""


def test_discard_and_build_picks_click_hand_cards() -> None:
    s = position(2, hands=[["farm", "factory", GOODS, GOODS], ["tavern"]])
    s, _ = play(s, "place:carpenter")
    obs = GAME.observation(s, 0)
    gestures = VIEW.gestures(obs, 0, GAME.legal_actions(s))
    assert {(g.action, g.target) for g in gestures} == {
        ("build:factory", "h0_factory_0"), ("build:farm", "h0_farm_0")}
    s, _ = play(s, "build:factory")
    obs = GAME.observation(s, 0)
    gestures = VIEW.gestures(obs, 0, GAME.legal_actions(s))
    assert {(g.action, g.target) for g in gestures} == {
        ("discard:farm", "h0_farm_0"), ("discard:goods", "h0_goods_0"),
        ("discard:goods", "h0_goods_1")}
    assert "Discard 2 more" in say(VIEW.status(obs, 0), "en")


def test_why_not_gives_the_models_reason() -> None:
    # NE-X4: the household holds $5, so the Stall ($6) cannot be used.
    s = position(4, hands=[["farm"], [], [], []], household=5, public_extra=["stall"])
    obs = GAME.observation(s, 0)
    stall = next(f"pub{i}" for i, c in enumerate(s.public) if c == "stall")
    for lang in ("en", "ja"):
        want = say(GAME.reason(s, "place:stall"), lang)
        assert want and say(VIEW.why_not(obs, 0, "w0_0", stall), lang) == want
        assert say(VIEW.why_not(obs, 0, stall, None), lang) == want
    assert "$5" in say(VIEW.why_not(obs, 0, "w0_0", stall), "en")
    # A building in hand that cannot be paid for, at the Carpenter.
    carp = say(VIEW.why_not(obs, 0, "w0_0", "pub3"), "en")
    assert carp == say(GAME.reason(s, "place:carpenter"), "en") and "Carpenter" in carp
    # Someone else's worker, and not your turn.
    assert "Player 2" in say(VIEW.why_not(obs, 0, "w1_0", stall), "en")
    obs1 = GAME.observation(s, 1)
    assert say(VIEW.why_not(obs1, 1, "w1_0", "pub2"), "en") == "Waiting for Player 1."
    assert say(VIEW.why_not(obs1, 1, "w1_0", "pub2"), "ja") == "プレイヤー1を待っています。"
    assert say(VIEW.why_not(obs, None, "w0_0", "pub2"), "en") == "You are watching this game."
    # A worker already at work, and one hired this round (NE-R41).
    s2 = position(2, hands=[[], []], workers=[3, 2])
    s2.sleeping = [1, 0]
    s2, _ = play(s2, "place:mine", "draw:farm", "place:mine", "draw:farm")
    obs2 = GAME.observation(s2, 0)
    assert "already working" in say(VIEW.why_not(obs2, 0, "w0_0", "pub3"), "en")
    assert "next one" in say(VIEW.why_not(obs2, 0, "w0_2", "pub3"), "en")
    assert say(VIEW.why_not(obs2, 0, "w0_1", None), "en") == \
        "Drag the worker onto a workplace."
    s3 = position(2, hands=[["farm"], []], buildings=[["warehouse"], []])
    obs3 = GAME.observation(s3, 0)
    assert say(VIEW.why_not(obs3, 0, "w0_0", "b0_warehouse_0"), "en") == say(GAME.reason(
        s3, "place:own:warehouse"), "en")
    assert say(VIEW.why_not(obs3, 0, "w0_0", "b1_x_0"), "en").startswith("Drag the worker")


def test_design_office_cards_are_clicked() -> None:
    s = position(2, hands=[[], []], buildings=[["design_office"], []])
    s, _ = play(s, "place:own:design_office", "draw:farm", "draw:factory", "draw:farm",
                "draw:statue", "draw:tavern")
    obs = GAME.observation(s, 0)
    lay = VIEW.layout(obs, 0)
    assert any(z.id == "revealed" for z in lay.zones)
    gestures = VIEW.gestures(obs, 0, GAME.legal_actions(s))
    assert {(g.action, g.target) for g in gestures} == {
        ("take:factory", "rev_factory_0"), ("take:farm", "rev_farm_0"),
        ("take:farm", "rev_farm_1"), ("take:statue", "rev_statue_0"),
        ("take:tavern", "rev_tavern_0")}
    assert _ids(lay) >= {g.target for g in gestures if g.target}


def test_status_series_and_summary_in_both_languages() -> None:
    s = position(3, hands=[["farm"], [], []], cash=[5, 6, 7], household=4,
                 buildings=[["statue"], [], []])
    obs = GAME.observation(s, 0)
    assert say(VIEW.status(obs, 0), "en") == "Place a worker on a workplace."
    assert say(VIEW.status(obs, 1), "ja") == "プレイヤー1を待っています。"
    assert say(VIEW.status(obs, None), "en") == "Player 1 places a worker"
    series = _series(GAME.observation(s, None), "en")
    assert series["P1 cash"] == 5 and series["P1 assets"] == 5 + 28
    assert series["P3 assets"] == 7 and series["Household"] == 4
    assert set(_series(obs, "ja")) == {"P1 現金", "P1 総資産", "P2 現金", "P2 総資産",
                                           "P3 現金", "P3 総資産", "家計"}
    assert say(VIEW.summary(obs), "en") == ""
    # NE-X5 as a finished game: 20 + 80 + Railway 16 + HQ 18 − 6 = 128.
    s = position(2, cash=[20, 1], workers=[4, 2],
                 buildings=[["factory", "steelworks", "railway", "headquarters", "warehouse"],
                            []])
    s.penalties = [2, 0]
    s.phase = "over"
    obs = GAME.observation(s, None)
    en = say(VIEW.summary(obs), "en")
    ja = say(VIEW.summary(obs), "ja")
    assert en.splitlines()[0] == "Player 1 wins."
    assert ("Player 1: cash $20 + buildings $80 + Railway +16 + Headquarters Building +18 "
            "− penalties 6 = 128") in en
    assert ja.splitlines()[0] == "プレイヤー1の勝ちです。"
    assert "プレイヤー1：現金$20 + 建物$80 + 鉄道+16 + 本社ビル+18 − 未払い罰符6 = 128点" in ja
    assert say(VIEW.status(obs, 0), "en") == "Player 1 wins."


def test_every_card_has_art_in_both_languages() -> None:
    from tabletop.games.national_economy.view import card_art

    for c in (*BUILDING_IDS, *WORKPLACES, GOODS):
        a = card_art(c)
        assert a["title_en"] and a["title_ja"] and a["body_en"] and a["body_ja"], c
    assert card_art("stall", 2)["body_en"] != card_art("stall", 4)["body_en"]


def test_plugin_and_rulebooks() -> None:
    assert PLUGIN.game.spec.id == "national-economy"
    assert isinstance(PLUGIN.view(), NationalEconomyView)
    en = PLUGIN.rules["en"].read_text(encoding="utf-8")
    ja = PLUGIN.rules["ja"].read_text(encoding="utf-8")
    for b in BUILDINGS.values():
        assert f"| {b.ja} | {b.en} |" in en and f"| {b.ja} | {b.en} |" in ja, b.id
    for w in WORKPLACES.values():
        assert f"| {w.ja} | {w.en} |" in en and f"| {w.ja} | {w.en} |" in ja, w.id
    assert "over-selling" in en.lower() and "過剰売却" in ja


def test_score_table_breaks_down_a_finished_game() -> None:
    # NE-X5 as a finished game: 20 + 80 + Railway 16 + HQ 18 − 6 = 128.
    s = position(2, cash=[20, 1], workers=[4, 2],
                 buildings=[["factory", "steelworks", "railway", "headquarters", "warehouse"],
                            []])
    s.penalties = [2, 0]
    assert VIEW.score_table(GAME.observation(s, None)) is None  # not over yet
    s.phase = "over"
    obs = GAME.observation(s, None)
    assert _table(obs, "en") == [
        ["", "Player 1", "Player 2"],
        ["Cash", "20", "1"],
        ["Buildings", "80", "0"],
        ["Headquarters Building", "18", "0"],
        ["Railway", "16", "0"],
        ["Penalties", "-6", "0"],
        ["Total assets", "128", "1"],
    ]
    ja = _table(obs, "ja")
    assert ja is not None
    assert [row[0] for row in ja] == [
        "", "現金", "建物", "本社ビル", "鉄道", "未払い罰符", "総資産"]
    assert ja[0][1:] == ["プレイヤー1", "プレイヤー2"]


def test_random_four_player_game_table_rounds_and_panels() -> None:
    s = _random_state(4, 1, 100_000)
    assert GAME.current_player(s) == TERMINAL
    obs = GAME.observation(s, None)
    scores = obs["scores"]
    assert VIEW.series_round(obs) == 9
    assert VIEW.series_round(GAME.observation(_random_state(4, 1, 0), None)) == 1
    owned = {b for sc in scores for b in sc["bonuses"]}
    assert owned, "the seed should give some player an end bonus"
    for lang in ("en", "ja"):
        table = _table(obs, lang)
        assert table is not None
        header, *rows = table
        assert header == ["", *(f"Player {p}" if lang == "en" else f"プレイヤー{p}"
                                for p in range(1, 5))]
        assert all(len(row) == 5 for row in rows)
        # Cash, buildings, one row per bonus someone has, penalties, total.
        assert len(rows) == 4 + len(owned)
        assert {row[0] for row in rows[2:-2]} == {say(Msg(f"card.{b}"), lang) for b in owned}
        total = rows[-1]
        for p in range(4):
            assert int(total[p + 1]) == scores[p]["total"]
            assert sum(int(row[p + 1]) for row in rows[:-1]) == scores[p]["total"]
            assert int(rows[-2][p + 1]) == -scores[p]["penalty"]
        # Each series goes into the panel meant for it (the first whose words it contains).
        panels = [(say(title, lang), tuple(say(w, lang) for w in words))
                  for title, words in VIEW.series_panels()]
        assert [t for t, _ in panels] == (["Cash", "Total assets", "Household"] if lang == "en"
                                          else ["現金", "総資産", "家計"])
        placed: dict[str, list[str]] = {t: [] for t, _ in panels}
        for name in _series(obs, lang):
            title = next(t for t, words in panels
                         if any(w.casefold() in name.casefold() for w in words))
            placed[title].append(name)
        cash, assets, household = (placed[t] for t, _ in panels)
        unit = ("cash", "assets") if lang == "en" else ("現金", "総資産")
        assert cash == [f"P{p} {unit[0]}" for p in range(1, 5)]
        assert assets == [f"P{p} {unit[1]}" for p in range(1, 5)]
        assert household == ["Household" if lang == "en" else "家計"]
