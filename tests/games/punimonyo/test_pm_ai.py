"""Punimonyo and the AI: the levels answer as PM-R16 says (checked by frequency over seeded
decisions), err at a uniform position, ask random questions; choices ignore what the seat
cannot see; and hard beats random (slow; -m slow)."""

from __future__ import annotations

import random

import pytest

from tabletop.ai import MCTSAgent, RandomAgent, make_agent
from tabletop.games.punimonyo.data import LEVEL_K, OPPOSITE, p_correct
from tabletop.games.punimonyo.model import BEAT, RANDOM, PunimonyoState
from tabletop.testing.aicheck import match as play_match
from tabletop.testing.aicheck import rotated_wins, untimed
from tests.games.punimonyo.pm_build import GAME, M, P, ask, listen, match, play


def _ai_answer(state: PunimonyoState, level: str, seed: int) -> tuple[bool, int]:
    """Let the ``level`` agent answer the open question; (right?, the beat of its error)."""
    agent = make_agent(level, time_cap=None)
    s = state
    seat = s.responder
    stint = s.stint
    for ply in range(200):
        if s.stint != stint or s.streak:
            break
        d = agent.choose(GAME, GAME.observation(s, seat), seat, GAME.legal_actions(s),
                         seed=seed * 1000 + ply)
        s, _ = play(s, d.action)
    last = s.last
    assert last is not None
    return last["kind"] == "correct", int(last["beat"])


def _question(length: int, seed: int) -> PunimonyoState:
    rng = random.Random(seed)
    s = match(0)
    s.length = length
    return listen(ask(s, [rng.choice((P, M)) for _ in range(length)]))


@pytest.mark.parametrize(("level", "length"), [("easy", 6), ("normal", 10), ("hard", 20),
                                               ("easy", 14)])
def test_pm_r16_levels_answer_right_with_chance_p_of_n(level: str, length: int) -> None:
    p = p_correct(LEVEL_K[level], length)
    trials = 400
    right = 0
    errors: list[int] = []
    for t in range(trials):
        ok, beat = _ai_answer(_question(length, t), level, t)
        right += ok
        if not ok:
            errors.append(beat)
    # Four standard deviations: a wrong k (a level off by one step) falls far outside.
    sd = (p * (1 - p) / trials) ** 0.5
    assert abs(right / trials - p) < 4 * sd + 0.01, (right / trials, p)
    assert all(1 <= b <= length for b in errors)


def test_pm_r16_the_error_falls_on_a_uniform_position() -> None:
    length = 4
    counts = [0] * length
    for t in range(800):
        ok, beat = _ai_answer(_question(length, t), "easy", 50_000 + t)
        if not ok:
            counts[beat - 1] += 1
    # With p(4) = 0.84 about 128 errors, 32 per position: no position is favoured or
    # starved (an answerer that always erred early, or never on the last word, fails).
    total = sum(counts)
    assert total > 80
    assert all(0.15 < c / total < 0.35 for c in counts), counts


def test_pm_r16_ai_k_option_fixes_k_for_every_level() -> None:
    s = _question(10, 1)
    s.options = dict(s.options, ai_k="0.12")
    obs = GAME.observation(s, s.responder)
    assert obs["options"]["ai_k"] == "0.12"
    right = sum(_ai_answer(_fixed(_question(10, t), "0.12"), "hard", t)[0] for t in range(300))
    assert abs(right / 300 - p_correct(0.12, 10)) < 0.1  # 0.05: hard's own k would give 0.84


def _fixed(s: PunimonyoState, k: str) -> PunimonyoState:
    s.options = dict(s.options, ai_k=k)
    return s


def test_the_floor_of_five_percent() -> None:
    assert p_correct(LEVEL_K["easy"], 20) == 0.05 and p_correct(0.02, 2) == 1.0


def test_computer_questioner_lets_the_app_call_random_words() -> None:
    # PM-R13, PM-G5.
    s = match(0)
    for level in ("easy", "normal", "hard"):
        d = make_agent(level).choose(GAME, GAME.observation(s, 1), 1, GAME.legal_actions(s),
                                     seed=3)
        assert d.action == RANDOM


def test_computer_waits_for_the_beat_once_its_word_is_in() -> None:
    s = _question(5, 2)
    s, _ = play(s, f"word:{OPPOSITE[s.question[0]]}")
    d = make_agent("normal").choose(GAME, GAME.observation(s, 0), 0, GAME.legal_actions(s),
                                    seed=1)
    assert d.action == BEAT  # never an extra press


def test_random_agent_picks_among_all_legal_actions() -> None:
    s = _question(5, 3)
    legal = GAME.legal_actions(s)
    seen = {RandomAgent().choose(GAME, GAME.observation(s, 0), 0, legal, seed=k).action
            for k in range(40)}
    assert seen == set(legal) == {BEAT, "word:monyo", "word:puniu"}


def test_unscripted_search_still_plays() -> None:
    # An MCTS without a level (as the hint and benchmarks may use it) searches as usual.
    s = _question(3, 4)
    d = MCTSAgent(200).choose(GAME, GAME.observation(s, 0), 0, GAME.legal_actions(s), seed=5)
    assert d.iterations == 200 and d.action in GAME.legal_actions(s)


def test_choices_ignore_words_not_yet_called() -> None:
    # DESIGN §3: a hand-set question, two words called; the rest differ in the twin.
    s = match(1)
    s, _ = play(s, "ask:puniu", "ask:monyo", "ask:monyo", BEAT, BEAT)
    twin = s.clone()
    twin.question[2] = P
    obs, twin_obs = GAME.observation(s, 1), GAME.observation(twin, 1)
    assert obs == twin_obs and s.question != twin.question
    for agent in (RandomAgent(), make_agent("hard"), MCTSAgent(100)):
        for seed in (1, 2):
            a = agent.choose(GAME, obs, 1, GAME.legal_actions(s), seed=seed)
            b = agent.choose(GAME, twin_obs, 1, GAME.legal_actions(twin), seed=seed)
            assert (a.action, a.visits) == (b.action, b.visits)


def _by_ply(seed: int, seat: int, ply: int) -> int:
    return seed * 100_000 + ply


@pytest.mark.slow
def test_hard_beats_random() -> None:
    games = 40
    wins = rotated_wins(GAME, untimed("hard"), untimed("random"), games, 500, _by_ply)
    assert wins >= 0.8 * games, f"hard won {wins} of {games}"


@pytest.mark.slow
def test_hard_beats_easy_more_often_than_not() -> None:
    # PM-R16's k orders the levels: over a match a smaller k scores more.
    wins = losses = 0
    for i in range(60):
        hard = i % 2
        agents = [make_agent(x, time_cap=None) for x in (("hard", "easy") if hard == 0
                                                          else ("easy", "hard"))]
        ret = play_match(GAME, agents, 900 + i, _by_ply)
        wins += ret[hard] > ret[1 - hard]
        losses += ret[hard] < ret[1 - hard]
    assert wins > 1.5 * losses, (wins, losses)
