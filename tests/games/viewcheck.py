"""The table check the game view tests share: in a position, every legal action of the mover
has a gesture, every gesture names pieces on the table and is one the table accepts (no reason
against it), and every piece lies on the table once."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from tabletop.engine import CHANCE, TERMINAL, Game, Session


def decisions(game: Game[Any], n: int | None, seeds: range,
              options: Callable[[int], Mapping[str, object] | None] = lambda seed: None,
              limit: int | None = None) -> Iterator[Session]:
    """The session at each decision of seeded random games (``options`` by seed; at most
    ``limit`` decisions a game), played on once the caller has looked."""
    for seed in seeds:
        session = Session(game, n, options(seed), seed=seed)
        rng = random.Random(seed)
        steps = 0
        while game.current_player(session.state) not in (TERMINAL, CHANCE):
            if limit is not None and steps >= limit:
                break
            yield session
            legal = session.legal_actions()
            session.submit(game.current_player(session.state), legal[rng.randrange(len(legal))])
            steps += 1


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
    for p in lay.pieces:
        w, h = p.size()
        assert p.x >= 0 and p.x + w <= lay.width and p.y >= 0 and p.y + h <= lay.height, p.id
    assert len({p.id for p in lay.pieces}) == len(lay.pieces)
    return len(gestures)
