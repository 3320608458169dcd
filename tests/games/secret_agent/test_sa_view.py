"""Secret Agent table view: a gesture for every legal action (drags onto countries, hand piles
and counters; clicks on spies, contracts and country cards; buttons), every seat count laid out
inside the table, no hidden card of another seat in a layout (hands, face-down spies, bids),
the rules' reasons for refused drops, the dice with their threshold, the end stage, the chart
and the final breakdown."""

from __future__ import annotations

import random

import pytest

from tabletop.engine import Layout, Msg, Piece
from tabletop.engine.game import random_play
from tabletop.engine.layout import MOVE_POSSIBLE
from tabletop.games.secret_agent.state import SecretAgentState
from tabletop.games.secret_agent.view import (
    SecretAgentView,
    chip_id,
    counter_id,
    country_id,
    known_id,
    pile_id,
)
from tests.games.secret_agent.sa_build import GAME, play, position, say
from tests.games.viewcheck import assert_inside, check_gestures, decisions

VIEW = SecretAgentView()


def by_id(lay: Layout) -> dict[str, Piece]:
    return {p.id: p for p in lay.pieces}


def texts(lay: Layout, lang: str = "en") -> dict[str, str]:
    return {t.id: (t.text_en if lang == "en" else t.text_ja) for t in lay.texts}


def hand_of(lay: Layout, seat: int, state: SecretAgentState) -> dict[str, str]:
    """The viewer's hand pieces by face."""
    pieces = by_id(lay)
    out: dict[str, str] = {}
    for i, c in enumerate(state.hands[seat]):
        pid = f"h{i}" if not c.startswith("LD-") else f"lead{seat}"
        assert pid in pieces, pid
        out.setdefault(c, pid)
    return out


def gestures_of(s: SecretAgentState, seat: int | None = None) -> dict[str, set[tuple[str | None,
                                                                                   str | None]]]:
    seat = s.actor if seat is None else seat
    obs = GAME.observation(s, seat)
    found: dict[str, set[tuple[str | None, str | None]]] = {}
    for g in VIEW.gestures(obs, seat, GAME.legal_actions(s)):
        found.setdefault(g.action, set()).add((g.source, g.target))
    return found


@pytest.mark.parametrize("n", [3, 6])
def test_gestures_exist_for_every_legal_action(n: int) -> None:
    # Every legal action of the mover has a gesture on pieces of the table, the table's
    # refusal words for each are empty (the move is possible), every piece lies on it.
    total = 0
    for session in decisions(GAME, n, range(2), limit=150):
        total += check_gestures(session, VIEW, say, langs=("en", "ja"))
    assert total > 300


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_every_seat_and_the_spectator_fit_the_table(n: int) -> None:
    for session in decisions(GAME, n, range(1), limit=40):
        for seat in (None, *range(n)):
            lay = VIEW.layout(GAME.observation(session.state, seat), seat)
            assert_inside(lay)
            assert len({p.id for p in lay.pieces}) == len(lay.pieces)
            ids = {z.id for z in lay.zones}
            assert {f"seat{p}" for p in range(n)} <= ids
            assert {"deck_zone", "discard", "dice", "attack", "auction"} <= ids
            # Panels do not overlap one another.
            panels = [z for z in lay.zones if z.id.startswith("seat")]
            for a in panels:
                for b in panels:
                    if a.id < b.id:
                        assert (a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y
                                or b.y + b.h <= a.y), (a.id, b.id)


def test_own_hand_is_face_up_and_the_others_are_piles_with_counts() -> None:
    s = position([["TE-SPA-3", "SP-2", "DS-NUC-8"], ["SP-4", "CO-1"], ["CT-BE"]],
                 country={1: ["TE-NUC-2", "TE-NUC-4"]}, counters={2: ["CT-IR"]})
    lay = VIEW.layout(GAME.observation(s, 0), 0)
    pieces = by_id(lay)
    own = hand_of(lay, 0, s)
    assert pieces[own["TE-SPA-3"]].face_up and pieces[own["TE-SPA-3"]].art["corner"] == "3"
    assert pieces["lead0"].art["title_en"] == "Chairman"
    # Other hands: one face-down pile each, no art, the count beside it.
    for p in (1, 2):
        pile = pieces[pile_id(p)]
        assert not pile.face_up and not pile.art
    t = texts(lay)
    assert t["count1"] == "Hand 3" and t["count2"] == "Hand 2"
    assert not any(pid.startswith("h") and pid[1:].isdigit() and pid not in own.values()
                   for pid in pieces)
    # Countries: the stacks as chips bottom first, the open counters as tokens.
    assert pieces[chip_id(1, "NUC", 0)].art["label"] == "2"
    assert pieces[chip_id(1, "NUC", 1)].art["label"] == "4"
    assert pieces[counter_id(2, 0)].art["label_en"] == "Rescue"
    # The spectator sees no hand at all.
    spectator = by_id(VIEW.layout(GAME.observation(s, None), None))
    assert not any(pid.startswith("h") and pid[1:].isdigit() for pid in spectator)
    assert "lead0" not in spectator and not spectator[pile_id(0)].face_up


def test_hidden_facts_do_not_change_a_seats_layout() -> None:
    # Two positions that differ only in the other hands (same sizes, same leaders).
    a = position([["TE-SPA-3", "SP-2"], ["SP-4", "CO-1"], ["CT-BE", "DS-HEA-6"]])
    b = position([["TE-SPA-3", "SP-2"], ["SS-JB", "TE-MIL-5"], ["SP-6", "CO-3"]])
    for seat in (0, None):
        la = VIEW.layout(GAME.observation(a, seat), seat)
        lb = VIEW.layout(GAME.observation(b, seat), seat)
        assert la == lb
    # Spies committed face down to a disaster attack likewise (bids: the auction test).
    def attack(spy: str) -> SecretAgentState:
        s = position([["DS-NUC-8", "SP-2"], [spy, "CO-4"], ["CO-2", "SP-1"]],
                     country={1: ["TE-NUC-2"]})
        s, _ = play(s, "disaster:DS-NUC-8:1", "spy:SP-2", "done", f"spy:{spy}")
        return s

    x, y = attack("SP-4"), attack("SP-5")
    assert x.def_spies != y.def_spies
    for seat in (0, 2, None):
        assert VIEW.layout(GAME.observation(x, seat), seat) == VIEW.layout(
            GAME.observation(y, seat), seat)
    # The attacker's own spy is face up in its own view, a back in the defender's.
    own = by_id(VIEW.layout(GAME.observation(x, 0), 0))
    other = by_id(VIEW.layout(GAME.observation(x, 1), 1))
    assert own["aspy0"].face_up and own["aspy0"].art["title_en"] == "Spy"
    assert own["aspy0"].art["corner"] == "2" and "Spy 2" in own["aspy0"].tooltip_en
    assert not other["aspy0"].face_up and not other["aspy0"].art
    assert other["dspy0"].face_up and not own["dspy0"].face_up


def test_action_drags_go_onto_countries_hands_and_counters() -> None:
    s = position([["TE-SPA-3", "SP-2", "DS-NUC-8", "SS-JB", "CT-PE"], ["SP-4"], ["CT-GO"]],
                 country={1: ["TE-NUC-2"]}, counters={2: ["CT-BE"]})
    lay = VIEW.layout(GAME.observation(s, 0), 0)
    own = hand_of(lay, 0, s)
    g = gestures_of(s)
    assert g["tech:TE-SPA-3"] == {(own["TE-SPA-3"], country_id(0))}
    assert g["defence:CT-PE"] == {(own["CT-PE"], country_id(0))}
    assert g["disaster:DS-NUC-8:1"] == {(own["DS-NUC-8"], country_id(1))}
    assert "disaster:DS-NUC-8:2" not in g  # seat 2 has no Nuclear card and no disaster counter
    assert g["secret:2"] == {(own["SP-2"], pile_id(2))}
    assert g["destroy:2:CT-BE"] == {(own["SP-2"], counter_id(2, 0))}
    assert g["special:SS-JB:1:open"] == {(own["SS-JB"], country_id(1))}
    assert g["special:SS-JB:1:secret"] == {(own["SS-JB"], pile_id(1))}
    assert g["pass"] == {(None, None)}
    obs = GAME.observation(s, 0)
    assert say(VIEW.status(obs, 0)).startswith("Your action. Drag a card to")
    assert "ドラッグ" in say(VIEW.status(obs, 0), "ja")


def test_why_not_quotes_the_rules_and_the_table() -> None:
    s = position([["TE-SPA-3", "SP-2", "DS-NUC-8"], ["SP-4"], ["CT-BE"]],
                 country={1: ["TE-NUC-2"]})
    obs = GAME.observation(s, 0)
    own = hand_of(VIEW.layout(obs, 0), 0, s)

    def why(source: str, target: str | None, lang: str = "en") -> str:
        return say(VIEW.why_not(obs, 0, source, target), lang)

    assert why(own["DS-NUC-8"], country_id(2)) == (
        "Player 3 has no technology Reactor Accident 8 can hit, and no counter it would use up.")
    assert why(own["TE-SPA-3"], country_id(1)) == "Space 3 goes into your own country."
    assert why(own["SP-2"], country_id(1)).startswith("Spies go onto a rival's hand")
    assert why(own["TE-SPA-3"], None) == "Drag technology onto your country."
    assert why("lead0", country_id(1)) == "Your leader stays in your hand."
    assert why(pile_id(1), None).startswith("Player 2's hand is secret.")
    assert why(own["SP-2"], pile_id(1)) == ""
    assert VIEW.why_not(obs, 0, own["TE-SPA-3"], country_id(0)) == MOVE_POSSIBLE
    assert "手札" in why(pile_id(1), None, "ja")
    # Another seat's decision: the table says whose it is.
    other = GAME.observation(s, 1)
    assert say(VIEW.why_not(other, 1, "h0", country_id(1))) == (
        "Not your decision now. Player 1 is choosing an action.")
    assert say(VIEW.why_not(GAME.observation(s, None), None, "deck", None)) == (
        "You are watching this game.")


def test_defender_answers_in_its_own_view() -> None:
    s = position([["DS-NUC-8", "SP-2", "SP-3"], ["SP-4", "CT-IR"], ["CO-1"]],
                 country={1: ["TE-NUC-2", "TE-NUC-4"]})
    s, _ = play(s, "disaster:DS-NUC-8:1", "spy:SP-2")
    g = gestures_of(s)
    own = hand_of(VIEW.layout(GAME.observation(s, 0), 0), 0, s)
    assert g["spy:SP-3"] == {(None, own["SP-3"]), (own["SP-3"], "attack")}
    assert g["done"] == {(None, None)}
    s, _ = play(s, "done")
    assert s.actor == 1
    obs = GAME.observation(s, 1)
    g = gestures_of(s)
    own = hand_of(VIEW.layout(obs, 1), 1, s)
    assert g["counter:CT-IR"] == {(None, own["CT-IR"]), (own["CT-IR"], "attack")}
    assert g["spy:SP-4"] == {(None, own["SP-4"]), (own["SP-4"], "attack")}
    assert say(VIEW.status(obs, 1)).startswith("Player 1 attacks you")
    lay = VIEW.layout(obs, 1)
    t = texts(lay)
    assert t["attack_title"] == "Player 1 ▶ Player 2: disaster"
    assert t["attack_threshold"] == "Threshold: 8 + 1 spy − 0 spies (face down)"
    # The attacker, waiting, is told whose decision it is.
    assert say(VIEW.status(GAME.observation(s, 0), 0)) == "Player 2 is answering the attack."


def test_dice_show_the_threshold_and_why_the_roll_went_as_it_did() -> None:
    s = position([["DS-NUC-8", "SP-2", "SP-3"], ["SP-4"], ["CO-1"]],
                 country={1: ["TE-NUC-2", "TE-NUC-4"]})
    s, _ = play(s, "disaster:DS-NUC-8:1", "spy:SP-2", "spy:SP-3", "done", "spy:SP-4", "done")
    assert s.phase == "roll"
    t = texts(VIEW.layout(GAME.observation(s, 2), 2))
    assert t["threshold"] == "≤ 9" and t["check"] == "Player 1 rolls next"
    assert t["attack_threshold"] == "Threshold: 8 + 5 − 4 = 9"
    s, events = play(s, "roll:4-6")
    check = next(e for e in events if e.kind == "check")  # SA-R22, R40: the roll, logged
    assert say(check) == ("Player 1 rolls 4+6 = 10 against 9 for the disaster: failure.")
    assert say(check, "ja") == "プレイヤー1のダイス 4+6 = 10（災害は9以下で成功）→失敗。"
    lay = VIEW.layout(GAME.observation(s, 2), 2)
    pieces = by_id(lay)
    assert pieces["die0"].art["value"] == 4 and pieces["die1"].art["value"] == 6
    t = texts(lay)
    assert t["threshold"] == "≤ 9"
    assert (t["check"], t["check_1"]) == ("Player 1: 10 > 9, failure", "(the disaster)")
    assert texts(lay, "ja")["check"] == "プレイヤー1：10>9で失敗"


def test_auction_bids_are_backs_until_the_reveal() -> None:
    s = position([["SS-JB", "TE-SPA-1"], ["CO-2", "SP-1"], ["CO-4", "SP-1"]],
                 country={1: ["TE-NUC-2"]})
    s, _ = play(s, "special:SS-JB:1:open", "no", "hit:TE-NUC-2")
    assert s.phase == "auction" and s.actor == 1
    g = gestures_of(s)
    pieces = by_id(VIEW.layout(GAME.observation(s, 1), 1))
    own = hand_of(VIEW.layout(GAME.observation(s, 1), 1), 1, s)
    assert g["bid:CO-2"] == {(None, own["CO-2"]), (own["CO-2"], "auction")}
    assert g["no"] == {(None, None)}
    assert pieces["forhire"].art["title_en"] == "J.B."
    s, _ = play(s, "bid:CO-2")
    assert s.actor == 2
    mine = by_id(VIEW.layout(GAME.observation(s, 1), 1))
    theirs = by_id(VIEW.layout(GAME.observation(s, 2), 2))
    assert mine["bid1"].face_up and mine["bid1"].art["title_en"] == "Contract"
    assert mine["bid1"].art["corner"] == "2" and "Contract 2" in mine["bid1"].tooltip_en
    assert not theirs["bid1"].face_up and not theirs["bid1"].art
    obs = GAME.observation(s, 2)
    buttons = [x for x in VIEW.gestures(obs, 2, GAME.legal_actions(s)) if x.action == "no"]
    assert buttons[0].label_en == "Do not bid" and buttons[0].label_ja == "契約しない"


def test_cards_seen_going_into_a_hand_are_shown_under_its_pile() -> None:
    # SA-R28, SA-R35: what every player saw go into a hand is shown there, named, to every
    # other seat (and a spectator); the owner sees his whole hand instead.
    s = position([["SS-JB", "CO-5"], ["CO-4", "SP-1"], ["SP-2"], ["CO-2", "SP-3"]],
                 country={1: ["TE-SPA-3"]})
    s, _ = play(s, "special:SS-JB:1:open", "no", "hit:TE-SPA-3", "bid:CO-4", "no",
                "bid:CO-2", "bid:CO-5")
    assert s.known[3] == ["SS-JB"]
    for seat in (0, 1, 2, None):
        lay = VIEW.layout(GAME.observation(s, seat), seat)
        token = by_id(lay)[known_id(3, 0)]
        assert (token.art["label_en"], token.art["label_ja"]) == ("J.B.", "J.B.")
        assert "Everyone saw J.B. go into Player 4's hand" in token.tooltip_en
        assert texts(lay)["known3"] == "1 seen:" and texts(lay, "ja")["known3"] == "うち既知1枚："
        pile = by_id(lay)[pile_id(3)]
        assert pile.tooltip_en.endswith(" Seen going in: J.B.")
        assert pile.tooltip_ja.endswith("手札に入るのが見えたカード：J.B.。")
        assert_inside(lay)
    own = VIEW.layout(GAME.observation(s, 3), 3)
    assert known_id(3, 0) not in by_id(own) and "known3" not in texts(own)
    assert hand_of(own, 3, s)["SS-JB"]


def test_seen_cards_cover_neither_the_pile_nor_the_counters() -> None:
    # A spy is dropped on the pile (a secret action) or on an open counter: the cards shown
    # under the pile must leave both free, at every seat count.
    def box(p: Piece) -> tuple[float, float, float, float]:
        w, h = p.size()
        return p.x, p.y, p.x + w, p.y + h

    def meet(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    shown = 0
    for seed in range(8):
        for s in random_play(GAME, GAME.new_game(3 + seed % 4), random.Random(seed)):
            if any(s.known[1:]):
                pieces = by_id(VIEW.layout(GAME.observation(s, 0), 0))
                for p in range(1, s.n):
                    seen = [pieces[k] for i in range(len(s.known[p]))
                            if (k := known_id(p, i)) in pieces]
                    # What the column has no room for is still named on the pile.
                    for c in s.known[p][len(seen):]:
                        assert say(Msg(f"card.{c}")) in pieces[pile_id(p)].tooltip_en
                    targets = [pieces[pile_id(p)]] + [pieces[counter_id(p, i)]
                                                      for i in range(len(s.counters[p]))]
                    assert not any(meet(box(a), box(b)) for a in seen for b in targets)
                    shown += len(seen)
    assert shown > 100


def test_a_question_nothing_in_hand_answers_names_the_button_left() -> None:
    # SA-R35: every other player may bid a contract; a player without one is not asked to
    # click a card he does not hold, but told which button is left.
    s = position([["SS-JB", "TE-SPA-1"], ["CO-2", "SP-1"], ["SP-1"]],
                 country={1: ["TE-NUC-2"]})
    s, _ = play(s, "special:SS-JB:1:open", "no", "hit:TE-NUC-2")
    assert s.phase == "auction" and s.actor == 1
    assert say(VIEW.status(GAME.observation(s, 1), 1)).endswith(
        "Click a contract in your hand (or drag it onto the auction).")
    s, _ = play(s, "bid:CO-2")
    assert s.actor == 2 and GAME.legal_actions(s) == ["no"]
    obs = GAME.observation(s, 2)
    assert say(VIEW.status(obs, 2)) == (
        "J.B. is for hire: bid a contract face down, or do not bid. "
        "Nothing in your hand answers this: press Do not bid (N).")
    assert say(VIEW.status(obs, 2), "ja").endswith(
        "手札に出せるカードがありません。「契約しない」（N）を押してください。")
    # A defender without a spy or a counter (SA-R21) is told to press "That is all".
    s = position([["DS-NUC-8", "SP-2"], ["TE-SPA-1"], ["CO-1"]],
                 country={1: ["TE-NUC-2"]})
    s, _ = play(s, "disaster:DS-NUC-8:1", "done")
    assert s.actor == 1 and GAME.legal_actions(s) == ["done"]
    assert say(VIEW.status(GAME.observation(s, 1), 1)).endswith(
        "Nothing in your hand answers this: press That is all (Enter).")


def test_hits_and_losses_are_clicks_on_country_cards() -> None:
    s = position([["SS-RAN", "TE-SPA-1"], ["SP-1"], ["SP-1"]],
                 country={1: ["TE-NUC-2", "TE-NUC-4"]}, counters={1: ["CT-PE"]})
    s, _ = play(s, "special:SS-RAN:1:open", "no")
    assert s.phase == "hit"
    g = gestures_of(s)
    assert g["hit:TE-NUC-4"] == {(None, chip_id(1, "NUC", 1))}
    assert g["low:TE-NUC-2"] == {(None, chip_id(1, "NUC", 0))}
    assert g["hit:CT-PE"] == {(None, counter_id(1, 0))}
    assert say(VIEW.status(GAME.observation(s, 0), 0)).endswith(
        "Click a card of the target country.")


def test_end_stage_is_announced_and_the_game_ends_with_a_breakdown() -> None:
    s = position([["TE-SPA-3"], ["SP-4"], ["CO-1"]], deck={},
                 country={0: ["TE-SPA-1", "DF-SPA-4"], 1: ["TE-MIL-5"]})
    t = texts(VIEW.layout(GAME.observation(s, 0), 0))
    assert t["end_stage"] == "END STAGE"
    assert texts(VIEW.layout(GAME.observation(s, 0), 0), "ja")["end_stage"] == "終盤ステージ"
    assert "declare" in GAME.legal_actions(s)
    s, _ = play(s, "declare", "declare", "declare")
    assert s.phase == "over"
    obs = GAME.observation(s, None)
    assert say(VIEW.summary(obs)).startswith("Game over. Technology points: Player 1 5,")
    table = VIEW.score_table(obs)
    assert table is not None
    assert [say(c) if not isinstance(c, str) else c for c in table[1]] == [
        "Space", "1+4D = 5", "—", "—"]
    assert [say(c) if not isinstance(c, str) else c for c in table[-1]] == [
        "Total points", "5", "5", "0"]
    assert [say(c) if not isinstance(c, str) else c for c in table[-2]] == [
        "Technology cards", "2", "1", "0"]
    assert [(say(name), v) for name, v in VIEW.series(obs)] == [
        ("P1 points", 5.0), ("P2 points", 5.0), ("P3 points", 0.0)]
    assert say(VIEW.series(obs)[0][0], "ja") == "P1 得点"
    assert VIEW.series_round(obs) == s.turns
    label = next(z for z in VIEW.layout(obs, 0).zones if z.id == "seat0")
    assert label.label_en.endswith("(you) — wins")


def test_super_spies_out_of_the_game_are_listed_under_the_auction_at_six_players() -> None:
    # SA-R36: a super spy nobody hires leaves the game; the table lists it where the auction
    # was, clear of the countries around the middle even at six players.
    s = position([["SS-JB", "TE-SPA-1"], ["CO-2", "SP-1"], ["CO-4", "SP-1"], ["SP-1"],
                  ["SP-2"], ["SP-2"]], country={1: ["TE-NUC-2"]})
    s, _ = play(s, "special:SS-JB:1:open", "no", "hit:TE-NUC-2")
    while s.phase == "auction":
        s, _ = play(s, "no")
    assert "SS-JB" in s.removed
    lay = VIEW.layout(GAME.observation(s, 0), 0)
    zones = {z.id: z for z in lay.zones}
    box = zones["auction"]
    line = next(t for t in lay.texts if t.id == "removed")
    assert line.text_en == "Out of the game: J.B." and line.text_ja.startswith("除外")
    # A generous width per character (a full em for Japanese) still ends inside the box.
    for text, em in ((line.text_en, 0.62), (line.text_ja, 1.0)):
        assert box.x <= line.x and line.x + len(text) * em * line.size <= box.x + box.w
        assert box.y <= line.y <= box.y + box.h - line.size
