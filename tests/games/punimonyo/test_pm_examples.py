"""Every worked example of the Punimonyo spec (PM-X1..PM-X5), played on the rules model."""

from __future__ import annotations

from tabletop.games.punimonyo.data import answer_of
from tabletop.games.punimonyo.model import MISS, OK, WRONG, Phase
from tests.games.punimonyo.pm_build import (
    GAME,
    M,
    P,
    answer,
    listen,
    match,
    play,
    question_round,
    right_answers,
    say,
)


def test_pm_x1_single_words_swap() -> None:
    # PM-X1: ぷにぅ is answered もにょ, もにょ is answered ぷにぅ.
    assert answer_of([P]) == [M] and answer_of([M]) == [P]
    for first, right, wrong in ((P, M, P), (M, P, M)):
        s = listen(play(match(0), f"ask:{first}", f"ask:{P}", f"ask:{M}")[0])
        ok, _ = play(s, f"word:{right}")
        assert ok.answer == [right] and ok.last is None  # accepted: the answer goes on
        bad, _ = play(s, f"word:{wrong}")
        assert bad.last is not None and bad.last["kind"] == WRONG and bad.last["beat"] == 1


def test_pm_x2_length_three() -> None:
    # PM-X2: ぷにぅ・ぷにぅ・もにょ → もにょ・もにょ・ぷにぅ.
    assert answer_of([P, P, M]) == [M, M, P]
    s, _ = question_round(match(0), [P, P, M], [M, M, P])
    assert s.last is not None and s.last["kind"] == OK
    assert s.last["question"] == [P, P, M] and s.last["answer"] == [M, M, P]
    assert s.streak == 1 and s.length == 4  # PM-R14: the next question is one longer


def test_pm_x3_three_of_a_kind() -> None:
    # PM-X3: もにょ・もにょ・もにょ → ぷにぅ・ぷにぅ・ぷにぅ.
    assert answer_of([M, M, M]) == [P, P, P]
    s, _ = question_round(match(1), [M, M, M], [P, P, P])
    assert s.last is not None and s.last["kind"] == OK and s.responder == 1


def test_pm_x4_mistake_at_position_six_swaps_roles() -> None:
    # PM-X4: the first five words right, then ぷに… at position 6 (should be もにょ).
    question = [P, M, M, P, M, P]
    right = [M, P, P, M, P, M]
    assert answer_of(question) == right
    s = right_answers(match(0), 3)  # lengths 3, 4, 5 right: the next question has 6 words
    assert s.length == 6 and s.responder == 0
    s, _ = play(s, *(f"ask:{w}" for w in question))
    s = listen(s)
    s, events = answer(s, [*right[:5], P])
    assert s.last is not None
    assert (s.last["kind"], s.last["beat"], s.last["pressed"]) == (WRONG, 6, P)
    assert s.last["answer"] == [*right[:5], P]
    # PM-R5: roles swap; the new stint starts again at 3 words.
    assert s.phase == Phase.COMPOSE and s.responder == 1 and s.questioner == 0 and s.length == 3
    assert any("word 6 of 6" in say(e, "en") for e in events if e.logged)


def test_pm_x5_stint_score_and_longest_length() -> None:
    # PM-X5: lengths 3, 4, 5 right, a failure at 6: stint score 3, longest correct 5.
    s = right_answers(match(0), 3)
    s = listen(play(s, *(f"ask:{P}" for _ in range(6)))[0])
    s, _ = answer(s, [M, M])
    s, _ = play(s, "beat")  # beat 3 closes with no press: a miss also ends the stint
    assert s.last is not None and s.last["kind"] == MISS
    assert s.results == [{"responder": 0, "score": 3, "best": 5, "end": "mistake"}]
    assert s.scores() == [3, 0] and s.bests() == [5, 0]
    assert GAME.observation(s, None)["results"][0]["best"] == 5
