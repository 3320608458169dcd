"""Saboteur 2's decisive play for the hard level: a move chosen by the seat's role from its own
observation, without a search (easy and normal still search with the guides of ``ai``).

A search of this game is noisy: every guess of the hidden facts knows where the gold lies, the
values of the few kept moves differ by less than their noise, and the choice among them was
near random (the first round's measurements: hard's team won 0 of 15 digger rounds). Here the
moves are ranked by what each role wants, read from the observation alone (so the choice never
depends on hidden facts):

* the gold's place is a belief: the goal the seat has seen, else the face-down goals it has not
  seen as stone, alike; the cards still needed (``reach``) are averaged over that belief;
* a digger (green, blue, the Boss) frees himself of a Trapped!, swaps his own hat while the
  gold is far (a role drawn from the reserve is worth more than a digger's on average), mends
  a broken tool, looks with a Map while the gold is unknown and far, lays the card that brings
  the gold nearest (never a door of the rival colour; near the gold, one that opens another
  end as near), clears a card in the way with a Rockfall, discards two to mend, plays a Theft,
  traps the richest, hits a player the evidence shows blocking, and otherwise passes its junk
  (near the gold, also the path cards of no use there);
* a saboteur never lays a card that helps: it rocks out or blocks the tunnel's head when the
  gold comes near, traps the richest (a trapped player is not paid), breaks the tools of
  whoever digs most, plays a Theft, and passes the path cards the diggers would need;
* the Profiteer plays like a saboteur who hits nobody but the richest, a Geologist lays
  crystal cards; a thief robs the richest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from . import ai, knowledge
from .actions import END, place_text
from .data import (
    BLUE,
    BREAK,
    FREE,
    GOLD,
    GREEN,
    MAP,
    PATH_IDS,
    R_BLUE,
    R_BOSS,
    R_GEOLOGIST,
    R_GREEN,
    R_SABOTEUR,
    REPAIRS,
    ROCKFALL,
    SHAPE_OF,
    SHAPES,
    SWAP_HAT,
    THEFT,
    TRAP,
    Shape,
)
from .maze import GOAL_KEYS, GOAL_SET, STEP, cell, frontier, key, network, placements
from .reach import FAR, after_place, exits, field, goal_need
from .state import P_FIX, P_PASS, P_PLAY, P_STEAL

_DIGGERS: Final = frozenset({R_GREEN, R_BLUE, R_BOSS})
_RIVAL_DOOR: Final = {R_GREEN: BLUE, R_BLUE: GREEN}
_JUNK: Final = frozenset({"A-INS", "A-HAT", "A-SWH", "A-HOF"})
#: A saboteur blocks when the gold is this near (cards still needed, averaged over the
#: belief), and rocks out the tunnel's head when nearer still.
_BLOCK_AT: Final = 3.5
_ROCK_AT: Final = 2.5
#: A digger looks with a Map before digging while the gold is at least this far.
_MAP_FAR: Final = 2.5
#: A card whose value (``_value``) is below this is junk: a pass goes on with it.
_JUNK_VALUE: Final = 1.0
_EPS: Final = 1e-9
#: Near the gold, with no card that brings it nearer, a digger lays one that opens another
#: end as near (more of the deck fits there) rather than pass.
_WIDEN_AT: Final = 2.5
#: A digger stuck (no card brings the gold nearer) passes every card worth less than this.
_STUCK_VALUE: Final = 3.0
#: A digger far from the gold early in the round swaps his own hat: a digger's team seldom
#: wins, a role drawn from the reserve is worth more on average (a saboteur, a geologist).
_HAT_FAR: Final = 4.0
_HAT_DECK: Final = 20


class _Seen:
    """What the seat sees, read once per decision: the visible state, its role, its belief of
    the gold's place and the cards still needed to it."""

    def __init__(self, obs: Mapping[str, Any]) -> None:
        self.seat = seat = int(obs["seat"])
        self.s = s = knowledge.visible_state(obs, seat)
        self.role = s.roles[seat]
        goals = obs["goals"]
        gold = [i for i, g in enumerate(goals) if g["card"] == GOLD]
        slots = gold or [i for i, g in enumerate(goals) if g["card"] is None]
        if not slots:  # every goal seen and none gold: cannot happen in play; aim anywhere
            slots = [1]
        self.slots = slots
        self.weight = 1.0 / len(slots)
        self.costs = {i: field(s.maze, GOAL_KEYS[i]) for i in slots}
        self.ends = frontier(s.maze, s.net)
        self.need = self.expect_need(s.maze, s.net)
        self._useful: set[str] | None = None

    def useful(self) -> set[str]:
        """The path cards in hand that a digger could lay now to bring the gold nearer (or,
        near it, to open another end as near)."""
        if self._useful is None:
            s = self.s
            hand = [c for c in set(s.hands[self.seat]) if c in PATH_IDS]
            shapes = [SHAPES[SHAPE_OF[c, t]] for c in hand for t in (False, True)]
            ways = self.ways(None)
            out: set[str] = set()
            for shape, k in placements(s.maze, SHAPES, s.net, shapes):
                if shape.card in out:
                    continue
                x, y = cell(k)
                a = place_text(shape.card, x, y, shape.turned)
                after = self.after(a)
                if after < self.need - _EPS or (
                        self.need <= _WIDEN_AT and after < self.need + _EPS
                        and self.ways(a) > ways + _EPS):
                    out.add(shape.card)
            self._useful = out
        return self._useful

    @property
    def knows_gold(self) -> bool:
        return len(self.slots) == 1

    def expect_need(self, maze: Mapping[int, int], net: Any) -> float:
        return sum(goal_need(maze, net, i) for i in self.slots) * self.weight

    def after(self, action: str) -> float:
        """The cards still needed, averaged over the belief, once ``action`` (a placement)
        is made."""
        k, shape = ai._place(action)
        s = self.s
        total = 0.0
        for i in self.slots:
            total += after_place(s.maze, s.net, self.costs[i], self.ends, k, shape,
                                 GOAL_KEYS[i])
        return total * self.weight

    def ways(self, action: str | None) -> float:
        """How many open ends lie nearest the gold (averaged over the belief), now
        (``action`` None) or once a placement is made: more ends, more cards that fit."""
        s = self.s
        if action is None:
            k, new = -1, []
        else:
            k, shape = ai._place(action)
            new = [k + STEP[e] for e in exits(s.maze, s.net, k, shape)]
            new = [nb for nb in new if nb not in s.maze and nb not in GOAL_SET]
        total = 0
        for i in self.slots:
            costs = self.costs[i]
            values = [costs.get(f, FAR) for f in self.ends if f != k]
            values += [costs.get(nb, FAR) for nb in new]
            if values:
                low = min(values)
                total += values.count(low)
        return total * self.weight

    def after_rock(self, action: str) -> float:
        """The cards still needed once a Rockfall removes its card."""
        target = ai._play(action)[1]
        assert isinstance(target, tuple)
        k = key(int(target[0]), int(target[1]))
        maze = dict(self.s.maze)
        del maze[k]
        return self.expect_need(maze, network(maze, SHAPES))


def _seat_of(action: str) -> int:
    return ai._target_seat(ai._play(action)[1])


def _card(action: str) -> str:
    return ai._play(action)[0]


def _value(seen: _Seen, card: str) -> float:
    """How much the seat would keep ``card`` (lower: passed first)."""
    s, seat, role = seen.s, seen.seat, seen.role
    front = s.front[seat]
    if card in PATH_IDS:
        shape = SHAPES[SHAPE_OF[card, False]]
        if role in _DIGGERS:
            if shape.door and shape.door == _RIVAL_DOOR.get(role):
                return 0.3
            if shape.dead_end and not shape.ladder:
                return 0.0
            span = max(len(g) for g in shape.segments)
            if span < 3 and seen.need <= _WIDEN_AT and card not in seen.useful():
                return 1.5  # of no use where the tunnel is now: passed when stuck
            return 2.0 + span
        if role == R_GEOLOGIST:
            return 5.0 if shape.crystals else 0.5
        return 3.0 if shape.dead_end and not shape.ladder else 0.2
    if card == SWAP_HAT and role in _DIGGERS and seen.need >= _HAT_FAR:
        return 3.5
    if card in _JUNK:
        return 0.0
    if card == THEFT:
        return 3.0 if THEFT not in front else 0.5
    if card == FREE:
        return 2.5
    if card in REPAIRS:
        mine = any(BREAK[t] in front for t in REPAIRS[card])
        return 6.0 if mine else 2.5 if role in _DIGGERS else 1.0
    if card == MAP:
        return 3.0 if role in _DIGGERS and not seen.knows_gold else 0.3
    if card == ROCKFALL:
        return 2.5 if role in _DIGGERS else 5.0
    if card == TRAP:
        return 2.0 if role in _DIGGERS else 4.5
    if card in BREAK.values():
        return 1.5 if role in _DIGGERS else 4.0
    return 1.0


def _suspicion(obs: Mapping[str, Any], seat: int, q: int) -> float:
    """How strongly the public evidence shows ``q`` blocking the diggers (0: not at all)."""
    pl = obs["players"][q]
    hits_me = int(pl["hit"][seat])
    return 2.0 * hits_me + int(pl["block"]) - 0.7 * int(pl["dig"])


def _digging(obs: Mapping[str, Any], q: int) -> float:
    """How strongly the public evidence shows ``q`` digging."""
    pl = obs["players"][q]
    return int(pl["dig"]) - int(pl["block"]) + 0.01 * sum(int(v) for v in pl["help"])


def _free_self(seen: _Seen, plays: list[str], legal: Sequence[str]) -> str | None:
    """A Free at last! on oneself when trapped (else not paid), else a fix of the Trapped!."""
    seat = seen.seat
    if TRAP not in seen.s.front[seat]:
        return None
    for a in plays:
        if _card(a) == FREE and _seat_of(a) == seat:
            return a
    if f"fix:{TRAP}" in legal:
        return f"fix:{TRAP}"
    return None


def _mend_self(seen: _Seen, plays: list[str], legal: Sequence[str], fix: bool) -> str | None:
    """A repair of one's own broken tool; with ``fix``, else discarding two for it."""
    seat = seen.seat
    broken = [c for c in seen.s.front[seat] if c in BREAK.values()]
    if not broken:
        return None
    for a in plays:
        if _card(a) in REPAIRS and _seat_of(a) == seat:
            return a
    if fix and len(broken) == 1 and TRAP not in seen.s.front[seat]:
        action = f"fix:{broken[0]}"
        if action in legal:
            return action
    return None


def _discard(seen: _Seen, legal: Sequence[str]) -> str | None:
    """The card least worth keeping, as the start (or the next card) of a pass."""
    options = [a for a in legal if a.startswith("discard:")]
    if not options:
        return None
    return min(options, key=lambda a: (_value(seen, a[8:]), a))


def _digger(obs: Mapping[str, Any], seen: _Seen, places: list[str], plays: list[str],
            legal: Sequence[str]) -> str | None:
    seat, s = seen.seat, seen.s
    found = _free_self(seen, plays, legal)
    if found:
        return found
    hat = f"play:{SWAP_HAT}@{seat}"
    if hat in plays and seen.need >= _HAT_FAR and s.deck_size >= _HAT_DECK:
        return hat
    rival = _RIVAL_DOOR.get(seen.role, "")
    best: str | None = None
    best_key: tuple[float, float, int, str] | None = None
    for a in places:
        shape: Shape = ai._place(a)[1]
        if rival and shape.door == rival:
            continue
        after = seen.after(a)
        if best_key is not None and after > best_key[0]:
            continue
        k = (after, -seen.ways(a), -sum(shape.opened), a)
        if best_key is None or k < best_key:
            best, best_key = a, k
    gain = seen.need - best_key[0] if best_key is not None else 0.0
    if best is not None and best_key is not None and best_key[0] < _EPS:
        return best  # the gold (or the last unknown goal) is reached
    found = _mend_self(seen, plays, legal, fix=False)
    if found:
        return found
    if not seen.knows_gold and seen.need >= _MAP_FAR:
        found = _map(obs, seen, plays)
        if found:
            return found
    if best is not None and gain > _EPS:
        return best
    if not seen.knows_gold:
        found = _map(obs, seen, plays)
        if found:
            return found
    if (best is not None and best_key is not None and gain > -_EPS
            and seen.need <= _WIDEN_AT and -best_key[1] > seen.ways(None) + _EPS):
        return best  # no card nearer: another open end beside the nearest, more cards fit
    rocks = [a for a in plays if _card(a) == ROCKFALL]
    if rocks:
        scored = min((seen.after_rock(a), a) for a in rocks)
        if scored[0] < seen.need - _EPS:
            return scored[1]
    if s.deck_size > 0 and seen.need > 0:
        found = _mend_self(seen, plays, legal, fix=True)
        if found:
            return found
    if THEFT not in s.front[seat]:
        for a in plays:
            if _card(a) == THEFT:
                return a
    found = _trap_richest(obs, seen, plays)
    if found:
        return found
    hits = [a for a in plays if (_card(a) in BREAK.values() or _card(a) == TRAP)
            and _seat_of(a) != seat and not s.blocked(_seat_of(a))
            and _suspicion(obs, seat, _seat_of(a)) >= 2.0]
    if hits:
        return max(hits, key=lambda a: (_suspicion(obs, seat, _seat_of(a)), _card(a) == TRAP,
                                        a))
    helps = [a for a in plays if (_card(a) in REPAIRS or _card(a) == FREE)
             and _seat_of(a) != seat and _digging(obs, _seat_of(a)) >= 2.0]
    if helps:
        return max(helps, key=lambda a: (_digging(obs, _seat_of(a)), a))
    return _discard(seen, legal)


def _blocker(obs: Mapping[str, Any], seen: _Seen, places: list[str], plays: list[str],
             legal: Sequence[str], hit: bool) -> str | None:
    """A saboteur (``hit``) or the Profiteer: never helps the diggers."""
    seat, s = seen.seat, seen.s
    found = _free_self(seen, plays, legal)
    if found:
        return found
    need = seen.need
    rocks = [a for a in plays if _card(a) == ROCKFALL]
    if rocks and need <= _ROCK_AT:
        score, a = max((seen.after_rock(a), a) for a in rocks)
        if score > need + 0.5:
            return a
    if places and need <= _BLOCK_AT:
        score, a = max((seen.after(a), a) for a in places)
        if score > need + 0.5:
            return a
    found = _trap_richest(obs, seen, plays)
    if found:
        return found
    if hit:
        victims = [a for a in plays if (_card(a) in BREAK.values() or _card(a) == TRAP)
                   and _seat_of(a) != seat and not s.blocked(_seat_of(a))
                   and _suspicion(obs, seat, _seat_of(a)) < 2.0]
        if victims:
            return max(victims, key=lambda a: (_digging(obs, _seat_of(a)), _card(a) == TRAP,
                                               a))
    if rocks and need <= _BLOCK_AT:
        score, a = max((seen.after_rock(a), a) for a in rocks)
        if score > need + _EPS:
            return a
    if THEFT not in s.front[seat]:
        for a in plays:
            if _card(a) == THEFT:
                return a
    return _discard(seen, legal)


def _geologist(obs: Mapping[str, Any], seen: _Seen, places: list[str], plays: list[str],
               legal: Sequence[str]) -> str | None:
    found = _free_self(seen, plays, legal)
    if found:
        return found
    gems = [a for a in places if ai._place(a)[1].crystals]
    if gems:
        return max(gems, key=lambda a: (ai._place(a)[1].crystals, -seen.after(a), a))
    found = _trap_richest(obs, seen, plays)
    if found:
        return found
    if THEFT not in seen.s.front[seen.seat]:
        for a in plays:
            if _card(a) == THEFT:
                return a
    return _discard(seen, legal)


def _trap_richest(obs: Mapping[str, Any], seen: _Seen, plays: list[str]) -> str | None:
    """A Trapped! on the richest other player: a trapped player is neither a winner nor
    paid (SB-R28), so whoever would have won, the pay goes to fewer and not to the leader."""
    traps = [a for a in plays if _card(a) == TRAP]
    if not traps:
        return None
    gold = [int(p["gold"]) for p in obs["players"]]
    return max(traps, key=lambda a: (gold[_seat_of(a)], _digging(obs, _seat_of(a)),
                                     -_seat_of(a)))


def _map(obs: Mapping[str, Any], seen: _Seen, plays: list[str]) -> str | None:
    """A Map on a goal the seat has not seen: the middle one first."""
    goals = obs["goals"]
    for slot in sorted(seen.slots, key=lambda i: (i != 1, i)):
        g = goals[slot]
        action = f"play:{MAP}@{g['x']},{g['y']}"
        if action in plays:
            return action
    return None


def decide(obs: Mapping[str, Any], legal: Sequence[str]) -> str | None:
    """The hard level's move (see the module); ``None`` where the search decides."""
    phase = obs["phase"]
    if phase == P_STEAL and legal:
        gold = [int(p["gold"]) for p in obs["players"]]
        return max(legal, key=lambda a: (gold[int(a[6:])], -int(a[6:])))
    if phase not in (P_PLAY, P_PASS, P_FIX) or len(legal) < 2:
        return legal[0] if len(legal) == 1 and phase in (P_PLAY, P_PASS, P_FIX) else None
    seen = _Seen(obs)
    if phase == P_FIX:
        return _discard(seen, legal)
    if phase == P_PASS:
        found = _discard(seen, legal)
        bar = _STUCK_VALUE if seen.role in _DIGGERS else _JUNK_VALUE
        if found is not None and _value(seen, found[8:]) < bar:
            return found
        return END if END in legal else found
    places = [a for a in legal if a.startswith("place:")]
    plays = [a for a in legal if a.startswith("play:")]
    role = seen.role
    if role in _DIGGERS:
        return _digger(obs, seen, places, plays, legal)
    if role == R_SABOTEUR:
        return _blocker(obs, seen, places, plays, legal, hit=True)
    if role == R_GEOLOGIST:
        return _geologist(obs, seen, places, plays, legal)
    return _blocker(obs, seen, places, plays, legal, hit=False)
