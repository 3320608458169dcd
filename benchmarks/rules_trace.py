"""Traces of seeded random games, to show that a change to a game's rules code left its play
exactly as it was: the same states, events, words and legal actions at every step.

A trace plays one game from its seed with ``random_action`` (chance drawn by the game's own
``sample_chance``) and records, per step, short digests of what every other part of the
program reads of the position: the state's JSON form, the seat to move, the legal actions
(with their odds at a chance node), the action taken, the events it gave (their JSON form and
their lines in English and Japanese), the words of the action and of the mover's prompt,
every seat's and a spectator's observation, the AI's hooks (heuristics, the actions a search
weighs, a seeded playout choice, the scripted levels' choices) and, every few decisions, a
state the resampler draws for the mover and its legal actions. Along the way it checks what a
cache kept in the state could break: a state read back from its JSON form offers the same
actions, and applying a move to a clone leaves the original as it was.

Record the traces with the code before a change, then compare after it::

    python benchmarks/rules_trace.py record /tmp/before.json --games 10
    python benchmarks/rules_trace.py compare /tmp/before.json

``compare`` names the first step, and the part of it, where each game differs. ``golden``
prints one digest per game (``game_digest``), the form in which
``tests/games/test_rules_digests.py`` pins a few games.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator, Mapping
from typing import Any

from tabletop.engine.game import CHANCE, TERMINAL, Game, random_action
from tabletop.registry import load_plugins
from tabletop.text import Catalogue, render

#: The games traced, each with the player counts and options played; every option appears
#: away from its default somewhere.
CASES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "saboteur2": [
        *((n, {}) for n in (2, 3, 4, 5, 7, 9, 12)),
        (4, {"extra_crystals": False}),
        (5, {"geologist_share": "all"}),
        (6, {"trapped_winners": "counted"}),
        (10, {"extra_crystals": False, "geologist_share": "all",
              "trapped_winners": "counted"}),
    ],
    "secret-agent": [
        *((n, {}) for n in (3, 4, 5, 6)),
        *((4, {key: value}) for key, value in (
            ("leader_abilities", True), ("open_spies", True), ("multi_defence", True),
            ("tops_only", True), ("auto_spy_discard", True), ("refill_actions_only", True),
            ("clash_high_loses", False), ("peace_ends_war", True))),
        *((n, {"leader_abilities": True, "open_spies": True, "multi_defence": True,
               "tops_only": True, "auto_spy_discard": True, "refill_actions_only": True,
               "clash_high_loses": False, "peace_ends_war": True}) for n in (3, 6)),
    ],
}
#: Every how many decisions the resampler is asked for a state.
RESAMPLE_EVERY = 7
#: The parts of a step, in the order a record keeps their digests.
PARTS = ("state", "legal", "action", "events", "words", "observations", "ai", "resample")


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _state_json(game: Game[Any], state: Any) -> str:
    return json.dumps(game.state_to_json(state), sort_keys=True, separators=(",", ":"))


def steps(game: Game[Any], words: Catalogue, players: int, options: Mapping[str, Any],
          seed: int) -> Iterator[dict[str, str]]:
    """One seeded random game, a dict of digests per step (``PARTS``), the last step the
    finished state."""
    rng = random.Random(seed)
    state = game.new_game(players, options)
    n = game.num_players(state)
    decisions = 0
    while True:
        to_move = game.current_player(state)
        data = game.state_to_json(state)
        form = json.dumps(data, sort_keys=True, separators=(",", ":"))
        legal = game.legal_actions(state)
        loaded = game.state_from_json(json.loads(form))
        if game.legal_actions(loaded) != legal or game.state_to_json(loaded) != data:
            raise AssertionError(f"seed {seed}: the state read back from its JSON form differs")
        row = {"state": _digest([to_move, form]), "legal": _digest(legal)}
        observations = [game.observation(state, seat) for seat in (*range(n), None)]
        row["observations"] = _digest(observations)
        if to_move == TERMINAL:
            row["ai"] = _digest([game.returns(state), game.final_result(state)])
            yield row
            return
        ai: list[Any] = []
        resampled: list[Any] = []
        if to_move == CHANCE:
            row["legal"] = _digest([legal, game.chance_outcomes(state)])
        else:
            decisions += 1
            ai_rng = random.Random(decisions)
            ai += [game.heuristics(state), game.search_actions(state, list(legal)),
                   game.playout_action(state, legal, ai_rng)]
            ai += [game.scripted_action(observations[to_move], to_move, legal, level, ai_rng)
                   for level in ("easy", "normal")]
            if decisions % RESAMPLE_EVERY == 0:
                drawn = game.resampler(observations[to_move], to_move)(ai_rng)
                resampled = [_state_json(game, drawn), game.legal_actions(drawn)]
        row["ai"] = _digest(ai)
        row["resample"] = _digest(resampled)
        action = random_action(game, state, rng)
        said = [render(game.describe_action(state, action), lang, words) for lang in ("en", "ja")]
        if to_move >= 0:
            said += [render(game.prompt(state, to_move), lang, words) for lang in ("en", "ja")]
        child = state.clone()
        events = game.apply_in_place(child, action)
        if game.state_to_json(state) != data:
            raise AssertionError(f"seed {seed}: applying {action} to a clone changed the state")
        state = child
        row["action"] = _digest(action)
        row["events"] = _digest([e.to_json() for e in events])
        row["words"] = _digest(said + [render(e, lang, words) for e in events
                                       for lang in ("en", "ja")])
        yield row


def trace(game_id: str, players: int, options: Mapping[str, Any], seed: int
          ) -> list[dict[str, str]]:
    plugin = load_plugins(include_entry_points=False)[0][game_id]
    return list(steps(plugin.game, plugin.words, players, options, seed))


def game_digest(rows: list[dict[str, str]]) -> dict[str, str]:
    """One digest per part over every step of a game, and ``all`` over every part."""
    out = {part: _digest([r.get(part, "") for r in rows]) for part in PARTS}
    out["all"] = _digest([out[p] for p in PARTS])
    out["steps"] = str(len(rows))
    return out


def case_key(game_id: str, players: int, options: Mapping[str, Any], seed: int) -> str:
    opts = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "default"
    return f"{game_id}/{players}/{opts}/{seed}"


def cases(games: int, only: str | None = None, players_only: int | None = None
          ) -> Iterator[tuple[str, int, dict[str, Any], int]]:
    for game_id, rows in CASES.items():
        if only and game_id != only:
            continue
        for players, options in rows:
            if players_only is not None and players != players_only:
                continue
            for seed in range(games):
                yield game_id, players, options, seed


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("command", choices=("record", "compare", "golden"))
    p.add_argument("file", nargs="?", help="the traces recorded (record, compare)")
    p.add_argument("--games", type=int, default=10, help="seeds per player count and options")
    p.add_argument("--game", help="one game's id only")
    p.add_argument("--players", type=int, help="one player count only")
    args = p.parse_args(argv)
    chosen = list(cases(args.games, args.game, args.players))
    if args.command == "golden":
        out = {case_key(*c): game_digest(trace(*c))["all"] for c in chosen}
        print(json.dumps(out, indent=1))
        return 0
    if not args.file:
        p.error("record and compare need a file")
    if args.command == "record":
        recorded = {case_key(*c): trace(*c) for c in chosen}
        with open(args.file, "w", encoding="utf-8") as f:
            json.dump(recorded, f)
        steps_in_all = sum(len(rows) for rows in recorded.values())
        print(f"{len(recorded)} games, {steps_in_all} steps recorded in {args.file}")
        return 0
    with open(args.file, encoding="utf-8") as f:
        before: dict[str, list[dict[str, str]]] = json.load(f)
    differ = 0
    for c in chosen:
        name = case_key(*c)
        if name not in before:
            continue
        rows = trace(*c)
        old = before[name]
        for i, (a, b) in enumerate(zip(old, rows, strict=False)):
            if a != b:
                parts = [k for k in PARTS if a.get(k) != b.get(k)]
                print(f"{name}: step {i} differs in {', '.join(parts)}")
                differ += 1
                break
        else:
            if len(old) != len(rows):
                print(f"{name}: {len(old)} steps before, {len(rows)} now")
                differ += 1
    print("same" if not differ else f"{differ} games differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
