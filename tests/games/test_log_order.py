"""The log tells each game's events in the order they happen, after they happen, one line per
decision: the log of seeded random games is compared with their action lists.

Each game declares, for every kind of decision, the kinds of line its record may start with
(``""``: the decision writes no line of its own, as a card put down for a pass that is told
once it is over). Every decision record of the sample must start with one of them, so a line
that tells a decision before it is made ("discards two cards to remove…" when the first of
them has yet to go down), a consequence told before the decision that caused it ("the goal is
gold" before "plays a Map"), or a decision told once per step of it (a pass of three cards in
four lines) fails, naming the game, the seed, the decision and its lines. The line that tells
the decision may not stand twice in its record either (its consequences may: wages for each
player).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tabletop.api import GamePlugin
from tabletop.engine import CHANCE, Session
from tabletop.engine.game import action_kind
from tabletop.registry import load_plugins

PLUGINS: dict[str, GamePlugin] = load_plugins(include_entry_points=False)[0]

NONE = ""

#: Per game: decision kind -> the kinds of line its record may start with.
FIRST: dict[str, dict[str, set[str]]] = {
    "buried-treasure": {"bid": {"bid"}, "bury": {"bury"}, "pass": {"pass"}, "take": {"take"}},
    "magos": {"cast": {"assign", "cast"}, "die": {"assign", "cast"}, "end": {"end"},
              "x": {"cast"}, "pick": {"pick"}, "draft": {"draft"}, "keep": {"keep"}},
    "magos-solo": {"cast": {"assign", "cast"}, "die": {"assign", "cast"}, "end": {"end"},
                   "x": {"cast"}, "pick": {"pick"}, "draft": {"draft"}},
    "mr-sneaky": {"move": {"move"}, "pass": {"pass"}, "place": {"place"}, "steal": {"steal"},
                  "role": {"role"}},
    # A sale is one line when it is made ("done"), not one per building picked for it.
    "national-economy": {"build": {"build"}, "discard": {"discard"}, "done": {"sell"},
                         "place": {"place"}, "sell": {NONE}, "take": {"take"}},
    "national-economy-solo": {"build": {"build"}, "discard": {"discard"}, "done": {"sell"},
                              "place": {"place"}, "sell": {NONE}, "take": {"take"}},
    "not-my-fault": {"audit": {"audit"}, "play": {"play"}},
    # Words are answered to the beat: a word or a beat tells nothing until the answer is done.
    "punimonyo": {"ask": {NONE, "set"}, "beat": {NONE, "result"}, "random": {NONE},
                  "word": {NONE, "result"}},
    # A pass and a removal are told once they are done, each in one line.
    "saboteur2": {"discard": {NONE, "passed", "fixed"}, "end": {"passed"}, "fix": {NONE},
                  "place": {"place"}, "play": {"play"}, "steal": {"steal", "steal_none"}},
    "secret-agent": {
        "attach": {"attach"}, "bid": {"bid"}, "counter": {"counter"}, "declare": {"declare"},
        "defence": {"defence"}, "destroy": {"destroy"}, "disaster": {"disaster"},
        "discard": {"shed"}, "done": {NONE, "auto_counter", "reveal"}, "employ": {"employ"},
        "hit": {"destroyed", "lupin"}, "kill": {"discarded"}, "lose": {"lose"},
        # Declining says nothing of its own: what follows is told (the next turn, the lost
        # auction, the counter that fell).
        "no": {NONE, "assassinated", "counter_destroyed", "no_bid", "no_super_spy",
               "nothing_to_hit", "turn"},
        "low": {NONE},
        "pass": {"pass"}, "put": {NONE, "reordered"}, "refill": {NONE}, "reorg": {"reorg"},
        "secret": {"secret"}, "spare": {"returned"}, "special": {"special"},
        "spy": {"commit", "defend", "spy"}, "target": {"coup"}, "tech": {"tech"},
    },
    "sheep-and-thief": {"dog": {"dog", "dog_stop"}, "down": {"down"}, "pick": {"picked"},
                        "place": {"place"}, "thief": {"thief"}, "keep": {"keep_own"},
                        "offer": {"offered"}, "take": {"took"}, "discard": {"discard"}},
    "spymaster": {"call": {"reveal"}, "pass": {NONE}, "play": {"play"}, "tuck": {"tuck"}},
}


def test_every_game_declares_its_lines() -> None:
    assert sorted(FIRST) == sorted(PLUGINS)


def records(game_id: str) -> Iterator[tuple[int, int, str, list[str]]]:
    """(players, seed, decision, kinds of its logged lines) of seeded random games."""
    plugin = PLUGINS[game_id]
    game = plugin.game
    spec = game.spec
    for n in sorted({spec.min_players, spec.max_players if spec.max_players < 6 else 4}):
        for seed in range(4):
            session = Session(game, n, {}, seed=seed)
            rng = random.Random(f"log-order/{seed}")
            while not session.is_terminal():
                legal = session.legal_actions()
                session.submit(session.current_player(), legal[rng.randrange(len(legal))])
            for record in session.history:
                if record.seat != CHANCE:
                    yield n, seed, record.action, [e.kind for e in record.events if e.logged]


@pytest.mark.parametrize("game_id", sorted(PLUGINS))
def test_each_line_follows_the_decision_that_caused_it(game_id: str) -> None:
    first = FIRST[game_id]
    wrong: list[str] = []
    decisions = 0
    for n, seed, action, kinds in records(game_id):
        decisions += 1
        kind = action_kind(action)
        allowed = first.get(kind)
        lead = kinds[0] if kinds else NONE
        where = f"{game_id}, {n} players, seed {seed}: '{action}' logs {kinds}"
        if allowed is None:
            wrong.append(f"{where}: no lines declared for '{kind}'")
        elif lead not in allowed:
            wrong.append(f"{where}: its first line should be one of {sorted(allowed)}")
        elif lead != NONE and kinds.count(lead) > 1:
            wrong.append(f"{where}: the decision is told twice")
    assert decisions > 50
    assert not wrong, "\n".join(sorted(set(wrong))[:20])
