"""Conformance kit: checks every game must pass, whatever its rules.

``check_game`` plays seeded random games and verifies at every step that

* legal actions are non-empty, sorted-stable and well-formed; terminal states have none;
* an illegal or malformed action raises the right error and leaves the state untouched;
* states and actions survive a JSON round trip;
* the same seed and decisions give the same game (determinism);
* ``resample`` is consistent: a resampled state shows each seat the same observation;
* hidden facts are really hidden: where the game has hidden information, resampling does
  produce states that differ from the true one (a resampler that copies the truth would hide a
  leak), and another seat's observation never equals a resample-invariant copy of this one.

Failures raise ``ConformanceError`` with the seed and ply so they can be replayed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .errors import IllegalActionError, InvalidActionError
from .game import CHANCE, TERMINAL, Game
from .session import Session


class ConformanceError(AssertionError):
    """A game broke the engine contract."""


@dataclass
class ConformanceReport:
    games: int = 0
    moves: int = 0
    chance_nodes: int = 0
    resamples: int = 0
    resamples_differing: int = 0


def _canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _fail(msg: str, seed: int, ply: int) -> ConformanceError:
    return ConformanceError(f"{msg} (seed {seed}, ply {ply})")


def check_game(
    game: Game[Any],
    player_counts: Iterable[int] | None = None,
    seeds: Iterable[int] = range(10),
    options: dict[str, object] | None = None,
    resample_every: int = 3,
    bogus_actions: Iterable[str] = ("", " ", "no-such-action:1"),
) -> ConformanceReport:
    """Run the whole kit; return counts of what was checked."""
    report = ConformanceReport()
    counts = list(player_counts) if player_counts is not None else sorted(
        {game.spec.min_players, game.spec.max_players}
    )
    bogus = list(bogus_actions)
    for n in counts:
        for seed in seeds:
            final = _playout(game, n, seed, options, resample_every, bogus, report)
            again = _playout(game, n, seed, options, 0, [], ConformanceReport())
            if _canon(game.state_to_json(final)) != _canon(game.state_to_json(again)):
                raise _fail("Same seed and decisions gave different games", seed, -1)
            report.games += 1
    if game.spec.has_hidden_information and report.resamples and not report.resamples_differing:
        raise ConformanceError(
            "The game declares hidden information, but no resample ever differed from the "
            "true state: the resampler copies hidden facts."
        )
    return report


def _playout(
    game: Game[Any],
    n: int,
    seed: int,
    options: dict[str, object] | None,
    resample_every: int,
    bogus: list[str],
    report: ConformanceReport,
) -> Any:
    session = Session(game, n, options, seed=seed)
    rng = random.Random(seed * 7919 + n)
    resample_rng = random.Random(seed * 104729 + n)
    limit = game.max_game_length()
    ply = 0
    while True:
        state = session.state
        player = game.current_player(state)
        if player == CHANCE:
            raise _fail("Session left a chance node unresolved", seed, ply)
        _check_roundtrip(game, state, seed, ply)
        if resample_every and ply % resample_every == 0:
            _check_resample(game, state, n, seed, ply, resample_rng, report)
        if player == TERMINAL:
            if game.legal_actions(state):
                raise _fail("Terminal state has legal actions", seed, ply)
            ret = game.returns(state)
            if len(ret) != n:
                raise _fail(f"returns() has {len(ret)} entries for {n} players", seed, ply)
            return state
        if not 0 <= player < n:
            raise _fail(f"current_player() is {player}", seed, ply)
        legal = game.legal_actions(state)
        if not legal:
            raise _fail("Non-terminal state without legal actions", seed, ply)
        if legal != game.legal_actions(state):
            raise _fail("legal_actions() is not stable", seed, ply)
        if len(set(legal)) != len(legal):
            raise _fail("legal_actions() has duplicates", seed, ply)
        for a in legal:
            if not game.is_well_formed(a):
                raise _fail(f"Legal action {a!r} is not well-formed", seed, ply)
            if game.action_from_json(json.loads(json.dumps(game.action_to_json(a)))) != a:
                raise _fail(f"Action {a!r} does not survive a JSON round trip", seed, ply)
        before = _canon(game.state_to_json(state))
        for b in bogus:
            if b in legal:
                continue
            try:
                game.apply(state, b)
            except (IllegalActionError, InvalidActionError) as exc:
                if not str(exc).strip():
                    raise _fail(f"Refusing {b!r} gave no reason", seed, ply) from None
            else:
                raise _fail(f"Bogus action {b!r} was accepted", seed, ply)
            if _canon(game.state_to_json(state)) != before:
                raise _fail(f"Refusing {b!r} changed the state", seed, ply)
        action = legal[rng.randrange(len(legal))]
        chance_before = sum(1 for r in session.history if r.seat == CHANCE)
        session.submit(player, action)
        report.chance_nodes += sum(1 for r in session.history if r.seat == CHANCE) - chance_before
        if _canon(game.state_to_json(state)) != before:
            raise _fail("apply() changed the state it was given", seed, ply)
        report.moves += 1
        ply += 1
        if ply > limit:
            raise _fail(f"Game did not end within {limit} moves", seed, ply)


def _check_roundtrip(game: Game[Any], state: Any, seed: int, ply: int) -> None:
    data = json.loads(json.dumps(game.state_to_json(state)))
    copy = game.state_from_json(data)
    if _canon(game.state_to_json(copy)) != _canon(data):
        raise _fail("State does not survive a JSON round trip", seed, ply)
    if game.current_player(copy) != game.current_player(state):
        raise _fail("Round-tripped state has another current player", seed, ply)
    if game.current_player(state) >= 0 and game.legal_actions(copy) != game.legal_actions(state):
        raise _fail("Round-tripped state has other legal actions", seed, ply)
    clone = state.clone()
    if _canon(game.state_to_json(clone)) != _canon(data):
        raise _fail("clone() differs from the original", seed, ply)


def _check_resample(
    game: Game[Any], state: Any, n: int, seed: int, ply: int,
    rng: random.Random, report: ConformanceReport,
) -> None:
    truth = _canon(game.state_to_json(state))
    for seat in range(n):
        obs = game.observation(state, seat)
        obs_text = _canon(obs)
        if obs_text != _canon(json.loads(json.dumps(obs))):
            raise _fail(f"Observation of seat {seat} is not plain JSON", seed, ply)
        sample = game.resample(json.loads(obs_text), seat, rng)
        report.resamples += 1
        if _canon(game.observation(sample, seat)) != obs_text:
            raise _fail(f"Resample for seat {seat} changes seat {seat}'s observation", seed, ply)
        if game.current_player(sample) != game.current_player(state):
            raise _fail(f"Resample for seat {seat} changes the current player", seed, ply)
        if _canon(game.state_to_json(sample)) != truth:
            report.resamples_differing += 1
        # What seat may see must not depend on facts hidden from it: the public view
        # (a spectator's) must be identical in the true state and in the resample.
        if _canon(game.observation(sample, None)) != _canon(game.observation(state, None)):
            raise _fail(f"Resample for seat {seat} changes the public view", seed, ply)
