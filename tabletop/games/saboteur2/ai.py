"""Saboteur 2's guides for the generic search: a heuristic, a playout policy, pruning, and the
weight of a guess of the hidden roles by the public evidence.

Plain random playouts never reach the gold, so the search judges a cut-off position by what
each role expects from the round: the cards still needed to reach the gold, counted around the
cards in the way (``reach.goal_need``), how many players of each side can still build (broken
tools and traps), and the cards left; plus the gold already won. Playouts play as each role
would (``playout_action``): a digger lays the card that brings the gold nearest and mends its
tools, a saboteur breaks a free digger's tools, lays the card that blocks most or drops a
Rockfall on the tunnel's head. The search tries only the few placements that help or block
most (``search_actions``). Roles are guessed in ``resample`` with ``role_weight``: a guess that
makes a player who keeps breaking a digger's tools a digger too, or a builder a saboteur, is
kept less often. Every role read here is the search's own guess (the states are resampled).

Easy and normal search a tree with these guides. Hard scores every legal move one ahead with
the heuristic over ``LOOKAHEAD_SAMPLES`` such guesses and plays the best mean
(``Game.lookahead_samples``): here that beat both the tree and a hand-written play by role.
Its heuristic reads a lead in gold on a wider scale (``HARD_SCALE``,
``Game.lookahead_heuristic``) than the tree's playouts do.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from .actions import END, parse_place, parse_play
from .data import (
    BREAK,
    FREE,
    GOLD,
    MAP,
    PATH_IDS,
    PAY_BY_WINNERS,
    R_BLUE,
    R_BOSS,
    R_GEOLOGIST,
    R_GREEN,
    R_PROFITEER,
    R_SABOTEUR,
    REPAIRS,
    ROCKFALL,
    SHAPE_OF,
    SHAPES,
    THEFT,
    TRAP,
    Shape,
    same_turned,
)
from .maze import GOAL_KEYS, STEP, frontier, key
from .reach import CUT, after_place, field, goal_need
from .state import Phase, Saboteur2State

#: Decisions a playout makes before the heuristic judges it.
PLAYOUT_DEPTH: Final = 4
#: Guesses of the hidden facts (roles weighed by the evidence, hands, the deck, the goals)
#: on which the hard level scores every legal move one ahead with the heuristic, instead of
#: a tree search: each guess is a different set of teams, and the mean over guesses judges
#: a move better than a tree whose branches each follow one guess. Among four one-move
#: players on four guesses (``greedy``), over 200 seeded games: first in 29.0% on seed 1 and
#: 26.5% on seed 2 with ``ROUND_SCALE`` (24.0% on seed 1 with the hand-written play by role
#: this replaced), 30.0% over seeds 1 to 3 with ``HARD_SCALE`` (docs/ai-strength.md).
#: 48 guesses did no better (26.7% of 165 games, with ``ROUND_SCALE``).
LOOKAHEAD_SAMPLES: Final = 16
#: Times an AI level's iterations a search of Saboteur 2 runs (its iterations are dear).
SEARCH_EFFORT: Final = 0.5
#: The lead in gold that the heuristic counts as about three quarters of a win.
ROUND_SCALE: Final = 3.0
#: The same for hard's one-move lookahead (``Game.lookahead_heuristic``). A move looked at
#: once, a round or more before the gold is shared out, gains from telling a lead of four
#: from one of eight, which ``ROUND_SCALE`` squeezes towards a win. Among four one-move
#: players on 200 seeded games each, hard was first in 64, 54 and 62 on seeds 1 to 3
#: (30.0%), against 58, 53 and 54 with ``ROUND_SCALE`` (docs/ai-strength.md). The cut-off
#: playouts of the tree search keep ``ROUND_SCALE``.
HARD_SCALE: Final = 6.0
_DIGGERS: Final = frozenset({R_GREEN, R_BLUE, R_BOSS})
_SABOTEURS: Final = frozenset({R_SABOTEUR})
#: Placements the search tries: the best to dig and the best to block.
_KEEP_DIG: Final = 4
_KEEP_BLOCK: Final = 2
_KEEP_ROCK: Final = 2
_HITS: Final = frozenset({*BREAK.values(), TRAP})
_JUNK_ACTIONS: Final = frozenset({"A-INS", "A-HAT", "A-SWH", "A-HOF"})

# The side of each role for the evidence: g(reen), b(lue), d(igger of either team: the Boss),
# s(aboteur), n(eutral).
_SIDE: Final = {R_GREEN: "g", R_BLUE: "b", R_BOSS: "d", R_SABOTEUR: "s", R_PROFITEER: "n",
                R_GEOLOGIST: "n", "": "n"}


def _relation(a: str, b: str) -> str:
    """How two sides stand: ``same``, ``opposed`` (a digger and a saboteur), ``rival`` (green
    and blue) or ``loose`` (a neutral is involved)."""
    if a == "n" or b == "n":
        return "loose"
    if a == "s" or b == "s":
        return "same" if a == b else "opposed"
    if a == "d" or b == "d" or a == b:
        return "same"
    return "rival"


#: How likely each evidence item is under a guess (1: what that side would do).
_HIT: Final = {"same": 0.3, "opposed": 1.0, "rival": 0.7, "loose": 0.8}
_HELP: Final = {"same": 1.0, "opposed": 0.35, "rival": 0.7, "loose": 0.8}
_SAMPLES: Final = 24
#: How likely a digger is to lay a blocking card, a free digger to let a turn pass without
#: bringing the gold nearer, a saboteur to bring it nearer (each against the other side). A
#: saboteur who digs to hide is rarer than a digger held up by his hand.
_DIGGER_BLOCKS: Final = 0.35
_DIGGER_IDLE: Final = 0.7
_SABOTEUR_DIGS: Final = 0.3


def turns_taken(s: Saboteur2State, p: int) -> int:
    """The turns seat ``p`` has had this round: the round's turns go round from its starter
    (SB-R12; a seat without cards is skipped only at the end of a round, SB-R14)."""
    return max(0, (s.turns - (p - s.starter) % s.n + s.n - 1) // s.n)


def _likelihood(s: Saboteur2State, roles: Sequence[str]) -> float:
    n = s.n
    w = 1.0
    sides = [_SIDE[r] for r in roles]
    for p in range(n):
        side = sides[p]
        dig, block = s.ev_dig[p], s.ev_block[p]
        if side in "gbd":
            w *= _DIGGER_BLOCKS ** block
            # A free digger who lets his turns go by without digging looks less like one
            # (a digger with broken tools cannot dig: his turns say nothing).
            if not s.blocked(p):
                w *= _DIGGER_IDLE ** max(0, turns_taken(s, p) - dig)
        elif side == "s":
            w *= _SABOTEUR_DIGS ** dig
        else:
            w *= 0.85 ** (dig + block)
        green, blue = s.ev_door[p]
        if roles[p] == R_GREEN:
            w *= 0.5 ** blue
        elif roles[p] == R_BLUE:
            w *= 0.5 ** green
        hits, helps = s.ev_hit[p], s.ev_help[p]
        for q in range(n):
            if hits[q]:
                w *= _HIT[_relation(side, sides[q])] ** hits[q]
            if helps[q]:
                w *= _HELP[_relation(side, sides[q])] ** helps[q]
    return w


def role_weight(base: Saboteur2State, unknown: Sequence[int]
                ) -> Callable[[list[str]], float]:
    """The weight (0 to 1) of a guess of the unknown roles: its likelihood under the public
    evidence, relative to the best of a few guesses drawn at the first call (so that
    ``weighted_draw`` keeps good guesses often even when the evidence is long)."""
    known = list(base.roles)
    ref: list[float] = []

    def likelihood(guess: list[str]) -> float:
        roles = known[:]
        for p, r in zip(unknown, guess, strict=False):
            roles[p] = r
        return _likelihood(base, roles)

    def weight(guess: list[str]) -> float:
        if not unknown:
            return 1.0
        if not ref:
            pool = list(guess)
            rng = random.Random(len(pool) * 7919 + sum(map(ord, "".join(pool))))
            best = likelihood(guess)
            for _ in range(_SAMPLES):
                rng.shuffle(pool)
                best = max(best, likelihood(pool))
            ref.append(best)
        return min(1.0, likelihood(guess) / ref[0]) if ref[0] > 0 else 1.0

    return weight


# ---------------------------------------------------------------------------------------------
# Heuristic
# ---------------------------------------------------------------------------------------------


def gold_slot(s: Saboteur2State) -> int:
    """The slot of the gold (in a resampled state: the search's guess of it)."""
    return s.goals.index(GOLD) if GOLD in s.goals else 1


def gold_need(s: Saboteur2State) -> int:
    """Cards still needed to connect the network to the gold (0 once it is face up)."""
    slot = gold_slot(s)
    if s.goal_up[slot]:
        return 0
    return goal_need(s.maze, s.net, slot)


def found_chance(s: Saboteur2State) -> float:
    """A rough chance that the gold is reached this round: near when few cards are missing,
    more likely with more diggers free to build, less with free saboteurs and few cards left
    for the cards still needed."""
    roles = s.roles
    free_d = blocked_d = free_s = 0
    for p in range(s.n):
        r = roles[p]
        if r in _DIGGERS:
            if s.blocked(p):
                blocked_d += 1
            else:
                free_d += 1
        elif r == R_SABOTEUR and not s.blocked(p):
            free_s += 1
    missing = gold_need(s)
    turns = (s.deck_size + sum(len(h) for h in s.hands)) / max(1, s.n)
    # Placements the diggers may still make: each free one about every other turn.
    capacity = (free_d + 0.4 * blocked_d) * turns * 0.5
    x = (0.55 * (4.0 - missing) + 0.35 * free_d - 0.2 * blocked_d - 0.3 * free_s
         - 0.4 * max(0.0, missing - capacity))
    return 1.0 / (1.0 + math.exp(-x))


def knows_gold(s: Saboteur2State, p: int) -> bool:
    """Whether seat ``p`` knows where the gold lies (face up, looked at, or the other two)."""
    slot = gold_slot(s)
    if s.goal_up[slot] or slot in s.peeks[p]:
        return True
    return sum(1 for i in range(len(s.goals)) if i != slot
               and (s.goal_up[i] or i in s.peeks[p])) == len(s.goals) - 1


def round_values(s: Saboteur2State) -> list[float]:
    """The gold each seat may expect from the round under way (0 once it is paid)."""
    n = s.n
    if s.roles_shown or s.phase == Phase.OVER or not all(s.roles):
        return [0.0] * n
    p_found = found_chance(s)
    roles = s.roles
    diggers = sum(1 for r in roles if r in (R_GREEN, R_BLUE))
    saboteurs = sum(1 for r in roles if r == R_SABOTEUR)
    # N counts each side whole, its trapped players too: as the trapped_winners option
    # ``counted`` pays (SB-R28, SB-R29), and under the default, which leaves them out, as an
    # estimate that a trap may still be mended before the end.
    digger_pay = PAY_BY_WINNERS.get(max(1, diggers // 2 + 1), 1)
    saboteur_pay = PAY_BY_WINNERS.get(saboteurs + 1, 1)
    geos = sum(1 for r in roles if r == R_GEOLOGIST)
    crystals = sum(SHAPES[sh].crystals for sh in s.maze.values())
    out: list[float] = []
    for p in range(n):
        r = roles[p]
        if r in (R_GREEN, R_BLUE):
            v = p_found * 0.6 * digger_pay
        elif r == R_BOSS:
            v = p_found * 0.9 * max(0, digger_pay - 1)
        elif r == R_SABOTEUR:
            v = (1.0 - p_found) * saboteur_pay
        elif r == R_PROFITEER:
            v = 0.9 * max(0.5, min(digger_pay, saboteur_pay) - 2)
        else:
            v = (crystals + 2) / max(1, geos) * 0.8
        if r in _DIGGERS and knows_gold(s, p):
            v += 0.3  # a digger who knows where to dig digs straighter
        if THEFT in s.front[p]:
            v += 0.8  # a gold piece from someone at the end of the round
        if s.trapped(p):
            v *= 0.4
        out.append(v)
    return out


def _against(values: Sequence[float], p: int) -> float:
    """``values[p]`` against the others': half the best of them, half their mean (a
    teammate's gain is no loss, a rival's is)."""
    others = [v for q, v in enumerate(values) if q != p] or [0.0]
    return values[p] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


def heuristics(s: Saboteur2State, scale: float = ROUND_SCALE) -> list[float]:
    """Per seat, in [-1, 1]: the gold won so far plus the gold expected from the round under
    way, against the others' (``_against``), a lead of ``scale`` counting as ``tanh(1)``."""
    if s.phase == Phase.OVER:
        return [1.0 if p in s.winners else -1.0 for p in range(s.n)]
    values = round_values(s)
    est = [s.gold[p] + values[p] for p in range(s.n)]
    return [math.tanh(_against(est, p) / scale) for p in range(s.n)]


# ---------------------------------------------------------------------------------------------
# Reading actions (cached: the same texts come back in every iteration)
# ---------------------------------------------------------------------------------------------

_PLACES: dict[str, tuple[int, Shape]] = {}
_PLAYS: dict[str, tuple[str, object]] = {}


def _place(action: str) -> tuple[int, Shape]:
    """(cell key, shape) of a ``place:`` text."""
    found = _PLACES.get(action)
    if found is None:
        parsed = parse_place(action[6:])
        assert parsed is not None
        card, x, y, turned = parsed
        found = _PLACES[action] = (key(x, y), SHAPES[SHAPE_OF[card, turned]])
    return found


def _play(action: str) -> tuple[str, object]:
    """(card, target) of a ``play:`` text."""
    found = _PLAYS.get(action)
    if found is None:
        parsed = parse_play(action[5:])
        assert parsed is not None
        found = _PLAYS[action] = parsed
    return found


def _target_seat(target: object) -> int:
    if isinstance(target, int):
        return target
    if isinstance(target, tuple) and isinstance(target[1], str):
        return int(target[0])
    return -1


class _Board:
    """What the guides read of the maze for one state: the gold, its field, the network's open
    ends and the cards still needed."""

    __slots__ = ("costs", "ends", "goal", "need", "s")

    def __init__(self, s: Saboteur2State) -> None:
        self.s = s
        self.goal = GOAL_KEYS[gold_slot(s)]
        self.costs = field(s.maze, self.goal)
        self.ends = frontier(s.maze, s.net)
        self.need = gold_need(s)

    def after(self, action: str) -> int:
        k, shape = _place(action)
        return after_place(self.s.maze, self.s.net, self.costs, self.ends, k, shape, self.goal)

    def rock_rank(self, action: str) -> int:
        """How near the tunnel's head towards the gold a Rockfall's card lies (lower nearer):
        the field's value next to it."""
        target = _play(action)[1]
        assert isinstance(target, tuple)
        k = key(int(target[0]), int(target[1]))
        best = CUT + 1
        for d in STEP:
            c = self.costs.get(k + d)
            if c is not None and c < best:
                best = c
        if any(k + d == self.goal for d in STEP):
            best = 0
        return best


# ---------------------------------------------------------------------------------------------
# Playout policy and pruning
# ---------------------------------------------------------------------------------------------


def _pick(options: list[str], rng: random.Random) -> str:
    return options[rng.randrange(len(options))] if len(options) > 1 else options[0]


def _best_places(board: _Board, places: list[str], rng: random.Random, block: bool,
                 sample: int = 12) -> tuple[list[str], int]:
    """The placements that leave the fewest (``block``: the most) cards needed, and that
    count; a random ``sample`` of them is weighed when there are many."""
    pool = places if len(places) <= sample else rng.sample(places, sample)
    best: list[str] = []
    score = 0
    for a in pool:
        v = board.after(a)
        if block:
            v = -v
        if not best or v < score:
            best, score = [a], v
        elif v == score:
            best.append(a)
    return best, (-score if block else score)


def playout_action(s: Saboteur2State, legal: Sequence[str], rng: random.Random) -> str | None:
    """Play as the (guessed) role would, roughly (see the module); ``None``: at random."""
    phase = s.phase
    if phase == Phase.PASS:
        return END
    if phase == Phase.STEAL:
        return max(legal, key=lambda a: s.gold[int(a[6:])])
    if phase != Phase.PLAY or len(legal) < 2:
        return None
    seat = s.turn
    role = s.roles[seat]
    places: list[str] = []
    plays: list[str] = []
    discards: list[str] = []
    for a in legal:
        c = a[0]
        if c == "p":
            (places if a[3] == "c" else plays).append(a)
        elif c == "d":
            discards.append(a)
    if role in _DIGGERS:
        mend = [a for a in plays if _mends(a, seat)]
        if mend:
            return _pick(mend, rng)
        if places:
            board = _Board(s)
            best, after = _best_places(board, places, rng, block=False)
            if after < board.need:
                return _pick(best, rng)
        hits = [a for a in plays if _hits(s, a, _SABOTEURS)]
        if hits and rng.random() < 0.5:
            return _pick(hits, rng)
        helps = [a for a in plays if _helps(s, a, _DIGGERS)]
        if helps:
            return _pick(helps, rng)
    elif role == R_SABOTEUR:
        hits = [a for a in plays if _hits(s, a, _DIGGERS)]
        if hits and rng.random() < 0.7:
            return _pick(hits, rng)
        board = _Board(s)
        if places and board.need <= 5:
            best, after = _best_places(board, places, rng, block=True)
            if after > board.need:
                return _pick(best, rng)
        if board.need <= 3:
            rocks = [a for a in plays if a.startswith("play:A-ROCK")]
            if rocks:
                return min(rocks, key=board.rock_rank)
        mend = [a for a in plays if _mends(a, seat)]
        if mend:
            return _pick(mend, rng)
    elif role == R_GEOLOGIST:
        gems = [a for a in places if _place(a)[1].crystals]
        if gems:
            return _pick(gems, rng)
    elif role == R_PROFITEER:
        return None
    if discards:
        # Neither helps nor harms: pass one card rather than play at random.
        return _pick(discards, rng)
    return None


def _mends(action: str, seat: int) -> bool:
    """A repair or a Free at last! on ``seat`` itself."""
    card, target = _play(action)
    return (card in REPAIRS or card == FREE) and _target_seat(target) == seat


def _hits(s: Saboteur2State, action: str, victims: frozenset[str]) -> bool:
    """A broken tool or Trapped! on a free player whose role is in ``victims``."""
    card, target = _play(action)
    if card not in _HITS:
        return False
    p = _target_seat(target)
    r = s.roles[p]
    return r in victims and not s.blocked(p)


def _helps(s: Saboteur2State, action: str, friends: frozenset[str]) -> bool:
    """A repair or Free at last! on another player whose role is in ``friends``."""
    card, target = _play(action)
    p = _target_seat(target)
    return (card in REPAIRS or card == FREE) and p != s.turn and s.roles[p] in friends


def scripted_action(obs: Mapping[str, Any], legal: Sequence[str]) -> str | None:
    """The computer's way with the steps that need no search: a digger's pass goes on with
    its junk (dead ends, cards of no use to digging: three new cards sooner), anyone else's
    ends after its first card (the search tries only that, ``search_actions``); a thief robs
    the richest (ties: the first in seat order); a digger who does not know where the gold
    lies plays a Map first (``_map_first``). Read from the observation alone."""
    phase = obs["phase"]
    if phase == Phase.PASS and END in legal:
        me = obs["players"][obs["seat"]]
        if me["role"] in _DIGGERS:
            junk = [a for a in legal if a.startswith("discard:") and _junk(a[8:])]
            if junk:
                return junk[0]
        return END
    if phase == Phase.PLAY:
        return _map_first(obs, legal)
    if phase == Phase.STEAL and legal:
        gold = [int(p["gold"]) for p in obs["players"]]
        return max(legal, key=lambda a: gold[int(a[6:])])
    return None


def _map_first(obs: Mapping[str, Any], legal: Sequence[str]) -> str | None:
    """A digger who does not know where the gold lies looks with a Map first (a search over
    guesses of the goals cannot value knowing: every guess already knows): at the middle goal
    while it is unknown, else at an unknown one; none when the gold is known or deduced."""
    me = obs["players"][obs["seat"]]
    if me["role"] not in _DIGGERS:
        return None
    goals = obs["goals"]
    if any(g["card"] == GOLD for g in goals):
        return None
    unknown = [i for i, g in enumerate(goals) if g["card"] is None]
    if len(unknown) < 2:
        return None
    for slot in sorted(unknown, key=lambda i: (i != 1, i)):
        g = goals[slot]
        action = f"play:{MAP}@{g['x']},{g['y']}"
        if action in legal:
            return action
    return None


def _junk(card: str) -> bool:
    """A card a digger would rather swap for a new one: a dead end, or an action card that
    does little for digging (Inspection, Swap Your Hats / Hand, Hands Off)."""
    if card in PATH_IDS:
        shape = SHAPES[SHAPE_OF[card, False]]
        return shape.dead_end and not shape.ladder
    return card in _JUNK_ACTIONS


def search_actions(s: Saboteur2State, legal: list[str]) -> list[str]:
    """The moves worth a search (see the module): a pass ends after one card; of the
    placements, the few that bring the gold nearest and the few that block most (a crystal
    card too for a geologist); Rockfalls only near the tunnel's head towards the gold; no
    broken tool or Trapped! on oneself; a card turned 180° only where it lies otherwise."""
    phase = s.phase
    if phase == Phase.PASS:
        return [END] if END in legal else legal
    if phase != Phase.PLAY:
        return legal
    seat = s.turn
    places: list[str] = []
    rocks: list[str] = []
    out: list[str] = []
    for a in legal:
        if a.startswith("place:"):
            if not (a.endswith(":180") and same_turned(a[6:].partition("@")[0])):
                places.append(a)
        elif a.startswith("play:"):
            card, target = _play(a)
            if card == ROCKFALL:
                rocks.append(a)
            elif card in _HITS and _target_seat(target) == seat:
                continue
            else:
                out.append(a)
        else:
            out.append(a)
    if places or rocks:
        board = _Board(s)
        if places:
            ranked = sorted(places, key=board.after)
            keep = ranked[:_KEEP_DIG] + ranked[-_KEEP_BLOCK:]
            if s.roles[seat] == R_GEOLOGIST:
                keep += [a for a in places if _place(a)[1].crystals][:2]
            out.extend(dict.fromkeys(keep))
        if rocks:
            out.extend(sorted(rocks, key=board.rock_rank)[:_KEEP_ROCK])
    return out or legal

