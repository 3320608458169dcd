"""Search states skip the log lines but must change exactly like the states a game is played
with: the same random moves on a quiet and a normal copy give equal states at every step."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.engine import CHANCE, TERMINAL, Game
from tabletop.games.magos.model import MagosGame
from tabletop.games.magos.solo import MagosSoloGame

CASES: list[tuple[str, Game[Any], dict[str, object]]] = [
    ("duel-first-game", MagosGame(), {"setup": "first-game"}),
    ("duel-draft", MagosGame(), {"setup": "draft"}),
    ("solo-patch", MagosSoloGame(), {"enemy": "chimera", "dice": "patch-v1.1"}),
    ("solo-rolled", MagosSoloGame(), {"enemy": "intruder", "dice": "rolled"}),
    ("solo-self-ko", MagosSoloGame(), {"enemy": "sleeping_lion", "dice": "rolled"}),
]


@pytest.mark.parametrize(("name", "game", "options"), CASES, ids=[c[0] for c in CASES])
def test_quiet_states_change_like_played_ones(name: str, game: Game[Any],
                                              options: dict[str, object]) -> None:
    players = 1 if isinstance(game, MagosSoloGame) else 2
    for seed in range(6):
        rng = random.Random(seed)
        loud = game.new_game(players, options)
        quiet = loud.clone()
        quiet.quiet = True
        steps = 0
        while game.current_player(loud) != TERMINAL:
            player = game.current_player(loud)
            if player == CHANCE:
                action = game.sample_chance(loud, rng)
            else:
                legal = game.legal_actions(loud)
                assert game.legal_actions(quiet) == legal
                action = legal[rng.randrange(len(legal))]
            events = game.apply_in_place(loud, action)
            assert events, action  # a played move always tells the log something
            game.apply_in_place(quiet, action)
            assert game.state_to_json(quiet) == game.state_to_json(loud), (seed, steps, action)
            steps += 1
        assert game.current_player(quiet) == TERMINAL
        assert game.returns(quiet) == game.returns(loud)


def test_search_samples_are_quiet_and_played_states_are_not() -> None:
    game = MagosSoloGame()
    state = game.new_game(1, {"enemy": "vampire"})
    assert not state.quiet and not state.clone().quiet
    sample = game.resampler(game.observation(state, 0), 0)(random.Random(2))
    assert sample.quiet
    duel = MagosGame()
    s2 = duel.new_game(2, {})
    while duel.current_player(s2) == CHANCE:
        duel.apply_in_place(s2, duel.sample_chance(s2, random.Random(4)))
    assert duel.resampler(duel.observation(s2, 0), 0)(random.Random(5)).quiet
    assert not duel.state_from_json(duel.state_to_json(s2)).quiet
