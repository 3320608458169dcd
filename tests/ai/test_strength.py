"""AI strength on Magos and National Economy over seeded samples (slow: run with
``-m slow``), and a quick check that an agent plays National Economy solo to its end."""

from __future__ import annotations

import pytest

from tabletop.ai import make_agent
from tabletop.engine import Session
from tabletop.registry import load_plugins
from tabletop.tournament import derive_seed, play_match, summarize


def _run(levels: list[str], games: int, tag: str) -> dict[str, object]:
    results = [play_match("magos", levels, {}, derive_seed(tag, i)) for i in range(games)]
    return summarize("magos", levels, 0, results, 0.0)


@pytest.mark.slow
def test_hard_beats_random_clearly() -> None:
    summary = _run(["hard", "random"], 40, "strength/hard-random")
    assert summary["errors"] == 0
    assert summary["wins"][0] >= 34, summary  # at least 85 %


@pytest.mark.slow
def test_easy_beats_random() -> None:
    summary = _run(["random", "easy"], 40, "strength/easy-random")
    assert summary["errors"] == 0
    assert summary["wins"][1] >= 30, summary  # at least 75 %


@pytest.mark.slow
def test_hard_beats_random_with_drafted_hands() -> None:
    # MG-R11: with a draft the hidden hands differ; the search must still beat chance.
    results = [play_match("magos", ["hard", "random"], {"setup": "draft"},
                          derive_seed("strength/draft", i)) for i in range(20)]
    summary = summarize("magos", ["hard", "random"], 0, results, 0.0)
    assert summary["errors"] == 0
    assert summary["wins"][0] >= 17, summary


# -- National Economy ----------------------------------------------------------------------------


def _ne_wins(levels: list[str], games: int, tag: str) -> tuple[int, int]:
    """Games won by the one ``hard`` agent, which takes every seat in turn (game ``i`` seats
    it at ``i % n``), and games that ended in an error."""
    n = len(levels)
    wins = errors = 0
    for i in range(games):
        seating = levels[-(i % n):] + levels[:-(i % n)] if i % n else list(levels)
        seat = seating.index("hard")
        r = play_match("national-economy", seating, {}, derive_seed(tag, i))
        if r["error"] is not None:
            errors += 1
        elif r["returns"][seat] > 0:  # first, alone or shared after NE-R63's cash tie-break
            wins += 1
    return wins, errors


@pytest.mark.slow
def test_ne_hard_beats_random_two_players() -> None:
    # 20 games, seats alternating. A coin flip wins 16 or more of 20 with chance 0.6 %.
    wins, errors = _ne_wins(["hard", "random"], 20, "strength/ne-hard-random")
    assert errors == 0
    assert wins >= 16, wins


@pytest.mark.slow
def test_ne_hard_wins_most_four_player_games_against_random() -> None:
    # 12 games, hard in every seat in turn against three random players. An agent no better
    # than them wins a game with chance 1/4: 8 or more wins of 12 has chance 0.3 %.
    wins, errors = _ne_wins(["hard", "random", "random", "random"], 12, "strength/ne-hard-4p")
    assert errors == 0
    assert wins >= 8, wins


@pytest.mark.parametrize(("options", "seed"), [({}, 6), ({"variant": "b"}, 4)])
def test_agent_plays_national_economy_solo_to_the_end(options: dict[str, str],
                                                      seed: int) -> None:
    # NE-R70..NE-R84 with default wage rules: the easy agent, seeing only its observation,
    # plays until the game ends, after round 9 (NE-R78, NE-R84) or by NE-R77's game over
    # (when this was written seed 6 played all nine rounds of rules a, seed 4 went bankrupt
    # in rules b).
    game = load_plugins(include_entry_points=False)[0]["national-economy-solo"].game
    session = Session(game, 1, options, seed=seed, human_seats=())
    agent = make_agent("easy")
    moves = 0
    while not session.is_terminal():
        legal = session.legal_actions()
        decision = agent.choose(game, session.observation(0), 0, legal, seed=moves)
        session.submit(0, decision.action)
        moves += 1
        assert moves < game.max_game_length()
    obs = session.observation(0)
    result, total = obs["result"], obs["scores"][0]["total"]
    ret = session.returns()[0]
    if result == "bankrupt":
        assert ret == -1.0
    else:
        assert obs["round"] == 9 and -1.0 < ret <= 1.0
        assert result == ("finished" if options.get("variant", "a") == "a"
                          else "clear" if total >= 100 else "not-cleared")
