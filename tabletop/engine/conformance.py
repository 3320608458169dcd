"""Conformance kit: checks every game must pass, whatever its rules.

``check_game`` plays seeded random games and verifies at every step that

* legal actions are non-empty, sorted-stable and well-formed; terminal states have none;
* an illegal or malformed action raises the right error and leaves the state untouched;
* states and actions survive a JSON round trip;
* the same seed and decisions give the same game (determinism);
* ``resample`` is consistent: a resampled state shows each seat the same observation;
* hidden facts are really hidden: where the game has hidden information, resampling does
  produce states that differ from the true one (a resampler that copies the truth would hide a
  leak), and another seat's observation never equals a resample-invariant copy of this one;
* what a seat sees after a step depends only on what it saw before and on what the step showed
  it (``check_hidden_differential``, run by ``check_game`` on a small sample).

Failures raise ``ConformanceError`` with the seed and ply so they can be replayed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalActionError, InvalidActionError
from .game import CHANCE, TERMINAL, Event, Game, random_action
from .messages import Msg
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
    differential: DifferentialReport | None = None


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
    hidden_seeds: int = 2,
) -> ConformanceReport:
    """Run the whole kit; return counts of what was checked.

    The first ``hidden_seeds`` of ``seeds`` also run the differential hidden-information
    check (``check_hidden_differential``) on a small sample: up to ``KIT_POSITIONS``
    positions, every ``KIT_EVERY``-th. 0 leaves it out.
    """
    report = ConformanceReport()
    counts = list(player_counts) if player_counts is not None else sorted(
        {game.spec.min_players, game.spec.max_players}
    )
    bogus = list(bogus_actions)
    seed_list = list(seeds)
    if hidden_seeds > 0:
        diff = check_hidden_differential(game, counts, seed_list[:hidden_seeds], options,
                                         every=KIT_EVERY, max_positions=KIT_POSITIONS)
        report.differential = diff
        diff.raise_for_problems(game)
    for n in counts:
        for seed in seed_list:
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


# ---------------------------------------------------------------------------------------------
# Differential hidden-information check
# ---------------------------------------------------------------------------------------------

#: The default sample: 2 redrawn variants per seat and position, up to 4 of the actions legal
#: there. ``check_game`` checks up to 60 positions, every 3rd, so that every conformance test
#: can afford it; larger samples (every position, every action) run under the ``slow`` marker.
VARIANTS = 2
ACTIONS = 4
KIT_EVERY = 3
KIT_POSITIONS = 60


@dataclass(frozen=True)
class HiddenLeak:
    """``seat`` saw ``keys`` differently after ``action`` (``""``: at the position itself)
    in two states it could not tell apart, although the step showed it the same events; or,
    when ``other`` is set, after ``action`` and after ``other`` in the true state, two steps
    not its own that showed it the same events."""

    game: str
    players: int
    seed: int
    ply: int
    seat: int
    action: str
    keys: tuple[str, ...]
    other: str = ""

    def __str__(self) -> str:
        step = f"after {self.action!r}" if self.action else "at the position itself"
        if self.other:
            step += f" rather than {self.other!r}"
        return (f"{self.game}, {self.players} players, seed {self.seed}, ply {self.ply}: "
                f"seat {self.seat} {step} sees {', '.join(self.keys)} differently")


@dataclass
class DifferentialReport:
    """Counts of ``check_hidden_differential``; ``leaks`` lists every difference found."""

    positions: int = 0           # sampled positions (chance nodes included)
    seat_views: int = 0          # (position, seat) pairs
    actions: int = 0             # (position, seat, action) triples tried
    variants: int = 0            # redrawn states (``resample``)
    variants_differing: int = 0  # ... that differ from the true state
    compared: int = 0            # steps compared: legal in the variant, same events seen
    not_legal: int = 0           # the action is not legal in the variant
    events_differ: int = 0       # the step showed the seat other events in the variant
    compared_actions: int = 0    # pairs of steps not the seat's own that showed it the same
    leaks: list[HiddenLeak] = field(default_factory=list)
    #: Seats that had variants drawn, and those of them for which one differed from the truth.
    seats_sampled: set[int] = field(default_factory=set)
    seats_varied: set[int] = field(default_factory=set)

    def summary(self) -> str:
        return (f"{self.positions} positions, {self.seat_views} seat views, {self.actions} "
                f"actions, {self.variants} variants ({self.variants_differing} differing from "
                f"the truth), {self.compared} steps compared ({self.not_legal} not legal in the "
                f"variant, {self.events_differ} with other events), {self.compared_actions} pairs "
                f"of other seats' steps compared, {len(self.leaks)} differences")

    def raise_for_problems(self, game: Game[Any]) -> None:
        """Raise ``ConformanceError`` for a leak, or for a resampler that never varies."""
        if self.leaks:
            more = f" (and {len(self.leaks) - 1} more)" if len(self.leaks) > 1 else ""
            raise ConformanceError(
                f"Hidden information leaks: {self.leaks[0]}{more}. What a seat sees after a "
                "step must depend only on what it saw before and on what the step showed it.")
        if game.spec.has_hidden_information and self.seats_sampled != self.seats_varied:
            seats = ", ".join(str(k) for k in sorted(self.seats_sampled - self.seats_varied))
            raise ConformanceError(
                "The game declares hidden information, but no resample for seat(s) "
                f"{seats} ever differed from the true state: the resampler copies hidden "
                "facts, so no leak could be seen.")


def check_hidden_differential(
    game: Game[Any],
    player_counts: Iterable[int] | None = None,
    seeds: Iterable[int] = range(2),
    options: dict[str, object] | None = None,
    every: int = KIT_EVERY,
    variants: int = VARIANTS,
    max_actions: int | None = ACTIONS,
    max_positions: int | None = None,
) -> DifferentialReport:
    """What a seat sees after a step is a function of what it saw before and what the step
    showed it.

    For every ``every``-th position ``s`` of seeded random playouts (chance nodes included),
    every seat ``k`` and up to ``max_actions`` of the actions legal at ``s`` (decisions or
    chance outcomes; ``None``: all), draw ``variants`` states ``s'`` with ``resample`` from
    ``k``'s observation: each redraws every fact hidden from ``k``. Then ``k``'s observation
    and prompt must be the same in ``s'`` as in ``s``; and where the action is legal in ``s'``
    and the events of the step that ``k`` may read (kind, data and text) are the same, ``k``'s
    observation and prompt after the step must be the same too. Likewise two steps at ``s``
    that are not ``k``'s own decision (another seat's, or chance outcomes) and show ``k`` the
    same events must leave ``k`` the same view: a card played face down or drawn by another
    seat must not show through.

    Any difference is a leak: ``k`` would learn a hidden fact from the flow of the game (a
    phase entered only when the other player holds some card) rather than from anything shown
    to it. Where a game does show the fact, the event of the step must say so. Leaks are
    collected in the report, not raised; ``DifferentialReport.raise_for_problems`` raises.
    Seeds are played in turn, every player count for each, until ``max_positions`` positions
    have been checked (``None``: all of them).
    """
    report = DifferentialReport()
    counts = list(player_counts) if player_counts is not None else sorted(
        {game.spec.min_players, game.spec.max_players})
    step = max(1, every)
    for seed in seeds:
        for n in counts:
            for ply, state in _sampled_positions(game, n, seed, options, step):
                if max_positions is not None and report.positions >= max_positions:
                    return report
                # Each position has its own generator: what is drawn at one position does
                # not depend on how much was checked at the others.
                rng = random.Random(f"conformance/hidden/{seed}/{n}/{ply}")
                _check_position(game, state, n, seed, ply, rng, variants, max_actions, report)
    return report


def _sampled_positions(game: Game[Any], n: int, seed: int, options: dict[str, object] | None,
                       every: int) -> Iterator[tuple[int, Any]]:
    """Every ``every``-th position of a seeded random game (offset by the seed, so that seeds
    sample different plies), and always the last one before the end, where games reveal what
    was hidden. The state yielded is changed once the caller asks for the next."""
    rng = random.Random(f"conformance/playout/{seed}/{n}")
    state = game.new_game(n, options)
    limit = game.max_game_length()
    ply = 0
    while ply <= limit:
        if game.current_player(state) == TERMINAL:
            return
        sampled = ply % every == seed % every
        if sampled:
            yield ply, state
        before = None if sampled else state.clone()
        game.apply_in_place(state, random_action(game, state, rng))
        if before is not None and game.current_player(state) == TERMINAL:
            yield ply, before
        ply += 1
    raise ConformanceError(f"Game did not end within {limit} moves (seed {seed})")


def _seen(events: list[Event], seat: int) -> list[tuple[str, str, str]]:
    """The events ``seat`` may read, as comparable text."""
    return [(e.kind, _canon(e.data), _canon(e.msg.to_json()))
            for e in events if e.visible_to(seat)]


def _view(game: Game[Any], state: Any, seat: int) -> dict[str, Any]:
    """All that ``seat`` is shown of ``state``: the observation and the prompt (its code and
    arguments: a prompt that names a secret differs in its arguments as in its words)."""
    prompt = game.prompt(state, seat)
    return {"observation": json.loads(_canon(game.observation(state, seat))),
            "prompt": prompt.to_json() if isinstance(prompt, Msg) else prompt}


def _diff_keys(a: Any, b: Any, path: str = "", depth: int = 3) -> list[str]:
    """Where two JSON values differ, as paths (``players[1].hand``), ``depth`` levels deep."""
    if _canon(a) == _canon(b):
        return []
    if depth > 0 and isinstance(a, dict) and isinstance(b, dict):
        out: list[str] = []
        for key in sorted(set(a) | set(b), key=str):
            sub = f"{path}.{key}" if path else str(key)
            if key not in a or key not in b:
                out.append(sub)
            else:
                out.extend(_diff_keys(a[key], b[key], sub, depth - 1))
        return out
    if depth > 0 and isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out.extend(_diff_keys(x, y, f"{path}[{i}]", depth - 1))
        return out
    return [path or "(value)"]


def _view_diff(a: dict[str, Any], b: dict[str, Any]) -> tuple[str, ...]:
    keys: list[str] = []
    for name in sorted(set(a) | set(b)):
        if name == "observation":
            keys.extend(_diff_keys(a.get(name), b.get(name)))
        elif a.get(name) != b.get(name):
            keys.append(name)
    return tuple(keys)


def _check_position(
    game: Game[Any], state: Any, n: int, seed: int, ply: int, rng: random.Random,
    variants: int, max_actions: int | None,
    report: DifferentialReport,
) -> None:
    report.positions += 1
    legal = game.legal_actions(state)
    if max_actions is not None and len(legal) > max_actions:
        picked = set(rng.sample(range(len(legal)), max_actions))
        legal = [a for i, a in enumerate(legal) if i in picked]
    # The true step of each action, once for all seats.
    steps: list[tuple[str, Any, list[Event]]] = []
    for action in legal:
        after = state.clone()
        steps.append((action, after, game.apply_in_place(after, action)))
    truth = _canon(game.state_to_json(state))
    game_id = game.spec.id
    mover = game.current_player(state)  # CHANCE at a chance node: nobody knows the outcome
    for seat in range(n):
        report.seat_views += 1
        report.actions += len(steps)
        before = _view(game, state, seat)
        obs_text = _canon(before["observation"])
        seen = [(_seen(events, seat), _view(game, after, seat))
                for _, after, events in steps]
        if seat != mover:
            _compare_steps(game_id, n, seed, ply, seat, steps, seen, report)
        # One entry per action (``""``: the position itself), the keys of all variants.
        found: dict[str, set[str]] = {}
        for _ in range(variants):
            other = game.resample(json.loads(obs_text), seat, rng)
            report.variants += 1
            report.seats_sampled.add(seat)
            if _canon(game.state_to_json(other)) != truth:
                report.variants_differing += 1
                report.seats_varied.add(seat)
            keys = _view_diff(before, _view(game, other, seat))
            if keys:
                found.setdefault("", set()).update(keys)
                continue
            other_legal = set(game.legal_actions(other))
            for (action, _, _), (events_seen, view) in zip(steps, seen, strict=True):
                if action not in other_legal:
                    report.not_legal += 1
                    continue
                other_after = other.clone()
                other_events = game.apply_in_place(other_after, action)
                if _seen(other_events, seat) != events_seen:
                    report.events_differ += 1
                    continue
                report.compared += 1
                keys = _view_diff(view, _view(game, other_after, seat))
                if keys:
                    found.setdefault(action, set()).update(keys)
        for action, key_set in found.items():
            report.leaks.append(
                HiddenLeak(game_id, n, seed, ply, seat, action, tuple(sorted(key_set))))


def _compare_steps(
    game_id: str, n: int, seed: int, ply: int, seat: int,
    steps: list[tuple[str, Any, list[Event]]],
    seen: list[tuple[list[tuple[str, str, str]], dict[str, Any]]],
    report: DifferentialReport,
) -> None:
    """Another seat's decisions, or chance outcomes, that show ``seat`` the same events must
    leave it the same view: it cannot tell them apart (a card played face down, a card drawn
    by someone else)."""
    first: dict[str, tuple[str, dict[str, Any]]] = {}
    for (action, _, _), (events_seen, view) in zip(steps, seen, strict=True):
        key = _canon(events_seen)
        if key not in first:
            first[key] = (action, view)
            continue
        other, other_view = first[key]
        report.compared_actions += 1
        keys = _view_diff(other_view, view)
        if keys:
            report.leaks.append(HiddenLeak(game_id, n, seed, ply, seat, action, keys, other))
