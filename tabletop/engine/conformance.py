"""Conformance kit: checks every game must pass, whatever its rules.

``check_game`` plays seeded random games and verifies at every step that

* legal actions are non-empty, sorted-stable and well-formed; terminal states have none;
* an illegal or malformed action raises the right error and leaves the state untouched;
* states and actions survive a JSON round trip;
* the same seed and decisions give the same game (determinism);
* ``resample`` is consistent: a resampled state shows its seat the same observation and
  keeps what the state's field table promises that seat (every public field as the truth
  holds it, the seat's own part of every owned one); the seat, when it is to move, has the
  same legal actions; and a step from it (up to ``STEP_ACTIONS`` of the actions legal in both,
  chance then resolved alike) shows the seat the same events and view as the step from the
  truth, until an event reveals something that may differ. A resample that breaks any of this
  is the resampler's fault and is reported as such, naming the field, not as a leak;
* hidden facts are really hidden: where the game has hidden information, resampling does
  produce states that differ from the true one (a resampler that copies the truth would hide a
  leak), and another seat's observation never equals a resample-invariant copy of this one;
* what a seat sees after a step depends only on what it saw before and on what the step showed
  it (``check_hidden_differential``, run by ``check_game`` on a small sample).

A game that declares hidden information must say of every field of its table who may see
it (``tabletop.engine.fields``). Failures raise ``ConformanceError`` naming the game, the seed
and the ply so they can be replayed (and the number of players, for a game of several).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalActionError, InvalidActionError
from .fields import OWNER, PUBLIC, StateFields
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


def _where(game: Game[Any], n: int, seed: int, ply: int | None) -> str:
    """Where a check failed, to replay it: the game, the players (for a game of several
    numbers), the seed and the ply (``None``: the game as a whole)."""
    spec = game.spec
    players = "" if spec.min_players == spec.max_players else f"{n} players, "
    at = "" if ply is None else f", ply {ply}"
    return f"game {spec.id}, {players}seed {seed}{at}"


@dataclass(frozen=True)
class _At:
    """The position a check looks at, for its failures."""

    game: Game[Any]
    n: int
    seed: int
    ply: int | None

    def fail(self, msg: str) -> ConformanceError:
        return ConformanceError(f"{msg} ({_where(self.game, self.n, self.seed, self.ply)})")


def _brief(value: Any, limit: int = 120) -> str:
    """A value as a failure quotes it: its JSON text, cut short."""
    try:
        text = json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr)
    except (TypeError, ValueError):  # keys that JSON cannot sort or write
        text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _check_declared(game: Game[Any]) -> None:
    """A game with hidden information says of every field of its table who may see it."""
    table = game.field_table()
    if table is None or not game.spec.has_hidden_information:
        return
    missing = table.undeclared()
    if missing:
        raise ConformanceError(
            f"game {game.spec.id}: the state's field(s) {', '.join(map(repr, missing))} do not "
            "say who may see them: declare each .public, .owned (or .owned_by(...)) or "
            ".unseen in the field table, so that the kit can check every resample against "
            "what the observations promise.")


def _field_fault(game: Game[Any], table: StateFields, truth: Any, other: Any, seat: int,
                 when: str = "") -> str | None:
    """How ``other`` (a state drawn for ``seat``) breaks what the field table promises
    ``seat`` of ``truth``: the first public field, or part of an owned one that is ``seat``'s,
    that differs. Undeclared fields of a game without hidden information are public."""
    everything = not game.spec.has_hidden_information
    for name in table.names:
        seen = table.seen(name)
        if seen == PUBLIC or (seen is None and everything):
            a, b = getattr(truth, name), getattr(other, name)
            if a != b:
                worked_out = (" (it is worked out from the other fields: what the resampler "
                              "dealt does not add up)" if table.fields[name].derive else "")
                return (f"{when}sets public field {name!r} to {_brief(b)}, the truth has "
                        f"{_brief(a)}{worked_out}")
        elif seen == OWNER:
            a, b = table.part(truth, name, seat), table.part(other, name, seat)
            if a != b:
                return (f"{when}sets seat {seat}'s own part of field {name!r} to {_brief(b)}, "
                        f"the truth has {_brief(a)}")
    return None


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
    _check_declared(game)
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
                raise _At(game, n, seed, None).fail("Same seed and decisions gave different "
                                                    "games")
            report.games += 1
    if game.spec.has_hidden_information and report.resamples and not report.resamples_differing:
        raise ConformanceError(
            f"The game {game.spec.id} declares hidden information, but no resample ever "
            "differed from the true state: the resampler copies hidden facts."
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
        at = _At(game, n, seed, ply)
        if player == CHANCE:
            raise at.fail("Session left a chance node unresolved")
        _check_roundtrip(game, state, at)
        if resample_every and ply % resample_every == 0:
            _check_resample(game, state, n, at, resample_rng, report)
        if player == TERMINAL:
            if game.legal_actions(state):
                raise at.fail("Terminal state has legal actions")
            ret = game.returns(state)
            if len(ret) != n:
                raise at.fail(f"returns() has {len(ret)} entries for {n} players")
            return state
        if not 0 <= player < n:
            raise at.fail(f"current_player() is {player}")
        legal = game.legal_actions(state)
        if not legal:
            raise at.fail("Non-terminal state without legal actions")
        if legal != game.legal_actions(state):
            raise at.fail("legal_actions() is not stable")
        if len(set(legal)) != len(legal):
            raise at.fail("legal_actions() has duplicates")
        for a in legal:
            if not game.is_well_formed(a):
                raise at.fail(f"Legal action {a!r} is not well-formed")
            if game.action_from_json(json.loads(json.dumps(game.action_to_json(a)))) != a:
                raise at.fail(f"Action {a!r} does not survive a JSON round trip")
        before = _canon(game.state_to_json(state))
        for b in bogus:
            if b in legal:
                continue
            try:
                game.apply(state, b)
            except (IllegalActionError, InvalidActionError) as exc:
                if not str(exc).strip():
                    raise at.fail(f"Refusing {b!r} gave no reason") from None
            else:
                raise at.fail(f"Bogus action {b!r} was accepted")
            if _canon(game.state_to_json(state)) != before:
                raise at.fail(f"Refusing {b!r} changed the state")
        action = legal[rng.randrange(len(legal))]
        chance_before = sum(1 for r in session.history if r.seat == CHANCE)
        session.submit(player, action)
        report.chance_nodes += sum(1 for r in session.history if r.seat == CHANCE) - chance_before
        if _canon(game.state_to_json(state)) != before:
            raise at.fail("apply() changed the state it was given")
        report.moves += 1
        ply += 1
        if ply > limit:
            raise at.fail(f"Game did not end within {limit} moves")


def _check_roundtrip(game: Game[Any], state: Any, at: _At) -> None:
    data = json.loads(json.dumps(game.state_to_json(state)))
    try:
        copy = game.state_from_json(data)
    except Exception as exc:
        raise at.fail(f"The state's JSON form does not load back: {exc}") from exc
    if _canon(game.state_to_json(copy)) != _canon(data):
        raise at.fail("State does not survive a JSON round trip")
    if game.current_player(copy) != game.current_player(state):
        raise at.fail("Round-tripped state has another current player")
    if game.current_player(state) >= 0 and game.legal_actions(copy) != game.legal_actions(state):
        raise at.fail("Round-tripped state has other legal actions")
    clone = state.clone()
    if _canon(game.state_to_json(clone)) != _canon(data):
        raise at.fail("clone() differs from the original")


#: How many of the actions legal in both a resample and the truth the kit plays on from each
#: resample, and how many chance outcomes in a row it then resolves alike.
STEP_ACTIONS = 2
CHANCE_STEPS = 16


def _draw(game: Game[Any], obs_text: str, seat: int, rng: random.Random, at: _At) -> Any:
    try:
        return game.resample(json.loads(obs_text), seat, rng)
    except Exception as exc:
        raise at.fail(f"Resample for seat {seat} raised {type(exc).__name__}: {exc}") from exc


def _check_resample(
    game: Game[Any], state: Any, n: int, at: _At,
    rng: random.Random, report: ConformanceReport,
) -> None:
    truth = _canon(game.state_to_json(state))
    table = game.field_table()
    mover = game.current_player(state)
    for seat in range(n):
        obs = game.observation(state, seat)
        obs_text = _canon(obs)
        if obs_text != _canon(json.loads(json.dumps(obs))):
            raise at.fail(f"Observation of seat {seat} is not plain JSON")
        sample = _draw(game, obs_text, seat, rng, at)
        report.resamples += 1
        fault = _resample_fault(game, table, state, sample, seat, obs)
        if fault:
            raise at.fail(f"Resample for seat {seat} {fault}")
        if game.current_player(sample) != game.current_player(state):
            raise at.fail(f"Resample for seat {seat} changes the current player")
        if _canon(game.state_to_json(sample)) != truth:
            report.resamples_differing += 1
        # What seat may see must not depend on facts hidden from it: the public view
        # (a spectator's) must be identical in the true state and in the resample.
        if _canon(game.observation(sample, None)) != _canon(game.observation(state, None)):
            raise at.fail(f"Resample for seat {seat} changes the public view")
        legal = game.legal_actions(state)
        if mover == seat:
            mine = game.legal_actions(sample)
            if mine != legal:
                raise at.fail(f"Resample for seat {seat} gives it the legal actions "
                              f"{_brief(mine)}, the truth {_brief(legal)}")
        both = [a for a in legal if a in set(game.legal_actions(sample))]
        if len(both) > STEP_ACTIONS:
            both = rng.sample(both, STEP_ACTIONS)
        for action in both:
            fault = _step_fault(game, table, state, sample, seat, action, rng, at)
            if fault:
                raise at.fail(f"Resample for seat {seat} {fault}")


def _resample_fault(game: Game[Any], table: StateFields | None, truth: Any, other: Any,
                    seat: int, obs: Any) -> str | None:
    """How a state drawn for ``seat`` from its observation ``obs`` of ``truth`` cannot be a
    state with that observation: a field that breaks the table's promise, or another
    observation of ``seat`` (``None``: it may be)."""
    if table is not None:
        fault = _field_fault(game, table, truth, other, seat)
        if fault:
            return fault
    shown = json.loads(_canon(game.observation(other, seat)))
    keys = _diff_keys(json.loads(_canon(obs)), shown)
    if keys:
        return f"changes seat {seat}'s observation: {', '.join(keys)}"
    return None


def _seen_steps(events: list[Event], seat: int) -> list[tuple[bool, str]]:
    """The events ``seat`` may read, each with whether it reveals something."""
    return [(e.reveals, _canon([e.kind, e.data, e.msg.to_json()]))
            for e in events if e.visible_to(seat)]


def _play_alike(game: Game[Any], truth: Any, other: Any, seat: int, action: str,
                rng: random.Random) -> tuple[Any, list[Event], Any, list[Event]]:
    """``action`` applied to copies of ``truth`` and ``other``, then the chance nodes both
    reach resolved alike: the truth's outcome where the other state allows it, else one that
    shows ``seat`` the same events (a card drawn by another seat), until the two part or
    ``CHANCE_STEPS`` outcomes are drawn."""
    t, o = truth.clone(), other.clone()
    et = game.apply_in_place(t, action)
    eo = game.apply_in_place(o, action)
    for _ in range(CHANCE_STEPS):
        if game.current_player(t) != CHANCE or game.current_player(o) != CHANCE:
            break
        outcome = game.sample_chance(t, rng)
        t2 = t.clone()
        e2 = game.apply_in_place(t2, outcome)
        seen = _seen_steps(e2, seat)
        options = game.legal_actions(o)
        tries = [outcome] if outcome in options else [a for a in options if a != outcome]
        for alt in tries:
            o2 = o.clone()
            f2 = game.apply_in_place(o2, alt)
            if alt == outcome or _seen_steps(f2, seat) == seen:
                break
        else:
            break
        t, o = t2, o2
        et += e2
        eo += f2
    return t, et, o, eo


def _step_fault(game: Game[Any], table: StateFields | None, truth: Any, other: Any,
                seat: int, action: str, rng: random.Random, at: _At) -> str | None:
    """How the step ``action`` from ``other`` (drawn for ``seat``) shows ``seat`` what no real
    state with its observation could: events that differ from the truth's before anything is
    revealed, or, after the same events, another view or another public field."""
    try:
        t, et, o, eo = _play_alike(game, truth, other, seat, action, rng)
    except Exception as exc:
        raise at.fail(f"Resample for seat {seat} breaks the rules after {action!r}: "
                      f"{type(exc).__name__}: {exc}") from exc
    seen_t, seen_o = _seen_steps(et, seat), _seen_steps(eo, seat)
    # The seat's own move shows it nothing new unless an event says so (undo stops there),
    # so until one does, its events follow from what it knew. Another seat's move may show it
    # that seat's hidden cards without that mark (it is nothing new to the mover): there only
    # the same events must leave the same view.
    own = game.current_player(truth) == seat
    for i in range(max(len(seen_t), len(seen_o))):
        x = seen_t[i] if i < len(seen_t) else None
        y = seen_o[i] if i < len(seen_o) else None
        if x == y:
            continue
        if not own or (x is not None and x[0]) or (y is not None and y[0]):
            return None  # something shown differs: what follows may differ too
        return (f"cannot be a real state: after its move {action!r} the truth shows seat "
                f"{seat} {'nothing more' if x is None else x[1]}, the resample "
                f"{'nothing more' if y is None else y[1]}, and neither reveals anything")
    keys = _view_diff(_view(game, t, seat), _view(game, o, seat))
    if keys:
        # A real state with the seat's observation whose step shows the seat more than the
        # truth's is a leak of the game; a resample that is none is the resampler's fault.
        # Both fail, and only the game's author can tell which: the message names both.
        return (f"and the truth, after {action!r} with the same events, show seat {seat} "
                f"{', '.join(keys)} differently: either the resample is no state with the "
                "seat's observation (a field the resampler rebuilds wrongly) or the step "
                "shows the seat a fact hidden from it")
    if table is not None:
        fault = _field_fault(game, table, t, o, seat, f"after {action!r}, with the same "
                                                     "events, ")
        if fault:
            return fault
    return None


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


@dataclass(frozen=True)
class ResampleFault:
    """A state drawn by ``resample`` for ``seat`` at a position that cannot be a state with
    that seat's observation (``text`` says how): the resampler's fault, not a leak."""

    game: str
    players: int
    seed: int
    ply: int
    seat: int
    text: str
    where: str  # the game, the players where it has several numbers, the seed and the ply

    def __str__(self) -> str:
        return f"resample for seat {self.seat} {self.text} ({self.where})"


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
    #: Variants that are no state with the seat's observation (they are not compared on).
    faults: list[ResampleFault] = field(default_factory=list)
    #: Seats that had variants drawn, and those of them for which one differed from the truth.
    seats_sampled: set[int] = field(default_factory=set)
    seats_varied: set[int] = field(default_factory=set)

    def summary(self) -> str:
        return (f"{self.positions} positions, {self.seat_views} seat views, {self.actions} "
                f"actions, {self.variants} variants ({self.variants_differing} differing from "
                f"the truth), {self.compared} steps compared ({self.not_legal} not legal in the "
                f"variant, {self.events_differ} with other events), {self.compared_actions} pairs "
                f"of other seats' steps compared, {len(self.leaks)} differences, "
                f"{len(self.faults)} faulty resamples")

    def raise_for_problems(self, game: Game[Any]) -> None:
        """Raise ``ConformanceError`` for a faulty resample, a leak, or a resampler that never
        varies, in that order: a resample that is no state of the observation would show
        differences that are not the game's leaks."""
        if self.faults:
            more = f" (and {len(self.faults) - 1} more)" if len(self.faults) > 1 else ""
            raise ConformanceError(
                f"A resample is no state with its seat's observation: {self.faults[0]}{more}. "
                "A resampler must keep every field the observation shows as the truth holds "
                "it and deal only what the seat cannot see.")
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
    table = game.field_table()
    step = max(1, every)
    for seed in seeds:
        for n in counts:
            for ply, state in _sampled_positions(game, n, seed, options, step):
                if max_positions is not None and report.positions >= max_positions:
                    return report
                # Each position has its own generator: what is drawn at one position does
                # not depend on how much was checked at the others.
                rng = random.Random(f"conformance/hidden/{seed}/{n}/{ply}")
                _check_position(game, table, state, n, seed, ply, rng, variants, max_actions,
                                report)
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
    game: Game[Any], table: StateFields | None, state: Any, n: int, seed: int, ply: int,
    rng: random.Random, variants: int, max_actions: int | None,
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
            fault = _resample_fault(game, table, state, other, seat, before["observation"])
            if fault:
                report.faults.append(ResampleFault(game_id, n, seed, ply, seat, fault,
                                                   _where(game, n, seed, ply)))
                continue
            keys = _view_diff(before, _view(game, other, seat))
            if keys:  # the same observation, another prompt: the prompt tells a secret
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
