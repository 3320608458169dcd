"""Mr. Sneaky against a random player: how far any fair player can go, measured apart from
the search.

The all-knowing oracle of ``luck_cap.py`` wins 97.5% against random play, but it wins as the
Thief by seeing the Treasure, which no fair Thief can. This benchmark bounds the rounds a
player can win in each role instead, and plays whole games by a rule without search.

**The Thief's rounds, bounded exactly.** A random Rich Man places each card on a door drawn
uniformly from the legal ones, and which doors are legal depends only on what every seat
sees (MS-R14; the redraw of MS-R15 depends on the faces still closed as a multiset, which the
opened doors tell). So nothing a fair Thief sees tells one closed door from another: whatever
door he opens, its face is a uniform draw from the faces still closed, and the faces come up
in a uniformly random order, whatever he does. He wins the round only if the Treasure comes
up before the tiles themselves catch him (MS-R25, MS-R28): the cards can only add guards
(B1, B2), and a Rich Man who cannot place wins the round (MS-R17). That chance is
``thief_round_cap``: 3/5 with the default traps (MS-G01). Good play as the Thief is in the
jewels, not in winning more rounds.

**The Rich Man's rounds, bounded from above by a Rich Man who sees the future.** A random
Thief's moves and steals come from his own dice: given them, his path through the round is
fixed, and the Rich Man can only end it sooner, by catching him (MS-R28) or by having no door
for his card (MS-R17). ``rich_round_bound`` plays the Thief's path of a ``Scenario`` (faces,
the order of the deck, the Thief's seed) and asks whether any placement at all could have
ended it before the Treasure: every guard card given to a matching door the Thief opens later
(doors holding any number of cards), or all the cards so far on the doors still closed, filled
as tightly as MS-R14 allows. It errs only towards the Rich Man, so no Rich Man, however
informed, wins more rounds against random play. The scenarios are sampled, so the bound is
a share of them with its interval.

**Whole games, by a policy without search.** ``rule_action`` plays both roles by a few lines:
the Rich Man (who sees the faces) puts a card where it works for him, near the Thief when it
catches; the Thief weighs each closed door's cards over the faces still closed and steals
where that pays. Its first places against random play are the figure to set beside hard's
(docs/ai-strength.md): a search and a rule that reach the same figure by different roads
suggest where the game's own limit lies. It is not a proof of that limit.

    python benchmarks/mr_sneaky_fair.py --rounds 20000 --games 4000 --seed 1 \\
        --json benchmarks/results/mr-sneaky-fair.json

Seeded: the same arguments give the same figures on any machine. One process; about a minute.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.games.mr_sneaky.data import (
    CARD_KINDS,
    CARD_SYMBOLS,
    CARDS,
    CARDS_PER_DOOR,
    DEFAULT_TRAPS,
    DOORS,
    GUARDS_TO_CATCH,
    NOTHING,
    RICH,
    STEAL_EVERY,
    TILE_CODES,
    TILE_SYMBOL,
    TRAP_GUARDS,
    TREASURE,
    TREASURE_CARDS,
    TREASURE_PER_DOOR,
    card_counts,
    door_tiles,
)
from tabletop.games.mr_sneaky.heuristic import treasure_chances
from tabletop.games.mr_sneaky.model import MrSneakyGame
from tabletop.games.mr_sneaky.rules import move_targets, neighbours_of
from tabletop.games.mr_sneaky.state import AT_START, Phase, SneakyState
from tabletop.records import wilson
from tabletop.tournament import derive_seed

GAME = MrSneakyGame()
Policy = Callable[[SneakyState, Sequence[str], random.Random], str]


def half_guards(face: str) -> int:
    """What a tile costs the Thief when opened, in half guards: a Nothing door shows half a
    guard (MS-R25), a trap its one or two."""
    return 1 if face == NOTHING else 2 * TRAP_GUARDS.get(face, 0)


def thief_round_cap(traps: str = DEFAULT_TRAPS) -> float:
    """The chance that the Treasure comes up before the tiles alone catch the Thief, the faces
    coming up in a uniformly random order: no fair Thief wins more rounds against a random
    Rich Man (see the module's docstring)."""
    costs = tuple(sorted(half_guards(f) for f in door_tiles(traps) if f != TREASURE))
    return sum(treasure_chances(2 * GUARDS_TO_CATCH, costs))


@dataclass(frozen=True)
class Scenario:
    """Everything a first round against a random Thief leaves to chance: the faces of D1..D8,
    the deck in the order it is drawn, and the seed of the Thief's choices."""

    faces: tuple[str, ...]
    deck: tuple[str, ...]
    thief_seed: int


def scenario(seed: int, traps: str = DEFAULT_TRAPS) -> Scenario:
    rng = random.Random(seed)
    faces = list(door_tiles(traps))
    rng.shuffle(faces)
    deck = [c for c, k in sorted(card_counts().items()) for _ in range(k)]
    rng.shuffle(deck)
    return Scenario(tuple(faces), tuple(deck), rng.getrandbits(32))


def _could_block(card: str, closed: int, treasure_cards: int, others: int) -> bool:
    """Whether the cards placed so far (``treasure_cards`` of them treasure cards) could fill
    ``closed`` doors so that ``card`` fits none (MS-R14 b, c): a door takes three cards, or
    stops a treasure card at two treasure cards."""
    if card in TREASURE_CARDS:
        pairs = min(closed, treasure_cards // TREASURE_PER_DOOR)
        left = treasure_cards - TREASURE_PER_DOOR * pairs + others
        return left >= CARDS_PER_DOOR * (closed - pairs)
    return min(treasure_cards, TREASURE_PER_DOOR * closed) + others >= CARDS_PER_DOOR * closed


def rich_round_bound(sc: Scenario) -> str:
    """How any Rich Man might win the round of ``sc`` against a random Thief: ``blocked``
    (his card might fit no door, MS-R17), ``nocards`` (the deck runs out: a reshuffle is
    not played out here, so it is counted for him, MS-R16), ``tiles`` (the doors opened
    before the Treasure catch the Thief alone) or ``cards`` (with every guard card that could
    lie on one of them, MS-R26, MS-R28); ``thief`` when no placement at all stops him."""
    faces, deck = sc.faces, list(sc.deck)
    rng = random.Random(sc.thief_seed)
    opened = [False] * len(DOORS)
    pos, moves, turn = AT_START, 0, 0
    treasure_cards = others = 0
    guard_cards: list[tuple[int, str, frozenset[int]]] = []  # (turn, card, doors closed then)
    opened_at: dict[int, int] = {}  # the doors opened before the Treasure, and when
    while True:
        turn += 1
        closed = [d for d in range(len(DOORS)) if not opened[d]]
        card = ""
        while deck:  # MS-R15: a card that matches no closed door is set aside
            c = deck.pop(0)
            if any(TILE_SYMBOL[faces[d]] in CARD_SYMBOLS[c] for d in closed):
                card = c
                break
        if not card:
            return "nocards"
        if _could_block(card, len(closed), treasure_cards, others):
            return "blocked"
        if card in TREASURE_CARDS:
            treasure_cards += 1
        else:
            others += 1
        if CARD_KINDS[card].guards:
            guard_cards.append((turn, card, frozenset(closed)))
        legal = move_targets(pos, moves, opened)  # the random Thief (MS-R18..MS-R22)
        pos = legal[rng.randrange(len(legal))]
        moves = min(STEAL_EVERY, moves + 1)
        if opened[pos] or (moves < STEAL_EVERY and not rng.randrange(2)):
            continue
        opened[pos] = True
        moves = 0
        if faces[pos] == TREASURE:
            break
        opened_at[pos] = turn
    before = [faces[d] for d in opened_at]
    guards = sum(TRAP_GUARDS.get(f, 0) for f in before) + before.count(NOTHING) // 2
    if guards >= GUARDS_TO_CATCH:
        return "tiles"
    for placed, card, closed_then in guard_cards:
        if any(d in closed_then and when >= placed
               and TILE_SYMBOL[faces[d]] in CARD_SYMBOLS[card] for d, when in opened_at.items()):
            guards += 1
    return "cards" if guards >= GUARDS_TO_CATCH else "thief"


def play_scenario(rich: Policy, sc: Scenario, rng: random.Random) -> SneakyState | None:
    """The first round of ``sc`` played by the rules, seat 0 the Rich Man choosing by
    ``rich`` and seat 1 a random Thief; ``None`` if the deck ran out first (the reshuffle's
    order is not in the scenario)."""
    s = GAME.new_initial_state(2, {"first": "1"})
    GAME.apply_in_place(s, "deal:" + "".join(sc.faces))
    deck = list(sc.deck)
    thief = random.Random(sc.thief_seed)
    while s.phase != Phase.OVER and s.round == 1:
        player = GAME.current_player(s)
        legal = GAME.legal_actions(s)
        if player < 0:
            if not deck:
                return None
            action = "draw:" + deck.pop(0)
        elif player == s.rich:
            action = rich(s, legal, rng)
        else:
            action = legal[thief.randrange(len(legal))]
        GAME.apply_in_place(s, action)
    return s


def rich_won_round(s: SneakyState) -> bool:
    """Whether the Rich Man (seat 0) won the first round by its rules (MS-R17, MS-R28,
    MS-G07); a game that ended inside the round (MS-R35) counts for neither side."""
    return s.last_round is not None and s.last_round[0] == 1 and s.last_round[1] == 0


# -- the rule, for both roles ---------------------------------------------------------------

#: A guard or an agent the Thief takes, in jewels, as both roles weigh it.
GUARD_WORTH = 1.5
AGENT_WORTH = 1.5
#: Finding the Treasure, to the Thief, beyond the cards on its door.
TREASURE_WORTH = 3.0
#: The Thief steals on a closed door worth at least this much to him.
STEAL_AT = 0.5
#: The Rich Man's discount, per step between the Thief and the door, of a card that acts when
#: its door is opened (a random Thief opens near doors first).
NEAR = 0.2


def _thief_worth(card: str, face: str) -> float:
    k = CARD_KINDS[card]
    if TILE_SYMBOL[face] not in k.symbols:  # MS-R26: only matching cards act
        return 0.0
    v = float(k.jewels if k.target != RICH else -k.jewels) - GUARD_WORTH * k.guards
    return v + (k.agents if k.target == RICH else -AGENT_WORTH * k.agents)


THIEF_WORTH = {(c, f): _thief_worth(c, f) for c in CARDS for f in TILE_CODES}


def _steps() -> dict[int, tuple[int, ...]]:
    out: dict[int, tuple[int, ...]] = {}
    for start in (AT_START, *range(len(DOORS))):
        seen = {start: 0}
        todo = deque([start])
        while todo:
            x = todo.popleft()
            for y in neighbours_of(x):
                if y not in seen:
                    seen[y] = seen[x] + 1
                    todo.append(y)
        out[start] = tuple(seen[d] for d in range(len(DOORS)))
    return out


STEPS = _steps()


def door_worths(s: SneakyState) -> list[float]:
    """Each closed door's worth to the Thief over the faces still closed, taken as equally
    likely behind every closed door; reads only what the Thief sees (the multiset of closed
    faces is the tiles less the opened ones). Open doors are worth -1."""
    closed = [d for d in range(len(DOORS)) if not s.opened[d]]
    faces = sorted(s.doors[d] for d in closed)
    share = {f: faces.count(f) / len(faces) for f in set(faces)}
    found = share.get(TREASURE, 0.0) * TREASURE_WORTH
    out = [-1.0] * len(DOORS)
    for d in closed:
        out[d] = found + sum(p * THIEF_WORTH[c, f] for c in s.cards[d] for f, p in share.items())
    return out


def rule_action(s: SneakyState, legal: Sequence[str], rng: random.Random) -> str:
    """The rule's move for the player to move in ``s``; ties are broken at random."""
    if s.phase == Phase.PLACE:  # the Rich Man sees the faces (MS-R10)
        card, steps = s.drawn, STEPS[s.thief]

        def placed(a: str) -> float:
            d = DOORS.index(a.partition(":")[2])
            v = -THIEF_WORTH[card, s.doors[d]]
            if v > 0:
                v -= NEAR * steps[d]
            elif v == 0 and s.doors[d] == TREASURE:
                v = 0.3  # a card that does nothing fills the Treasure's door (MS-R14 b)
            return v + 0.01 * len(s.cards[d]) + 0.001 * rng.random()

        return max(legal, key=placed)
    worths = door_worths(s)
    if s.phase == Phase.STEAL:
        return "steal" if worths[s.thief] >= STEAL_AT else "pass"
    if s.phase == Phase.MOVE:
        return max(legal, key=lambda a: worths[DOORS.index(a.partition(":")[2])]
                   + 0.001 * rng.random())
    raise ValueError(f"No player's choice in phase {s.phase!r}")


def random_action(s: SneakyState, legal: Sequence[str], rng: random.Random) -> str:
    return legal[rng.randrange(len(legal))]


POLICIES: dict[str, Policy] = {"random": random_action, "rule": rule_action}


# -- play -----------------------------------------------------------------------------------

def play(rich: Policy, thief: Policy, seed: int, whole_game: bool) -> SneakyState:
    """Seat 0 opens as the Rich Man (MS-R08); seat 0 plays ``rich`` and seat 1 ``thief`` in
    the first round. ``whole_game``: play on to the end, the seats keeping their policies as
    the roles swap; else stop when the first round ends."""
    rng = random.Random(seed)
    s = GAME.new_initial_state(2, {"first": "1"})
    seat_policy = (rich, thief)
    while s.phase != Phase.OVER and (whole_game or s.round == 1):
        player = GAME.current_player(s)
        legal = GAME.legal_actions(s)
        action = (GAME.sample_chance(s, rng) if player < 0
                  else seat_policy[player](s, legal, rng))
        GAME.apply_in_place(s, action)
    return s


def thief_won_round(s: SneakyState) -> bool:
    """Whether the Thief (seat 1) won the first round: by the Treasure (MS-R29), or by a game
    won in it (a jewel bonus reaching 8, MS-R35)."""
    if s.last_round is not None and s.last_round[0] == 1:
        return s.last_round[1] == 1
    return s.winner == 1


def rate(wins: int, n: int) -> dict[str, Any]:
    low, high = wilson(wins, n)
    return {"wins": wins, "n": n, "rate": wins / n if n else 0.0, "low": low, "high": high}


def measure(rounds: int, games: int, seed: int) -> dict[str, Any]:
    out: dict[str, Any] = {"seed": seed, "thief_round_cap": thief_round_cap(), "rounds": {},
                           "rich_rounds": {}, "games": {}}
    for name, policy in POLICIES.items():
        won = sum(thief_won_round(play(random_action, policy, derive_seed(
            "mr-sneaky-fair", seed, "round", i), whole_game=False)) for i in range(rounds))
        out["rounds"][name] = rate(won, rounds)
    scenarios = [scenario(derive_seed("mr-sneaky-fair", seed, "rich", i)) for i in range(rounds)]
    bound = [rich_round_bound(sc) for sc in scenarios]
    out["rich_rounds"]["bound"] = rate(sum(b != "thief" for b in bound), rounds)
    out["rich_rounds"]["bound"]["how"] = {k: bound.count(k) for k in sorted(set(bound))}
    for name, policy in POLICIES.items():
        rng = random.Random(derive_seed("mr-sneaky-fair", seed, "rich", name))
        played = [play_scenario(policy, sc, rng) for sc in scenarios]
        out["rich_rounds"][name] = rate(sum(s is not None and rich_won_round(s)
                                            for s in played), rounds)
    for name, policy in POLICIES.items():
        won = 0
        for i in range(games):  # the measured policy opens as the Rich Man in every other game
            first = i % 2 == 0
            s = play(policy if first else random_action, random_action if first else policy,
                     derive_seed("mr-sneaky-fair", seed, "game", i), whole_game=True)
            won += s.winner == (0 if first else 1)
        out["games"][name] = rate(won, games)
    return out


def report(out: dict[str, Any]) -> None:
    print(f"A fair Thief against a random Rich Man wins at most {out['thief_round_cap']:.1%} "
          "of rounds (exact).")
    for name, r in out["rounds"].items():
        print(f"  {name} Thief, first rounds: {r['rate']:.1%} ({r['low']:.1%}-{r['high']:.1%}) "
              f"of {r['n']}")
    bound = out["rich_rounds"]["bound"]
    print(f"A Rich Man who sees the future might win {bound['rate']:.1%} "
          f"({bound['low']:.1%}-{bound['high']:.1%}) of {bound['n']} rounds against a random "
          "Thief; no Rich Man wins more.")
    for name, r in out["rich_rounds"].items():
        if name != "bound":
            print(f"  {name} Rich Man, first rounds: {r['rate']:.1%} "
                  f"({r['low']:.1%}-{r['high']:.1%}) of {r['n']}")
    for name, r in out["games"].items():
        print(f"{name} against random, whole games: {r['rate']:.1%} "
              f"({r['low']:.1%}-{r['high']:.1%}) of {r['n']}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rounds", type=int, default=20_000)
    p.add_argument("--games", type=int, default=4_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", type=Path)
    args = p.parse_args(argv)
    if args.rounds < 1 or args.games < 2 or args.games % 2:
        p.error("--rounds at least 1; --games an even number, at least 2 (each seat opens "
                "equally often)")
    out = measure(args.rounds, args.games, args.seed)
    report(out)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
