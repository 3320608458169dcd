"""Information-set Monte Carlo tree search for games with hidden facts and chance.

This is single-observer ISMCTS (Cowling, Powley & Whitehouse, 2012). The tree is built over
what the searching seat can see: every iteration draws one complete state consistent with the
seat's observation (``game.resampler``), so hidden cards are guessed afresh each time and the
search never relies on facts it could not know. Because the legal actions at a node differ from
one guess to the next (another hand, other dice), a child's exploration term counts how often it
was *available*, not how often its parent was visited.

Chance is not branched in the tree ("open loop"): outcomes are drawn with
``game.sample_chance`` as they come and the node after a roll stands for every roll. Branching
on a 4-dice roll would split the statistics 126 ways for little gain, and the decisions that
matter are taken with the current dice known.

A game may model how the other seats choose (``game.opponent_model``): those choices are then
drawn from the model instead of being searched in the tree, for players who cannot see what the
searching seat sees and would otherwise play as if they could.

Playouts are random; after ``rollout_depth`` decisions the position is scored by
``game.heuristics`` (every seat's ``game.heuristic``) when the game offers one (a heuristic that
returns ``None`` lets the playout run to the end). The budget is a number of iterations so that
a seeded match replays exactly; ``time_cap`` is a safety net only. Each iteration makes exactly
one fresh state (the resampled one) and mutates it in place.

A game may have a level search a few fixed guesses apart instead (``game.search_guesses``):
one tree per guess, each over that guess alone, summed at the root, so that in each the other
seats answer from the cards they hold in it.

Games whose moves other seats see only in part (``game.has_hidden_moves``, a card played face
down) are searched by ``mo_ismcts`` instead: one tree per seat, so a simulated player never
reacts to a move it could not see.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from tabletop.engine.game import Game, Observation

from . import mo_ismcts
from .base import Agent, CancelFlag, Decision
from .greedy import lookahead
from .tree import Budget, Node, decided, decision_walker, guide, playout, select

#: The share of a time cap an exact solve (``Game.solved_action``) may take: most of it, since
#: a solved position is exact and kept, while the search that decides when the solve stops
#: needs well under a second.
SOLVE_SHARE = 0.8
#: How long one ``ponder`` may solve ahead (a bound on the CPU a person's turn costs when the
#: game's own bounds, on memory, do not stop it first).
PONDER_SECONDS = 120.0


def _copies(state: Any) -> Callable[[random.Random], Any]:
    """A draw that always gives a fresh copy of ``state`` (the search mutates each draw)."""
    def draw(_rng: random.Random) -> Any:
        return state.clone()
    return draw


class MCTSAgent(Agent):
    """ISMCTS with availability-aware UCT, heuristic cut-off playouts and a seeded generator.

    ``iterations`` is the budget; ``time_cap`` (seconds) only guards against a slow machine.
    ``top_k`` above 1 makes the agent weaker on purpose: it picks among the ``top_k`` most
    visited actions with probability proportional to their visits. With a ``level`` the agent
    first asks ``game.scripted_action`` whether the rules prescribe how that level plays, then
    ``game.solved_action`` whether the game solves the position exactly, then
    ``game.lookahead_samples`` whether that level judges moves one ahead instead of searching.
    """

    def __init__(
        self,
        iterations: int = 1000,
        *,
        name: str = "mcts",
        exploration: float = 1.0,
        rollout_depth: int | None = 12,
        time_cap: float | None = None,
        top_k: int = 1,
        level: str | None = None,
        guided: bool = True,
        expert: bool = False,
    ) -> None:
        if iterations < 1:
            raise ValueError("MCTSAgent needs at least one iteration.")
        self.iterations = iterations
        self.name = name
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.time_cap = time_cap
        self.top_k = max(1, top_k)
        self.level = level
        self.guided = guided  # off: ignore the game's search hooks (to measure what they do)
        self.expert = expert  # on: the game's ``expert_effort`` scales the budget too

    def decide(self, game: Game[Any], obs: Observation, seat: int, legal: Sequence[str],
               *, seed: int, cancel: CancelFlag | None) -> Decision:
        start = time.perf_counter()
        if len(legal) == 1:
            return Decision(legal[0], 0, time.perf_counter() - start, None, {legal[0]: 0})
        if self.level is not None:
            scripted = game.scripted_action(obs, seat, legal, self.level, random.Random(seed))
            if scripted is not None:
                if scripted not in legal:
                    raise ValueError(f"The scripted {self.level} player chose {scripted!r}, "
                                     "which is not legal.")
                return Decision(scripted, 0, time.perf_counter() - start)
        if self.level is not None and self.guided:
            solved = game.solved_action(obs, seat, legal, self.level,
                                        self._solve_stop(start, cancel))
            if solved is not None:
                action, values = solved
                if action not in legal:
                    raise ValueError(f"The solved {self.level} player chose {action!r}, "
                                     "which is not legal.")
                # Every move was judged once, exactly: the hint ranks them by value alone.
                return Decision(action, 0, time.perf_counter() - start, values[action],
                                {a: 1 for a in values}, values=values,
                                margins=dict.fromkeys(values, 0.0))
            samples = game.lookahead_samples(self.level)
            if samples:
                level = self.level
                found = lookahead(game, obs, seat, legal, samples, random.Random(seed), cancel,
                                  judge=lambda state, s: game.lookahead_heuristic(state, s, level))
                found.seconds = time.perf_counter() - start
                return found
        effort = game.search_effort() * (game.expert_effort() if self.expert else 1.0)
        budget = max(1, round(self.iterations * effort))
        exploration = self.exploration * game.search_exploration(obs)
        if game.has_hidden_moves:
            # Moves other seats see only in part: one tree per seat (see ``mo_ismcts``).
            return mo_ismcts.choose(
                game, obs, seat, legal, seed=seed, iterations=budget,
                exploration=exploration, rollout_depth=self.rollout_depth,
                time_cap=self.time_cap, top_k=self.top_k, start=start, cancel=cancel,
                guided=self.guided)
        rng = random.Random(seed)
        root = Node(seat)
        root.player = seat
        guesses = (game.search_guesses(self.level)
                   if self.level is not None and self.guided else 0)
        if guesses > 1:
            done = self._search_guesses(game, obs, root, rng, budget, exploration, start,
                                        cancel, guesses)
        else:
            done = self._search(game, game.resampler(obs, seat), root, rng, budget,
                                exploration, start, cancel)
        children = root.children
        ranked = sorted(
            (a for a in legal if a in children),
            key=lambda a: (-children[a].visits, -children[a].total / children[a].visits),
        )
        if not ranked:  # cancelled before the first iteration: any legal action will do
            return Decision(legal[0], 0, time.perf_counter() - start, None, {}, cancelled=True)
        action = ranked[0]
        if self.top_k > 1:
            top = ranked[: self.top_k]
            action = rng.choices(top, weights=[children[a].visits for a in top])[0]
        return decided(children, legal, action, done, start,
                       cancel is not None and cancel.is_set())

    def ponder(self, game: Game[Any], obs: Observation, seat: int, legal: Sequence[str],
               cancel: CancelFlag) -> None:
        """While a person thinks, solve their position ahead where the game solves positions
        exactly (``Game.solved_action``), until ``cancel`` or ``PONDER_SECONDS``. The solved
        positions stay with the game's solver, so the hint asked next is exact and quick
        instead of the search's estimate from a solve cut short by the hint's time cap. The
        search has nothing to keep between decisions and does not ponder."""
        if self.level is None or not self.guided or len(legal) < 2:
            return
        deadline = time.perf_counter() + PONDER_SECONDS

        def stop() -> bool:
            return cancel.is_set() or time.perf_counter() > deadline
        game.solved_action(obs, seat, legal, self.level, stop)

    def _solve_stop(self, start: float, cancel: CancelFlag | None) -> Callable[[], bool] | None:
        """When an exact solve must stop: on cancel, and after ``SOLVE_SHARE`` of the time cap
        (the search then decides in the rest; what was solved is kept for the next decision,
        so a solve too long for one decision finishes over several). Without a cap it runs to
        the end, so a seeded match replays the same."""
        cap = self.time_cap
        if cap is None:
            return cancel.is_set if cancel is not None else None
        deadline = start + cap * SOLVE_SHARE

        def stop() -> bool:
            return (cancel is not None and cancel.is_set()) or time.perf_counter() > deadline
        return stop

    def _search_guesses(self, game: Game[Any], obs: Observation, root: Node,
                        rng: random.Random, budget: int, exploration: float, start: float,
                        cancel: CancelFlag | None, guesses: int) -> int:
        """``Game.search_guesses``: one search per guess of the hidden facts, each over that
        guess alone with an equal share of ``budget``, their first moves' statistics summed
        into ``root``; returns the iterations done."""
        draw = game.resampler(obs, root.player)
        share = max(1, budget // guesses)
        done = 0
        for _ in range(guesses):
            guess = draw(rng)
            tree = Node(root.player)
            tree.player = root.player
            done += self._search(game, _copies(guess), tree, rng, share, exploration, start,
                                 cancel)
            for action, child in tree.children.items():
                total = root.children.get(action)
                if total is None:
                    total = root.children[action] = Node(child.mover)
                total.visits += child.visits
                total.total += child.total
        root.visits = done
        return done

    def _search(
        self,
        game: Game[Any],
        sample: Callable[[random.Random], Any],
        root: Node,
        rng: random.Random,
        iterations: int,
        exploration: float,
        start: float,
        cancel: CancelFlag | None,
    ) -> int:
        """Run up to ``iterations`` iterations into ``root``'s tree; return how many
        completed."""
        # The loop below is the hot path: everything it touches is bound to a local name.
        apply = game.apply_in_place
        # Opt-in: only a game that overrides ``opponent_model`` pays for the call, and every
        # other game draws the same random numbers, so it decides exactly as before.
        model = (game.opponent_model
                 if type(game).opponent_model is not Game.opponent_model else None)
        me = root.player
        randrange = rng.randrange
        c = exploration
        budget = Budget(iterations, math.inf if self.time_cap is None else start + self.time_cap,
                        cancel.is_set if cancel is not None else None)
        hooks = guide(game, self.guided)
        policy, prune = hooks.policy, hooks.prune
        walk = decision_walker(game, prune)
        depth = hooks.depth if hooks.depth is not None else self.rollout_depth
        depth_limit = math.inf if depth is None else depth
        length_cap = game.max_game_length()
        done = 0

        while budget.more(done):
            state = sample(rng)
            node = root
            path = [root]
            steps = 0

            # Selection and expansion: descend while every legal action has been tried.
            while True:
                player, actions, steps = walk(state, rng, steps)
                if player < 0:
                    break
                children = (node if node.player == player else node.holder(player)).children
                if model is not None and player != me:
                    modelled = model(state, me, actions, rng)
                    if modelled is not None:
                        # The modelled choice still gets a node, so that the searcher's next
                        # decisions are told apart by what the other player did.
                        child = children.get(modelled)
                        if child is None:
                            child = children[modelled] = Node(player)
                        steps += 1
                        apply(state, modelled)
                        path.append(child)
                        node = child
                        continue
                a, best = select(children, actions, c, randrange)
                steps += 1
                if best is None:
                    child = Node(player)
                    children[a] = child
                    apply(state, a)
                    path.append(child)
                    break
                apply(state, a)
                path.append(best)
                node = best

            # Playout: random decisions, then the heuristic (or the real end of the game).
            rewards, steps = playout(game, state, rng, depth_limit, steps, length_cap, policy)

            root.visits += 1
            for visited in path[1:]:
                visited.visits += 1
                visited.total += rewards[visited.mover]
            done += 1
        return done
