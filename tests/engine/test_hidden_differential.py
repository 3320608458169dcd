"""The differential hidden-information check over every registered game: what a seat sees
after a step depends only on what it saw before and on what the step showed it.

A seeded sample of every game runs with the tests (about a second a game); every position of
more playouts, with every action and more redrawn variants, and each option of each game, run
with ``-m slow`` (``make slow``). A toy game with a planted leak shows that the check catches
the class of leak it is for: a turn entered only when a seat holds some hidden card.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tabletop.api import GamePlugin
from tabletop.engine import ConformanceError, Event, check_game
from tabletop.engine.conformance import DifferentialReport, check_hidden_differential
from tabletop.games import BUILTIN
from tabletop.registry import load_plugins
from tests.toygame import ToyGame, ToyState

PLUGINS: dict[str, GamePlugin] = load_plugins(include_entry_points=False)[0]


def _report(game_id: str, report: DifferentialReport) -> str:
    leaks = "\n".join(str(leak) for leak in report.leaks[:20])
    return f"{game_id}: {report.summary()}\n{leaks}"


def _every_count(plugin: GamePlugin) -> list[int]:
    return list(range(plugin.spec.min_players, plugin.spec.max_players + 1))


def test_every_built_in_game_is_checked() -> None:
    # The cases below are the registry's: every entry of the built-in list loads, so none is
    # left out of them.
    plugins, failures = load_plugins(include_entry_points=False)
    assert not failures and len(plugins) == len(BUILTIN)
    assert set(PLUGINS) == set(plugins)


@pytest.mark.parametrize("game_id", sorted(PLUGINS))
def test_ci_sample(game_id: str) -> None:
    # 250 positions a game (every 2nd of as many seeded playouts as that takes, the smallest
    # and largest table), 3 variants per seat, up to 6 actions a position.
    plugin = PLUGINS[game_id]
    report = check_hidden_differential(plugin.game, seeds=range(1000), every=2, variants=3,
                                       max_actions=6, max_positions=250)
    assert report.positions == 250
    assert report.compared > 250
    assert not report.leaks, _report(game_id, report)
    report.raise_for_problems(plugin.game)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(PLUGINS))
def test_full_sample(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    # Every position of 6 seeded playouts at every table size, every action, 6 variants.
    plugin = PLUGINS[game_id]
    report = check_hidden_differential(plugin.game, _every_count(plugin), seeds=range(6),
                                       every=1, variants=6, max_actions=None)
    with capsys.disabled():
        print(f"\n{game_id}: {report.summary()}")
    assert not report.leaks, _report(game_id, report)
    report.raise_for_problems(plugin.game)


def _option_variants() -> Iterator[tuple[str, str, Any]]:
    """Every game option set to each of its other values, one at a time."""
    for game_id, plugin in sorted(PLUGINS.items()):
        for option in plugin.spec.options:
            values = option.choices or ((not option.default,)
                                        if isinstance(option.default, bool) else ())
            for value in values:
                if value != option.default:
                    yield game_id, option.key, value


#: Options under which a game hides nothing: Punimonyo's practice, where the app calls every
#: word as it is played (its own conformance test says so too).
NOTHING_HIDDEN = {("punimonyo", "practice", True)}


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "key", "value"), list(_option_variants()))
def test_options_sample(game_id: str, key: str, value: Any,
                        capsys: pytest.CaptureFixture[str]) -> None:
    # Each option's other values, one at a time: 200 positions, every action, 4 variants.
    game = PLUGINS[game_id].game
    report = check_hidden_differential(game, seeds=range(1000), options={key: value},
                                       every=2, variants=4, max_actions=None,
                                       max_positions=200)
    with capsys.disabled():
        print(f"\n{game_id} ({key}={value}): {report.summary()}")
    assert not report.leaks, _report(f"{game_id} ({key}={value})", report)
    if (game_id, key, value) in NOTHING_HIDDEN:
        assert report.variants and not report.variants_differing
    else:
        report.raise_for_problems(game)


# -- a planted leak ------------------------------------------------------------------------


class ExtraTurnToy(ToyGame):
    """The toy game with a rule that leaks: a player who holds the 5 and takes two stones
    moves again. Nothing says so but the turn, so the other player learns who holds the 5,
    as Spymaster's defender once learned from the tuck question whether a larger Spy was
    held. Every check of the kit before the differential one passes."""

    def apply_in_place(self, state: ToyState, action: str) -> list[Event]:
        turn = state.turn
        events = super().apply_in_place(state, action)
        if action == "take:2" and state.secret[turn] == 5 and state.stones:
            state.turn = turn
        return events


def test_the_check_catches_a_planted_leak() -> None:
    game = ExtraTurnToy()
    report = check_hidden_differential(game, seeds=range(20), every=1, variants=4,
                                       max_actions=None)
    assert report.leaks
    assert {leak.action for leak in report.leaks} == {"take:2"}
    assert all("turn" in leak.keys for leak in report.leaks)
    # The leak is the other player's move, seen by a seat that does not hold the 5 itself
    # (its holder knows who holds it), whether or not the mover really does.
    for leak in report.leaks:
        state = _position(game, leak.seed, leak.ply)
        assert state.turn != leak.seat and state.secret[leak.seat] != 5
    assert any(_position(game, leak.seed, leak.ply).secret[1 - leak.seat] == 5
               for leak in report.leaks)
    first = report.leaks[0]
    assert str(first).startswith(f"toy, 2 players, seed {first.seed}, ply {first.ply}: "
                                 f"seat {first.seat} after 'take:2' sees ")
    with pytest.raises(ConformanceError, match="Hidden information leaks: toy, 2 players"):
        report.raise_for_problems(game)
    # The kit runs the check itself: the leak fails the game's conformance.
    with pytest.raises(ConformanceError, match="'take:2'"):
        check_game(game, seeds=range(10))
    # Without the differential check, the step the kit plays from each resample still finds
    # it; with neither, nothing looks at a step after a hidden fact, and the game passes.
    with pytest.raises(ConformanceError, match=r"after 'take:2' with the same events, show "
                                               r"seat [01] turn differently"):
        check_game(game, seeds=range(10), hidden_seeds=0)
    assert check_game(game, seeds=range(10), hidden_seeds=0, resample_every=0).games == 10


def _position(game: ToyGame, seed: int, ply: int) -> ToyState:
    from tabletop.engine.conformance import _sampled_positions

    for p, state in _sampled_positions(game, 2, seed, None, 1):
        if p == ply:
            return state.clone()
    raise AssertionError(f"no ply {ply} in seed {seed}")


def test_a_seat_whose_variants_never_differ_fails() -> None:
    # A check is only as good as its variants: if no redrawn state of some seat ever differs
    # from the true one, the resampler keeps that seat's hidden facts and no leak could show.
    game = ToyGame()
    report = check_hidden_differential(game, seeds=range(3), every=1)
    assert report.seats_sampled == report.seats_varied == {0, 1}
    report.seats_varied.discard(1)
    with pytest.raises(ConformanceError, match=r"no resample for seat\(s\) 1 ever differed"):
        report.raise_for_problems(game)


def test_the_true_toy_game_passes() -> None:
    report = check_hidden_differential(ToyGame(), seeds=range(20), every=1, variants=4,
                                       max_actions=None)
    assert report.compared > 100 and report.compared_actions > 0 and not report.leaks
    report.raise_for_problems(ToyGame())
