"""Spymaster table view: layout, a gesture for every legal action, refusal reasons, words."""

from __future__ import annotations

from tabletop.engine import Piece
from tabletop.games.spymaster.view import SpymasterView
from tests.games.spymaster.spy_build import GAME, play, position, say
from tests.games.viewcheck import check_gestures, decisions

VIEW = SpymasterView()


def by_id(pieces: list[Piece]) -> dict[str, Piece]:
    return {p.id: p for p in pieces}


def test_gestures_exist_for_every_legal_action() -> None:
    for session in decisions(GAME, None, range(8), lambda seed: {"may_stop": seed % 2 == 1}):
        assert check_gestures(session, VIEW, say) > 0


def test_layout_hands_rows_documents_and_piles() -> None:
    s = position(["spy1", "spy5", "hacker"], ["forces", "spy9"], rows=([], ["spy4"]),
                 discard=["spy3"], exposed=(1, 0))
    lay = VIEW.layout(GAME.observation(s, 0), 0)
    pieces = by_id(lay.pieces)
    mine = [pieces[f"p0h{i}"] for i in range(3)]
    assert all(p.face_up for p in mine)
    assert [p.art["title_en"] for p in mine] == ["Spy 1", "Spy 5", "Hacker"]
    assert mine[1].art["title_ja"] == "スパイ5" and mine[1].art["corner"] == "5"
    assert {"title_ja", "title_en", "body_ja", "body_en", "corner", "badge", "color"} <= \
        set(mine[0].art)
    theirs = [pieces[f"p1h{i}"] for i in range(2)]
    assert all(not p.face_up and not p.art for p in theirs)
    assert theirs[0].y < 400 < mine[0].y
    assert pieces["row1_0"].art["title_en"] == "Spy 4"
    assert pieces["discard_top"].art["title_en"] == "Spy 3"
    assert not pieces["deck"].face_up
    assert pieces["doc0_0"].face_up and pieces["doc0_0"].state == "used"
    assert not pieces["doc0_1"].face_up and not pieces["doc1_0"].face_up
    zones = {z.id for z in lay.zones}
    assert {"play", "discard", "deck_zone", "row0", "row1"} <= zones
    texts = {t.id: t.text_en for t in lay.texts}
    assert texts["deck_count"] == "14 cards" and "(you)" in texts["name0"]
    # One card left is one card (it read "1 cards").
    last = position(["spy1", "spy5", "hacker"], ["spy4", "spy2"], rows=(["spy3"], []),
                    deck={"forces": 1})
    texts = {t.id: t.text_en for t in VIEW.layout(GAME.observation(last, 0), 0).texts}
    assert texts["deck_count"] == "1 card"


def test_face_down_card_seen_only_by_the_attacker() -> None:
    s = position(["spy1", "spy5"], ["forces"])
    s, _ = play(s, "play:spy5")
    attacker = by_id(VIEW.layout(GAME.observation(s, 0), 0).pieces)["played"]
    defender = by_id(VIEW.layout(GAME.observation(s, 1), 1).pieces)["played"]
    watcher = by_id(VIEW.layout(GAME.observation(s, None), None).pieces)["played"]
    assert attacker.face_up and attacker.art["title_en"] == "Spy 5"
    assert not defender.face_up and not defender.art
    assert not watcher.face_up


def test_play_is_a_drag_and_call_is_three_buttons() -> None:
    s = position(["spy1", "hacker", "hacker"], ["forces"])
    g = VIEW.gestures(GAME.observation(s, 0), 0, GAME.legal_actions(s))
    assert {(x.action, x.source, x.target) for x in g} == {
        ("play:spy1", "p0h0", "play"), ("play:hacker", "p0h1", "play"),
        ("play:hacker", "p0h2", "play")}
    s, _ = play(s, "play:hacker")
    g = VIEW.gestures(GAME.observation(s, 1), 1, GAME.legal_actions(s))
    assert [(x.label_en, x.label_ja, x.shortcut, x.source, x.target) for x in g] == [
        ("Special Forces", "特殊部隊", "F", None, None),
        ("Hacker", "ハッカー", "K", None, None),
        ("Spy", "スパイ", "S", None, None)]


def test_tuck_and_discard_are_clicks() -> None:
    s = position(["spy2", "spy6", "spy1", "hacker"], [])
    s, _ = play(s, "play:spy2", "call:hacker")
    obs = GAME.observation(s, 0)
    g = VIEW.gestures(obs, 0, GAME.legal_actions(s))
    clicks = {(x.action, x.target) for x in g if x.source is None and x.target}
    assert clicks == {("tuck:spy6", "p0h1")}
    drags = {(x.action, x.source, x.target) for x in g if x.source}
    assert drags == {("tuck:spy6", "p0h1", "row0_0")}
    assert next(x for x in g if x.action == "pass").shortcut == "N"
    pieces = by_id(VIEW.layout(obs, 0).pieces)
    assert pieces["p0h1"].state == "active" and pieces["row0_0"].state == "active"
    assert say(VIEW.why_not(obs, 0, "p0h0", None), "en") == \
        "Only a Spy numbered above 2 can go under Spy 2."
    assert say(VIEW.why_not(obs, 0, "p0h2", None), "en") == "Only a Spy can be tucked."
    s, _ = play(s, "tuck:spy6")
    lay = by_id(VIEW.layout(GAME.observation(s, 0), 0).pieces)
    assert lay["tuck0_0"].art["title_en"] == "Spy 6" and lay["tuck0_0"].z < lay["row0_0"].z


def test_no_larger_spy_leaves_one_quick_button() -> None:
    # SM-R27: the attacker is asked after every successful Spy; holding no larger one, a
    # person sees one "Don't tuck" button (N), no card invites a tuck, and a card dragged
    # onto Play says what to press first.
    s = position(["spy5", "spy2", "hacker"], ["forces", "spy1"])
    s, _ = play(s, "play:spy5", "call:hacker")
    obs = GAME.observation(s, 0)
    g = VIEW.gestures(obs, 0, GAME.legal_actions(s))
    assert [(x.action, x.label_en, x.label_ja, x.shortcut, x.source, x.target)
            for x in g] == [("pass", "Don't tuck", "差し込まない", "N", None, None)]
    pieces = by_id(VIEW.layout(obs, 0).pieces)
    assert not [p.id for p in pieces.values() if p.state == "active"]
    assert say(VIEW.status(obs, 0), "en") == \
        "You hold no Spy larger than Spy 5: press Don't tuck (N) to go on."
    assert say(VIEW.why_not(obs, 0, "p0h0", "play"), "en") == \
        "You hold no larger Spy to tuck: first choose Don't tuck."


def test_defender_table_is_the_same_whatever_the_attacker_holds() -> None:
    # SM-R27, SM-R11: the table the defender sees during the tuck question shows nothing of
    # the attacker's hand, not even whether a tuck is possible.
    views = []
    for spare in ("spy7", "spy2"):
        s = position(["spy5", spare, "hacker"], ["forces", "spy1"])
        s, _ = play(s, "play:spy5", "call:hacker")
        obs = GAME.observation(s, 1)
        views.append((VIEW.layout(obs, 1), say(VIEW.status(obs, 1), "ja"),
                      VIEW.gestures(obs, 1, [])))
    assert views[0] == views[1]


def test_why_not_reasons() -> None:
    s = position(["spy1", "hacker"], ["forces"])
    obs = GAME.observation(s, 0)
    assert say(VIEW.why_not(obs, 0, "p0h0", "play"), "en") == ""
    assert say(VIEW.why_not(obs, 0, "p0h0", None), "en") == \
        "Drag the card onto Play to attack with it."
    assert say(VIEW.why_not(obs, 0, "p1h0", "play"), "ja") == "それは相手の手札です。"
    obs1 = GAME.observation(s, 1)
    assert say(VIEW.why_not(obs1, 1, "p1h0", "play"), "en") == "It is Player 1's attack."
    s, _ = play(s, "play:hacker")
    obs = GAME.observation(s, 0)
    assert say(VIEW.why_not(obs, 0, "p0h0", "play"), "en") == \
        "Wait: Player 2 is naming the face-down card."
    assert say(VIEW.why_not(GAME.observation(s, None), None, "p0h0", "play"), "en") == \
        "You are watching this game."


def test_status_series_summary() -> None:
    s = position(["spy1", "forces"], ["forces"], exposed=(0, 2))
    obs = GAME.observation(s, 0)
    assert say(VIEW.status(obs, 0), "en") == \
        "Drag a card from your hand onto Play to attack face down."
    assert say(VIEW.status(obs, 1), "ja") == "プレイヤー1がカードを選んでいます。"
    assert {say(name, "en"): v for name, v in VIEW.series(obs)} == {"P1 documents": 3.0,
                                                                    "P2 documents": 1.0}
    assert {say(name, "ja") for name, _ in VIEW.series(obs)} == {"P1 書類", "P2 書類"}
    assert say(VIEW.summary(obs), "en") == ""
    s, _ = play(s, "play:forces")
    assert "(S)" in say(VIEW.status(GAME.observation(s, 1), 1), "en")
    s, _ = play(s, "call:spy")
    obs = GAME.observation(s, None)
    assert say(VIEW.summary(obs), "en").startswith(
        "Player 1 wins: all of Player 2's classified documents are exposed.")
    assert say(VIEW.summary(obs), "ja").startswith("プレイヤー1の勝ち")
    assert say(VIEW.status(obs, None), "en") == "Player 1 wins."
    texts = {t.id: t.text_en for t in VIEW.layout(obs, None).texts}
    assert texts["last"] == "Named Spy: Special Forces got through."


def test_the_naming_prompt_names_the_keys_of_the_call_buttons() -> None:
    from tabletop.engine import Msg
    from tabletop.games.spymaster.data import TYPE_KEYS

    for lang, (left, right) in (("en", "()"), ("ja", "（）")):
        prompt = say(Msg("prompt.name"), lang)
        assert all(f"{left}{key}{right}" in prompt for key in TYPE_KEYS.values()), prompt
