"""Punimonyo rules, one test per rule or decision of the spec (PM-R*, PM-G*), on the model."""

from __future__ import annotations

import itertools

import pytest

from tabletop.engine import CHANCE, TERMINAL, IllegalActionError, InvalidOptionError, Session
from tabletop.engine.errors import UndoRefusedError
from tabletop.games.punimonyo.data import MAX_LENGTH, OPPOSITE, START_LENGTH
from tabletop.games.punimonyo.model import (
    BEAT,
    EXTRA,
    MISS,
    OK,
    RANDOM,
    WRONG,
    Phase,
    PunimonyoState,
)
from tests.games.punimonyo.pm_build import (
    GAME,
    M,
    P,
    answer,
    ask,
    listen,
    match,
    play,
    question_round,
    reason,
    result_kinds,
    right_answers,
    say,
)


def test_pm_r1_roles_questioner_and_responder() -> None:
    # PM-R1: one seat asks, the other answers; the questioner sets the question.
    s = match(1)
    assert (s.responder, s.questioner) == (1, 0)
    assert GAME.current_player(s) == 0
    assert GAME.legal_actions(s) == ["ask:monyo", "ask:puniu", RANDOM]


def test_pm_r2_r3_the_answer_swaps_every_word_in_order() -> None:
    # PM-R2: a sequence of the two words; PM-R3: each swapped, order kept.
    s, _ = question_round(match(0), [M, P, P], [P, M, M])
    assert s.last is not None and s.last["kind"] == OK
    s, _ = question_round(match(0), [M, P, P], [M, P, P])  # unswapped: wrong at word 1
    assert s.last is not None and (s.last["kind"], s.last["beat"]) == (WRONG, 1)
    s, _ = question_round(match(0), [M, P, P], [P, P, M])  # order not kept: wrong at 2
    assert s.last is not None and (s.last["kind"], s.last["beat"]) == (WRONG, 2)


def test_pm_r4_r14_start_at_three_and_grow_by_one() -> None:
    # PM-R4, PM-R14, PM-G2: 3 words first, one more after each right answer.
    s = match(0)
    assert s.length == START_LENGTH == 3
    lengths = []
    for _ in range(4):
        lengths.append(s.length)
        s, _ = question_round(s, [P] * s.length)
    assert lengths == [3, 4, 5, 6] and s.length == 7 and s.streak == 4


def test_pm_g2_every_stint_starts_again_at_three() -> None:
    s = right_answers(match(0), 2)
    assert s.length == 5
    s, _ = question_round(s, [P] * 5, [P])  # wrong at word 1
    assert s.responder == 1 and s.length == 3 and s.streak == 0


def test_pm_r5_r15_roles_swap_at_the_first_mistake() -> None:
    s, events = question_round(match(0), [P, P, P], [M, P])
    assert result_kinds(events) == [WRONG]
    assert (s.responder, s.questioner, s.phase) == (1, 0, Phase.COMPOSE)
    assert s.results == [{"responder": 0, "score": 0, "best": 0, "end": "mistake"}]


def test_pm_r11_the_timeline_of_one_question() -> None:
    # PM-R11: a ready beat, one word per beat, a one-beat pause, then the answer windows.
    s = ask(match(0), [P, M, M])
    steps = []
    while s.phase == Phase.PLAY:
        assert GAME.legal_actions(s) == [BEAT]  # nothing to press while listening
        steps.append((s.step, s.called()))
        s, _ = play(s, BEAT)
    assert steps == [(0, 0), (1, 1), (2, 2), (3, 3), (4, 3)]  # ready, 3 words, the pause
    assert s.phase == Phase.ANSWER and s.window == 0 and s.beat == 5


def test_pm_r11_no_early_input_while_the_question_is_played() -> None:
    s = ask(match(0), [P, M, M])
    with pytest.raises(IllegalActionError) as err:
        GAME.apply(s, "word:monyo")
    assert "after the pause beat" in say(err.value.msg)
    assert "休み" in reason(s, "word:monyo", "ja")


def test_pm_r11_a_word_per_beat_window() -> None:
    s = listen(ask(match(0), [P, P, P]))
    s, _ = play(s, "word:monyo")
    assert (s.window, s.answer) == (0, [M])  # the word is in; the window is still open
    s, _ = play(s, BEAT)
    assert s.window == 1 and s.phase == Phase.ANSWER


def test_pm_r12_wrong_word_stops_the_answer() -> None:
    s = listen(ask(match(0), [P, P, M]))
    s, events = answer(s, [M, P])
    assert result_kinds(events) == [WRONG]
    assert s.last is not None and (s.last["beat"], s.last["pressed"]) == (2, P)
    assert s.last["answer"] == [M, P]  # stopped there: no third word


def test_pm_r12_pm_g3_a_window_without_input_is_a_mistake() -> None:
    s = listen(ask(match(0), [P, P, M]))
    s, _ = answer(s, [M])
    s, events = play(s, BEAT)  # beat 2 passes with no press
    assert result_kinds(events) == [MISS]
    assert s.last is not None and s.last["beat"] == 2 and s.responder == 1


def test_pm_r12_an_extra_input_is_a_mistake() -> None:
    s = listen(ask(match(0), [P, P, M]))
    s, _ = play(s, "word:monyo")
    s, events = play(s, "word:monyo")  # a second press within beat 1
    assert result_kinds(events) == [EXTRA]
    assert s.last is not None and (s.last["beat"], s.last["pressed"]) == (1, M)


def test_pm_r12_an_extra_input_after_the_last_word_is_a_mistake() -> None:
    # The last window lasts its whole beat: the answer is right only when it closes.
    s = listen(ask(match(0), [P, P, M]))
    s, _ = answer(s, [M, M])
    s, _ = play(s, "word:puniu")
    assert s.phase == Phase.ANSWER and s.last is None
    s, events = play(s, "word:puniu")
    assert result_kinds(events) == [EXTRA]
    assert s.last is not None and s.last["beat"] == 3


def test_pm_r12_right_when_the_last_window_closes() -> None:
    s = listen(ask(match(0), [P, P, M]))
    s, _ = play(s, "word:monyo", BEAT, "word:monyo", BEAT, "word:puniu")
    assert s.streak == 0
    s, events = play(s, BEAT)
    assert result_kinds(events) == [OK] and s.streak == 1 and s.phase == Phase.COMPOSE


def test_pm_r13_a_human_question_is_entered_before_it_is_played() -> None:
    # PM-R13: entered at leisure (no beat), then played; the responder sees it only as called.
    s = match(0)
    s, _ = play(s, "ask:puniu", "ask:monyo")
    assert BEAT not in GAME.legal_actions(s) and s.phase == Phase.COMPOSE
    responder_view = GAME.observation(s, 0)
    assert responder_view["question"] == [] and responder_view["composed"] == 2
    assert GAME.observation(s, 1)["question"] == [P, M]  # the questioner's own words
    s, _ = play(s, "ask:monyo")
    seen = []
    while s.phase == Phase.PLAY:
        seen.append(GAME.observation(s, 0)["question"])
        assert GAME.observation(s, None)["question"] == seen[-1]
        s, _ = play(s, BEAT)
    assert seen == [[], [P], [P, M], [P, M, M], [P, M, M]]


def test_pm_r13_random_question_only_before_the_first_word() -> None:
    s, _ = play(match(0), "ask:puniu")
    assert RANDOM not in GAME.legal_actions(s)
    with pytest.raises(IllegalActionError) as err:
        GAME.apply(s, RANDOM)
    assert "undo" in say(err.value.msg)


def test_pm_r13_the_app_calls_each_word_by_chance_when_it_is_called() -> None:
    s, _ = play(match(0), RANDOM)
    assert s.phase == Phase.PLAY and s.auto and s.question == []
    s, _ = play(s, BEAT)  # word 1 is called now: chance decides it, in public
    assert GAME.current_player(s) == CHANCE and s.step == 1
    assert GAME.chance_outcomes(s) == [("call:monyo", 0.5), ("call:puniu", 0.5)]
    s, _ = play(s, "call:monyo")
    assert GAME.current_player(s) == 0 and GAME.observation(s, 0)["question"] == [M]


def test_pm_r13_never_more_than_four_identical_words_in_a_row() -> None:
    s = right_answers(match(0), 4)  # the next question has 7 words
    s, _ = play(s, RANDOM)
    for _ in range(4):
        s, _ = play(s, BEAT)
        s, _ = play(s, "call:puniu")
    s, _ = play(s, BEAT)
    assert GAME.chance_outcomes(s) == [("call:monyo", 1.0)]  # a fifth ぷにぅ is not drawn
    with pytest.raises(IllegalActionError):
        GAME.apply(s, "call:puniu")


def test_pm_r13_seeded_random_questions_respect_the_run_limit() -> None:
    # Long app-called questions (seeded chance, as the Session draws it): runs of four
    # identical words occur, runs of five never do (uniform draws alone would give many).
    runs: list[int] = []
    for seed in range(30):
        session = Session(GAME, 2, {"practice": True}, seed=seed)
        while session.state.length <= 12:
            while session.state.phase == Phase.PLAY:
                session.submit(0, BEAT)
            q = session.state.question
            run = 1
            for a, b in itertools.pairwise(q):
                run = run + 1 if a == b else 1
                runs.append(run)
            for w in q:
                session.submit(0, f"word:{OPPOSITE[w]}")
                session.submit(0, BEAT)
    assert max(runs) == 4 and runs.count(4) > 20


def test_pm_r14_pm_g6_the_stint_ends_at_the_cap_of_twenty() -> None:
    s = right_answers(match(0), MAX_LENGTH - START_LENGTH)  # 3..19 right
    assert s.length == MAX_LENGTH and s.streak == 17
    s, events = question_round(s, [M] * MAX_LENGTH)
    assert result_kinds(events) == [OK]
    assert s.results == [{"responder": 0, "score": 18, "best": 20, "end": "cap"}]
    assert s.responder == 1 and s.length == 3
    assert any("cap" in say(e, "en") for e in events if e.logged)


def test_pm_r20_six_stints_alternating_from_a_random_first_responder() -> None:
    s = GAME.new_game(2)
    assert s.phase == Phase.FIRST and GAME.current_player(s) == CHANCE
    assert GAME.chance_outcomes(s) == [("first:0", 0.5), ("first:1", 0.5)]
    s, _ = play(s, "first:1")
    assert s.order == [1, 0, 1, 0, 1, 0]
    responders = []
    while s.phase != Phase.OVER:
        responders.append(s.responder)
        s, _ = question_round(s, [P] * 3, [P])  # wrong at once: a stint of score 0
    assert responders == [1, 0, 1, 0, 1, 0]
    assert GAME.current_player(s) == TERMINAL and GAME.legal_actions(s) == []


def _finish(s: PunimonyoState, streaks: list[int]) -> PunimonyoState:
    """Play the six stints with the given number of right answers each, then a mistake."""
    for streak in streaks:
        s = right_answers(s, streak)
        s, _ = question_round(s, [P] * s.length, [P])
    assert s.phase == Phase.OVER
    return s


def test_pm_r21_pm_r22_stint_scores_add_up_and_the_higher_sum_wins() -> None:
    # Responders alternate 0, 1, 0, 1, 0, 1.
    s = _finish(match(0), [2, 4, 1, 0, 3, 1])
    assert [r["score"] for r in s.results] == [2, 4, 1, 0, 3, 1]
    assert [r["best"] for r in s.results] == [4, 6, 3, 0, 5, 3]  # PM-R21: 2 + score
    assert s.scores() == [6, 5] and s.bests() == [5, 6]
    assert s.winners == [0] and GAME.returns(s) == [1.0, -1.0]


def test_pm_r22_equal_scores_are_a_draw() -> None:
    s = _finish(match(0), [2, 4, 2, 0, 2, 2])
    assert s.scores() == [6, 6] and s.winners == [0, 1] and GAME.returns(s) == [0.0, 0.0]


def test_pm_r22_tie_break_option_the_longer_best_answer_wins() -> None:
    s = _finish(match(0, {"tiebreak": True}), [2, 4, 2, 0, 2, 2])
    assert s.scores() == [6, 6] and s.bests() == [4, 6]
    assert s.winners == [1] and GAME.returns(s) == [-1.0, 1.0]
    end = GAME.observation(s, None)
    assert end["winners"] == [1]
    same = _finish(match(0, {"tiebreak": True}), [2, 2, 2, 2, 2, 2])
    assert same.winners == [0, 1]  # still equal: a draw


def test_pm_r23_practice_player_one_always_answers_the_app_asks() -> None:
    s = GAME.new_game(2, {"practice": True})
    assert GAME.chance_outcomes(s) == [("first:0", 1.0)]
    s, _ = play(s, "first:0")
    assert s.order == [0, 0, 0] and s.questioner == -1
    assert s.phase == Phase.PLAY and s.auto  # no question to set: the app calls it
    for streak in (1, 4, 2):
        for _ in range(streak):
            s = listen(s)
            s, _ = answer(s, [{P: M, M: P}[w] for w in s.question])
        s = listen(s)
        s, _ = answer(s, [s.question[0]])  # unswapped: wrong at word 1
    assert s.phase == Phase.OVER and s.winners == []
    assert [r["score"] for r in s.results] == [1, 4, 2]
    assert s.bests()[0] == 6 and s.scores()[0] == 7
    assert GAME.returns(s) == [6 / 20, -6 / 20]  # the result is the longest right answer
    assert GAME.observation(s, 1)["bests"][0] == 6


def test_options_beat_range_and_validation() -> None:
    # PM-R11: 300-1200 ms, 600 by default; PM-R16: k by level or fixed; PM-R22, PM-R23.
    opts = GAME.spec.resolve_options()
    assert opts == {"beat_ms": 600, "ai_k": "level", "tiebreak": False, "practice": False,
                    "show_calls": False, "sound": False}
    beat = GAME.spec.option("beat_ms")
    assert min(beat.choices) == 300 and max(beat.choices) == 1200  # type: ignore[type-var]
    assert GAME.spec.resolve_options({"beat_ms": "300"})["beat_ms"] == 300
    for bad in ({"beat_ms": 250}, {"beat_ms": 1300}, {"ai_k": "0.5"}):
        with pytest.raises(InvalidOptionError):
            GAME.spec.resolve_options(bad)


def test_undo_takes_back_question_words_but_never_a_beat() -> None:
    session = Session(GAME, 2, None, seed=0, human_seats=[0, 1])
    q = session.current_player()
    session.submit(q, "ask:puniu")
    session.submit(q, "ask:monyo")
    session.undo()
    assert session.state.question == [P]  # setting the question can be taken back
    session.submit(q, "ask:monyo")
    session.submit(q, "ask:monyo")
    r = session.current_player()
    assert r == 1 - q
    session.submit(r, BEAT)
    with pytest.raises(UndoRefusedError):
        session.undo_target()  # a beat has passed: time is not taken back
    while session.state.phase == Phase.PLAY:
        session.submit(r, BEAT)
    session.submit(r, "word:monyo")
    with pytest.raises(UndoRefusedError):
        session.undo_target()  # a word pressed in time is final


def test_refusals_are_worded_for_people() -> None:
    s = match(0)
    for action, words in ((BEAT, "only while a question"), ("first:1", "chance"),
                          ("call:puniu", "chance")):
        assert words in reason(s, action)
    s = listen(ask(s, [P, P, P]))
    assert "being played and answered" in reason(s, "ask:puniu")
    assert reason(s, "word:puniu") == ""
    assert not GAME.is_well_formed("word:puni") and not GAME.is_well_formed("ask")
    over = _finish(match(0), [0] * 6)
    assert reason(over, BEAT) == "The match is over."
    assert reason(over, BEAT, "ja") == "試合は終わっています。"


def _log(session: Session, seat: int | None, lang: str) -> list[str]:
    """The log as the app shows it to ``seat``: the lines of the events it may read."""
    return [say(e, lang) for e in session.events_for(seat) if e.logged]


def test_log_lines_in_both_languages_without_secrets() -> None:
    session = Session(GAME, 2, None, seed=3)
    q = session.current_player()
    for w in (P, M, M):
        session.submit(q, f"ask:{w}")
    r = session.current_player()
    log_r = _log(session, r, "en")
    assert not any("ぷにぅ" in line or "もにょ" in line for line in log_r)
    assert any("set a question of 3 words" in line for line in log_r)
    # PM-R13: the responder is told that words were entered, never which.
    assert [e.data for e in session.events_for(r) if e.kind == "ask"] == [
        {"seat": q, "entered": n} for n in (1, 2, 3)]
    while session.state.phase == Phase.PLAY:
        session.submit(r, BEAT)
    # PM-R11: each beat of the question tells both seats its word, without a log line.
    called = [e.data["word"] for e in session.events_for(r) if e.kind == "beat"
              and "word" in e.data]
    assert called == [P, M, M]
    for w in (M, P, P):
        session.submit(r, f"word:{w}")
        session.submit(r, BEAT)
    lines = _log(session, None, "ja")
    assert any(line.startswith("正解！") and "ぷにぅ・もにょ・もにょ" in line for line in lines)
    assert not any(line in ("beat", "press", "ask", "call") for line in lines)  # no lines
