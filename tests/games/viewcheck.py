"""The table checks the game view tests share: in a position, every legal action of the mover
has a gesture, every gesture names pieces on the table and is one the table accepts (no reason
against it), and every piece lies on the table once; a layout lies inside its table; and the
positions of seeded random games to look at, with what each seat sees there checked to show
nothing hidden from it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, NamedTuple

from tabletop.engine import CHANCE, TERMINAL, Game, Layout, Session


class Step(NamedTuple):
    """A position of a seeded random game, before its next move."""

    session: Session
    #: The generator choosing the moves: a caller may draw from it too (to resample, say).
    rng: random.Random
    #: How many moves this game has made so far.
    ply: int


def walk(game: Game[Any], n: int | None, seeds: Iterable[int],
         options: Callable[[int], Mapping[str, object] | None] = lambda seed: None,
         limit: int | None = None) -> Iterator[Step]:
    """Each decision of seeded random games (``options`` by seed; at most ``limit`` decisions
    a game), played on with a uniformly random legal move once the caller has looked."""
    for seed in seeds:
        session = Session(game, n, options(seed), seed=seed)
        rng = random.Random(seed)
        ply = 0
        while game.current_player(session.state) not in (TERMINAL, CHANCE):
            if limit is not None and ply >= limit:
                break
            yield Step(session, rng, ply)
            legal = session.legal_actions()
            session.submit(game.current_player(session.state), legal[rng.randrange(len(legal))])
            ply += 1


def decisions(game: Game[Any], n: int | None, seeds: Iterable[int],
              options: Callable[[int], Mapping[str, object] | None] = lambda seed: None,
              limit: int | None = None) -> Iterator[Session]:
    """The session at each decision of seeded random games (as ``walk``)."""
    for step in walk(game, n, seeds, options, limit):
        yield step.session


class SeatView(NamedTuple):
    """What one seat sees at a step of a seeded random game."""

    step: Step
    seat: int
    obs: Any
    layout: Layout
    #: The observation of a state resampled from ``obs``: the same facts, others hidden.
    twin: Any


def seat_views(game: Game[Any], view: Any, n: int, seeds: Iterable[int]) -> Iterator[SeatView]:
    """What every seat sees at each decision of seeded random games (see ``walk``), checked to
    show nothing hidden from it: a state resampled from the seat's observation (drawn from the
    game's generator) lays out exactly the same."""
    for step in walk(game, n, seeds):
        for seat in range(n):
            obs = game.observation(step.session.state, seat)
            lay = view.layout(obs, seat)
            twin = game.observation(game.resample(obs, seat, step.rng), seat)
            assert view.layout(twin, seat) == lay
            yield SeatView(step, seat, obs, lay, twin)


def assert_inside(lay: Layout, zones: bool = True) -> None:
    """Every piece (and with ``zones`` every zone) lies inside the layout's table."""
    for p in lay.pieces:
        w, h = p.size()
        assert p.x >= 0 and p.x + w <= lay.width and p.y >= 0 and p.y + h <= lay.height, p.id
    for z in lay.zones if zones else ():
        assert z.x >= 0 and z.x + z.w <= lay.width and z.y >= 0 and z.y + z.h <= lay.height, z.id


def check_gestures(session: Session, view: Any, say: Callable[..., str],
                   langs: tuple[str, ...] = ("en",)) -> int:
    """Check the mover's table in ``session``'s position (the reasons in ``langs``); the
    number of gestures."""
    game = session.game
    s = session.state
    seat = game.current_player(s)
    obs = game.observation(s, seat)
    legal = game.legal_actions(s)
    gestures = view.gestures(obs, seat, legal)
    lay = view.layout(obs, seat)
    ids = {p.id for p in lay.pieces} | {z.id for z in lay.zones}
    assert {g.action for g in gestures} == set(legal)
    for g in gestures:
        for ref in (g.source, g.target):
            assert ref is None or ref in ids, (g, sorted(ids))
        if g.source is not None or g.target is not None:
            for lang in langs:
                assert say(view.why_not(obs, seat, str(g.source or g.target),
                                        g.target if g.source else None), lang) == "", g
    assert_inside(lay, zones=False)
    assert len({p.id for p in lay.pieces}) == len(lay.pieces)
    return len(gestures)
