"""Multiple-observer ISMCTS for games whose moves other seats see only in part.

Single-observer ISMCTS (``mcts``) builds one tree over the searching seat's view and lets every
simulated player choose in it. When a move is hidden - a card played face down - that tree is
reached through the true card, so the simulated defender "knows" what it must guess, and the
attacker learns that bluffing never pays ("strategy fusion"). Multiple-observer ISMCTS (Cowling,
Powley & Whitehouse, 2012, "MO-ISMCTS") fixes this: it keeps one tree per seat, and each tree
follows the moves as its seat sees them (``game.public_action``). The player to move chooses in
its own tree, where only what it could know separates one node from another; so the defender's
statistics for a call are shared by every card the attacker might have played.

Two more steps make guessing games come out right:

- **Rewinding.** A seat answering a hidden move (naming a face-down card) would otherwise judge
  its answer against cards drawn uniformly by ``resample``. ``game.rewind_hidden_move`` undoes
  that move in each drawn state; the search then lets the opponent choose it again in the
  opponent's tree, among the moves that look the same as the one observed, so the answer is
  weighed against what a thinking opponent would play.
- **Mixed final choice.** A hidden move and the answer to one are in effect a simultaneous
  game (matching pennies with payoffs): any fixed choice can be exploited. As in
  simultaneous-move MCTS, such a decision is drawn at random in proportion to the root visit
  counts, which approximate the mixed strategy the search settled on; seeded, so matches still
  replay. Actions the search found clearly worse (few visits) are left out of the draw.
- **A careless opponent, sometimes.** A mix aimed only at a thinking opponent wins no more than
  a coin flip against anyone at the guess itself. In a share of the iterations the other seats
  guess without thinking (``MODEL_WEIGHT``), so the search still punishes careless guessing.
  How such a seat guesses is the game's ``opponent_model`` where it has one - read from what
  that seat has shown in public, such as a caller who keeps naming one type - and uniformly at
  random otherwise.

Chance stays open loop and playouts are as in ``mcts``. Only games that set
``game.has_hidden_moves`` reach this module; every other game is searched by ``mcts`` exactly as
before.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from tabletop.engine.game import Game, Observation

from .base import CancelFlag, Decision
from .tree import Budget, Guide, Node, decided, decision_walker, guide, playout, select

#: In a mixed decision, an action joins the draw only with at least this share of the visits
#: of the most visited action. UCB keeps visiting every action a little (about log N / gap²
#: times); those exploration visits are not part of the strategy. Measured on Spymaster with
#: the hard budget: naming a type the attacker cannot hold gets 3-15 % of the favourite's
#: visits, so it is never drawn; the price is that a call the search rates only a little lower
#: (Hacker, often 5-25 %) is seldom drawn either.
MIX_FLOOR = 0.3

#: Share of iterations in which the other seats make their hidden moves, and their answers to
#: hidden moves, blindly (as the game's ``opponent_model`` says, else uniformly at random, as
#: ``RandomAgent`` would) instead of choosing in their own trees. This is a restricted Nash
#: response (Johanson, Zinkevich & Bowling, 2007): the opponent is modelled as a careless
#: player with this probability and as a thinking one otherwise; the higher it is, the more
#: the search exploits careless play and the more a thinking player can exploit it. Spymaster,
#: hard against random (30 games each): 21 wins at 0.5, 22 at 0.6, 23 at 0.67, 26 at 0.75, 29
#: at 1.0; at 0.75 over 200 games with seats rotated, 179. With uniform blind guesses hard
#: still drew about one attack in five as Special Forces, which a defender who always names
#: Special Forces turned into an even game; Spymaster's ``opponent_model`` guesses from the
#: defender's own calls instead (``docs/exploit.md``).
MODEL_WEIGHT = 0.75


def choose(
    game: Game[Any],
    obs: Observation,
    seat: int,
    legal: Sequence[str],
    *,
    seed: int,
    iterations: int,
    exploration: float,
    rollout_depth: int | None,
    time_cap: float | None,
    top_k: int,
    start: float,
    cancel: CancelFlag | None,
    guided: bool = True,
) -> Decision:
    """Search ``iterations`` times and pick an action of ``legal`` for ``seat``.

    ``start`` is when the agent began thinking (the time cap counts from there).
    """
    rng = random.Random(seed)
    sample = game.resampler(obs, seat)
    # One state drawn with a fixed generator tells what kind of decision this is; every fact
    # used here is fixed by the observation, so the guess in it does not matter.
    probe = sample(random.Random(0))
    n = game.num_players(probe)
    others = [i for i in range(n) if i != seat]
    hidden = any(game.public_action(probe, a, i) != a for a in legal for i in others)
    seen = game.rewind_hidden_move(probe, seat)
    opponent = game.current_player(probe) if seen is not None else -1
    # The decision is a guess against a hidden move, or a hidden move itself: choose mixed.
    mixed = hidden or seen is not None

    roots = [Node(seat) for _ in range(n)]
    if seen is None:
        roots[seat].player = seat
    deadline = math.inf if time_cap is None else start + time_cap
    done = _search(game, sample, seat, seen, roots, rng, iterations, exploration,
                   rollout_depth, deadline, cancel, MODEL_WEIGHT, guide(game, guided))

    node: Node | None = roots[seat]
    if seen is not None:
        assert node is not None
        top = node.find(opponent)
        after = None if top is None else top.children.get(seen)
        node = None if after is None else after.find(seat)
    children = {} if node is None else node.children
    ranked = sorted(
        (a for a in legal if a in children and children[a].visits),
        key=lambda a: (-children[a].visits, -children[a].total / children[a].visits),
    )
    cancelled = cancel is not None and cancel.is_set()
    if not ranked:  # cancelled before the first iteration: any legal action will do
        return Decision(legal[0], done, time.perf_counter() - start, None, {},
                        cancelled=cancelled)
    action = ranked[0]
    if mixed:
        floor = MIX_FLOOR * children[action].visits
        pool = [a for a in ranked if children[a].visits >= floor]
        action = rng.choices(pool, weights=[children[a].visits for a in pool])[0]
    elif top_k > 1:
        pool = ranked[:top_k]
        action = rng.choices(pool, weights=[children[a].visits for a in pool])[0]
    return decided(children, legal, action, done, start, cancelled)


def _search(
    game: Game[Any],
    sample: Any,
    seat: int,
    seen: str | None,
    roots: list[Node],
    rng: random.Random,
    iterations: int,
    c: float,
    rollout_depth: int | None,
    deadline: float,
    cancel: CancelFlag | None,
    model_weight: float,
    hooks: Guide,
) -> int:
    """Run iterations into the seats' trees (``roots``); return how many completed."""
    # The loop below is the hot path: everything it touches is bound to a local name.
    apply = game.apply_in_place
    public = game.public_action
    rewind = game.rewind_hidden_move
    randrange = rng.randrange
    policy, prune = hooks.policy, hooks.prune
    walk = decision_walker(game, prune)
    # Opt-in, as in ``mcts``: a game that keeps the default draws the same random numbers.
    model = (game.opponent_model
             if type(game).opponent_model is not Game.opponent_model else None)
    depth = hooks.depth if hooks.depth is not None else rollout_depth
    depth_limit = math.inf if depth is None else depth
    length_cap = game.max_game_length()
    budget = Budget(iterations, deadline, cancel.is_set if cancel is not None else None)
    seats = range(len(roots))
    done = 0

    while budget.more(done):
        state = sample(rng)
        restrict = None
        if seen is not None:
            restrict = rewind(state, seat)
        # In a "blind" iteration the other seats guess at random (see ``MODEL_WEIGHT``).
        blind = model_weight > 0.0 and rng.random() < model_weight
        hidden_from = 0  # seats that saw the last move only in part (bit per seat)
        cur = roots[:]
        paths = [[r] for r in roots]
        steps = 0

        # Selection and expansion: the mover chooses in its own tree; every tree then steps
        # down by the move as its seat saw it.
        while True:
            player, actions, steps = walk(state, rng, steps)
            if player < 0:
                break
            replay = restrict is not None
            if restrict is not None:
                # The rewound move: only those that look like the move that was observed.
                actions = [a for a in actions if public(state, a, seat) == restrict]
                restrict = None
            own = cur[player].holder(player)
            children = own.children
            best: Node | None = None
            expanded = False
            if blind and player != seat and (
                    hidden_from >> player & 1
                    or any(public(state, a, i) != a for a in actions for i in seats
                           if i != player)):
                modelled = None if model is None else model(state, seat, actions, rng)
                if modelled is not None:
                    action = modelled
                else:
                    action = actions[randrange(len(actions))] if len(actions) > 1 else actions[0]
                best = children.get(action)
                if best is None:
                    best = children[action] = Node(player)
                    expanded = True
            else:
                action, best = select(children, actions, c, randrange)
                if best is None:
                    best = children[action] = Node(player)
                    expanded = True
            assert best is not None
            steps += 1
            hidden_from = 0
            for i in seats:
                if i == player:
                    child = best
                else:
                    node = cur[i].holder(player)
                    key = public(state, action, i)
                    if key != action:
                        hidden_from |= 1 << i
                    found = node.children.get(key)
                    if found is None:
                        found = node.children[key] = Node(player)
                    child = found
                cur[i] = child
                paths[i].append(child)
            apply(state, action)
            # A replayed move is given, not a new position to judge: go on to the decision
            # it is the prelude to, so the searching seat's own node grows from the start.
            if expanded and not replay:
                break

        # Playout: random decisions, then the heuristic (or the real end of the game).
        rewards, steps = playout(game, state, rng, depth_limit, steps, length_cap, policy)

        for path in paths:
            path[0].visits += 1
            for visited in path[1:]:
                visited.visits += 1
                visited.total += rewards[visited.mover]
        done += 1
    return done
