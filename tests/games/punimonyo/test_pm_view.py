"""The Punimonyo table description (Qt-free): what each seat sees of the question, the beat,
the pads and their gestures, the tempo the app's clock keeps, and the words around them."""

from __future__ import annotations

import itertools
from typing import Any

from tabletop.engine.layout import Layout, Piece
from tabletop.games.punimonyo.model import BEAT, RANDOM, Phase, PunimonyoState
from tabletop.games.punimonyo.view import PunimonyoView
from tests.games.punimonyo.pm_build import GAME, M, P, ask, listen, match, play, question_round, say

VIEW = PunimonyoView()


def _layout(s: PunimonyoState, seat: int | None) -> Layout:
    return VIEW.layout(GAME.observation(s, seat), seat)


def _pieces(layout: Layout, prefix: str) -> list[Piece]:
    return sorted((p for p in layout.pieces if p.id.startswith(prefix)
                   and p.id[len(prefix):].isdigit()), key=lambda p: int(p.id[len(prefix):]))


def _shown(layout: Layout) -> list[str]:
    """The question row as the viewer sees it: a word, or '#' for a card face down."""
    out = []
    for p in _pieces(layout, "q"):
        title = p.art.get("title_en") or p.art.get("title_ja") or ""
        out.append(str(title) if p.face_up and title not in ("1", "2", "3") else "#")
    return out


def _texts(layout: Layout, lang: str = "en") -> str:
    return " | ".join(t.text_ja if lang == "ja" else t.text_en for t in layout.texts)


def test_the_answerer_hears_each_word_once_and_answers_from_memory() -> None:
    s = ask(match(0), [P, M, M])
    rows = []
    while s.phase == "play":
        rows.append(_shown(_layout(s, 0)))
        s, _ = play(s, BEAT)
    rows.append(_shown(_layout(s, 0)))
    assert rows == [["#", "#", "#"], ["ぷにぅ", "#", "#"], ["#", "もにょ", "#"],
                    ["#", "#", "もにょ"], ["#", "#", "#"], ["#", "#", "#"]]
    # A face-down card carries no word anywhere: not in its art, not in its tooltip.
    for p in _pieces(_layout(s, 0), "q"):
        assert not p.face_up and "ぷにぅ" not in str(p.art) + p.tooltip_en + p.tooltip_ja


def test_the_questioner_and_a_spectator_see_the_words_once_known() -> None:
    s = match(0)
    s, _ = play(s, "ask:puniu", "ask:monyo")
    assert _shown(_layout(s, 1)) == ["ぷにぅ", "もにょ", "#"]  # her own words, as she types
    assert _shown(_layout(s, 0)) == ["#", "#", "#"]
    s, _ = play(s, "ask:puniu", BEAT, BEAT)
    assert _shown(_layout(s, 1)) == ["ぷにぅ", "もにょ", "ぷにぅ"]
    assert _shown(_layout(s, None)) == ["ぷにぅ", "もにょ", "#"]  # only what has been called
    s = listen(s)
    assert _shown(_layout(s, None)) == ["ぷにぅ", "もにょ", "ぷにぅ"]


def test_option_show_calls_keeps_the_called_words_visible() -> None:
    s = listen(ask(match(0, {"show_calls": True}), [P, M, M]))
    assert _shown(_layout(s, 0)) == ["ぷにぅ", "もにょ", "もにょ"]


def test_the_lamp_says_the_called_word_and_flashes_every_beat() -> None:
    s = ask(match(0), [M, M, P])
    lamps = []
    while s.phase == "play":
        lamp = next(p for p in _layout(s, 0).pieces if p.id == "lamp")
        lamps.append((lamp.art["label"], lamp.art["color"]))
        s, _ = play(s, BEAT)
    labels = [label for label, _ in lamps]
    assert labels == ["•", "もにょ", "もにょ", "ぷにぅ", "…"]
    colours = [c for _, c in lamps]
    assert all(a != b for a, b in itertools.pairwise(colours))  # a flash per beat
    track = [p for p in _layout(s, 0).pieces if p.id.startswith("t")]
    assert len(track) == 2 * 3 + 2 and sum(p.art["color"] == "#f5c518" for p in track) == 1


def test_pads_and_keys_for_each_word() -> None:
    s = match(0)
    obs = GAME.observation(s, 1)
    gestures = VIEW.gestures(obs, 1, GAME.legal_actions(s))
    assert [(g.action, g.target, g.shortcut) for g in gestures] == [
        ("ask:puniu", "pad_puniu", ""), ("ask:puniu", None, "F"),
        ("ask:monyo", "pad_monyo", ""), ("ask:monyo", None, "J"),
        (RANDOM, None, "R")]
    assert gestures[1].label_ja == "ぷにぅ" and gestures[1].label_en == "ぷにぅ puniu"
    s = listen(ask(s, [P, P, P]))
    gestures = VIEW.gestures(GAME.observation(s, 0), 0, GAME.legal_actions(s))
    assert {g.action for g in gestures} == {"word:puniu", "word:monyo"}  # no button for beat
    assert VIEW.gestures(GAME.observation(s, None), None, GAME.legal_actions(s)) == []
    layout = _layout(s, 0)
    pads = {p.id: p for p in layout.pieces if p.id.startswith("pad_")}
    assert pads["pad_puniu"].x < pads["pad_monyo"].x  # ぷにぅ left (F), もにょ right (J)
    assert pads["pad_puniu"].state == "active"
    s, _ = play(s, "word:monyo")
    assert next(p for p in _layout(s, 0).pieces if p.id == "pad_puniu").state == ""


def test_tempo_runs_while_the_question_is_played_and_answered() -> None:
    s = match(0, {"beat_ms": 400, "sound": True})
    assert VIEW.tempo(GAME.observation(s, 1)) is None  # setting a question is untimed
    s = ask(s, [P, P, P])
    tempo = VIEW.tempo(GAME.observation(s, 0))
    assert tempo is not None and (tempo.period_ms, tempo.action, tempo.sound) == (400, BEAT,
                                                                                 True)
    s = listen(s)
    assert VIEW.tempo(GAME.observation(s, 1)) is not None


def test_why_not_explains_refused_pad_clicks() -> None:
    s = ask(match(0), [P, P, P])
    obs = GAME.observation(s, 0)
    assert "after the pause beat" in say(VIEW.why_not(obs, 0, "pad_puniu", None), "en")
    assert "休み" in say(VIEW.why_not(obs, 0, "pad_puniu", None), "ja")
    assert "answering" in say(VIEW.why_not(GAME.observation(s, 1), 1, "pad_monyo", None),
                              "en")
    s = match(0)
    assert "setting the question" in say(VIEW.why_not(GAME.observation(s, 0), 0, "pad_monyo",
                                                  None), "en")


def test_status_lines_in_both_languages() -> None:
    s = match(0)
    assert "Set a question of 3 words" in say(VIEW.status(GAME.observation(s, 1), 1), "en")
    assert "looks away" in say(VIEW.status(GAME.observation(s, 0), 0), "en")
    s = listen(ask(s, [P, P, P]))
    assert say(VIEW.status(GAME.observation(s, 0), 0), "en").startswith("Answer! Word 1 of 3")
    assert say(VIEW.status(GAME.observation(s, 0), 0), "ja").startswith("答えて！1/3語目")
    s, _ = play(s, "word:monyo")
    assert "next beat" in say(VIEW.status(GAME.observation(s, 0), 0), "en")


def test_score_board_last_answer_and_end_of_match() -> None:
    s, _ = question_round(match(0), [P, P, M], [M, P])
    text = _texts(_layout(s, 0))
    assert "mistake ✗ word 2: ぷにぅ instead of もにょ" in text
    assert "Question was: ぷにぅ ぷにぅ もにょ" in text
    assert "2 so far" not in text and "Stints: 0 · – · –" in text
    while s.phase != Phase.OVER:
        s, _ = question_round(s, [P] * s.length)
        if s.phase != Phase.OVER:
            s, _ = question_round(s, [P] * s.length, [P])
    obs: dict[str, Any] = GAME.observation(s, None)
    cells = VIEW.score_table(obs)
    assert cells is not None
    table = [[say(cell, "en") for cell in row] for row in cells]
    assert table[0] == ["", "Player 1", "Player 2"]
    assert table[-1][0] == "Total" and table[-2][0] == "Longest correct (words)"
    assert [row[1:] for row in table[1:4]] == [["0", "1"], ["1", "1"], ["1", "1"]]
    assert [say(row[0], "ja") for row in cells[1:]] == [
        "スティント1（正解数）", "スティント2（正解数）", "スティント3（正解数）",
        "最長正解（語）", "合計"]
    assert say(VIEW.summary(obs), "en").startswith("Match over: Player 2 wins, 3 to 2.")
    assert VIEW.series_round(obs) == 6 and VIEW.high_score(obs) is None
    layout = _layout(s, None)
    assert "試合終了" in _texts(layout, "ja")


def test_practice_files_a_high_score_per_beat() -> None:
    s = GAME.new_game(2, {"practice": True, "beat_ms": 800})
    s, _ = play(s, "first:0")
    while s.phase != Phase.OVER:
        s = listen(s)
        s, _ = play(s, "word:" + s.question[0])  # wrong at once
    entry = VIEW.high_score(GAME.observation(s, None))
    assert entry is not None and entry.table == "practice|800ms" and entry.score == 0
    assert "練習" in entry.title_ja and len(entry.breakdown) == 3
    assert "Practice: no part" in _texts(_layout(s, 0))
