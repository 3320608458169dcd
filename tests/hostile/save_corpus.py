"""A seeded corpus of hostile save files, and the verdict on each.

Every mutant starts from a real save of a built-in game (a few dozen seeded moves) and is then
damaged the way files are damaged in the wild or by someone probing: cut short, bytes flipped,
a byte-order mark in front, a field set to a hostile value (a number too large for a float, a
thousand levels of nesting, a lone surrogate, a megabyte of text, terminal escape sequences,
the wrong type), the log shuffled, a line dropped. Loading one must end in exactly one of two
ways: the match it describes (verified against its recorded digest) or a ``SaveFileError``
whose message is one short line. Anything else is a traceback; a load that does not come back
is a hang.

    python tests/hostile/save_corpus.py --count 8300     # the figures of a full run
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from tabletop.engine import Session
from tabletop.engine import savefile as sf
from tabletop.engine.savefile import SaveFileError
from tabletop.registry import load_plugins

#: The games whose saves are damaged (short matches keep every load fast).
GAMES = ("magos", "spymaster", "mr-sneaky", "buried-treasure", "not-my-fault",
         "national-economy", "punimonyo")
#: Longest message a refusal may carry: one readable line, whatever the file held.
MESSAGE_LIMIT = 1500
#: A load that takes longer than this has hung (a watchdog, not a speed target).
HANG_SECONDS = 60.0

OK, REFUSED, TRACEBACK, HANG = "loaded", "refused", "traceback", "hang"


@cache
def plugins() -> dict[str, Any]:
    found, _ = load_plugins(include_entry_points=False)
    return found


@cache
def base_save(game_id: str, moves: int = 30) -> str:
    """The text of a real save: ``moves`` seeded random decisions of ``game_id``."""
    game = plugins()[game_id].game
    session = Session(game, None, {}, seed=11, human_seats=[0])
    rng = random.Random(f"corpus/{game_id}")
    for _ in range(moves):
        legal = session.legal_actions()
        if not legal:
            break
        session.submit(session.current_player(), legal[rng.randrange(len(legal))])
    seats = ["human", *["hard"] * (session.num_players - 1)]
    return sf.dump(sf.from_session(session, seats, ui={"viewing_seat": 0}))


class Nest(str):
    """A value nested ``depth`` lists deep, stood in for by a marker text while the mutant is
    an object: the depth is written into the file's text afterwards (``_dumps``), never
    encoded by ``json.dumps``, whose recursion Python 3.11 cannot take so deep."""

    depth: int

    def __new__(cls, depth: int) -> Nest:
        marker = super().__new__(cls, f"\x1dnest:{depth}\x1d")
        marker.depth = depth
        return marker


def _nested(depth: int) -> Nest:
    return Nest(depth)


def _unnest(text: str) -> str:
    """The marker texts of ``Nest`` values replaced by the nesting they stand for."""
    for depth in {v.depth for v in HOSTILE_VALUES if isinstance(v, Nest)}:
        marker = json.dumps(str(Nest(depth)))
        text = text.replace(marker, "[" * depth + "1" + "]" * depth)
    return text


HOSTILE_VALUES: tuple[Any, ...] = (
    10**400, -(10**40), 2**63, 2**64 + 1, 0, -1, 1.5, 1e308, -0.0,
    None, True, False, "", "x", [], {}, [[]], {"": None},
    "\ud800", "a\udfffb", "\x1b[2J\x1b[31mred", "\x00", "\u202eevil", "あ" * 300,
    "A" * (1 << 20), _nested(1000), _nested(70), [0] * 5000,
    # Lists of the length of a per-seat field (the result) with a number no float can hold.
    [10**400, 0], [0, -(10**400)], [10**400, 0, 0], [2**1024, 1.0],
)
# Raw replacements for a number in the text: values JSON can spell but Python's float cannot.
HOSTILE_NUMBERS = ("1e999", "-1e999", "1" + "0" * 400, "NaN", "Infinity", "-Infinity",
                   "1" + "0" * 5000, "0x10", "1_000", "+1")


def json_paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The place (keys and indices from the top) of every value inside a JSON value."""
    out: list[tuple[Any, ...]] = []
    items = node.items() if isinstance(node, dict) else \
        enumerate(node) if isinstance(node, list) else []
    for key, value in items:
        out.append((*prefix, key))
        out.extend(json_paths(value, (*prefix, key)))
    return out


def set_at(obj: Any, path: tuple[Any, ...], value: Any) -> None:
    """Put ``value`` at the place ``path`` of the JSON value ``obj``."""
    node = obj
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def delete_at(obj: Any, path: tuple[Any, ...]) -> None:
    """Take the value at the place ``path`` out of the JSON value ``obj``."""
    node = obj
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]


def _dumps(obj: Any, rng: random.Random) -> str:
    # Both spellings of non-ASCII text: raw UTF-8 and \u escapes (which can carry a lone
    # surrogate).
    try:
        text = json.dumps(obj, ensure_ascii=rng.random() < 0.5)
    except ValueError:
        text = json.dumps(obj, ensure_ascii=True, check_circular=False)
    return _unnest(text)


def mutate(text: str, rng: random.Random) -> bytes:
    """One damaged copy of the save ``text``."""
    op = rng.randrange(10)
    if op == 9:  # a finished game's per-seat result, or a count, that no float can hold
        obj = json.loads(text)
        huge = rng.choice([10**400, -(10**400), 2**1024, 10**25])
        key = rng.choice(["result", "result", "seed", "players", "format_version"])
        obj[key] = [huge] * obj["players"] if key == "result" else huge
        if key == "result":
            obj["finished"] = True
        return _dumps(obj, rng).encode()
    if op <= 2:  # a field gets a hostile value (or disappears)
        obj = json.loads(text)
        # Most paths lie in the log; the header's fields get a fair share of the damage.
        path = rng.choice([(k,) for k in obj] if rng.random() < 0.4 else json_paths(obj))
        if rng.random() < 0.15:
            delete_at(obj, path)
        else:
            set_at(obj, path, rng.choice(HOSTILE_VALUES))
        return _dumps(obj, rng).encode("utf-8", "surrogatepass")
    if op == 3:  # a number spelled as no float can hold
        digits = [i for i, ch in enumerate(text) if ch.isdigit() and not text[i - 1].isdigit()]
        if digits:
            i = rng.choice(digits)
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            text = text[:i] + rng.choice(HOSTILE_NUMBERS) + text[j:]
        return text.encode()
    raw = bytearray(text.encode())
    if op == 4:  # cut short
        return bytes(raw[: rng.randrange(len(raw))])
    if op == 5:  # flipped bytes
        for _ in range(rng.randint(1, 4)):
            raw[rng.randrange(len(raw))] ^= rng.randint(1, 255)
        return bytes(raw)
    if op == 6:  # edited in Notepad: a byte-order mark, Windows line ends
        out = b"\xef\xbb\xbf" + bytes(raw)
        return out.replace(b"\n", b"\r\n") if rng.random() < 0.5 else out
    if op == 7:  # lines dropped, doubled or swapped (the log is one entry a line)
        lines = text.split("\n")
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        choice = rng.randrange(3)
        if choice == 0:
            del lines[i]
        elif choice == 1:
            lines.insert(i, lines[j])
        else:
            lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines).encode()
    # op == 8: an action text made long or strange
    obj = json.loads(text)
    if obj["log"]:
        k = rng.randrange(len(obj["log"]))
        obj["log"][k][1] = rng.choice(["x" * (1 << 20), obj["log"][k][1] + "\x1b[0m",
                                       "\ud800", obj["log"][k][1] * 50, ""])
    return _dumps(obj, rng).encode("utf-8", "surrogatepass")


@dataclass
class Verdict:
    outcome: str
    detail: str = ""
    kinds: Counter[str] = field(default_factory=Counter)


def judge(raw: bytes, games: dict[str, Any] | None = None) -> Verdict:
    """Load ``raw`` as a save file and say how it ended (see the module docstring)."""
    games = plugins() if games is None else games
    try:
        session, data = sf.loads(raw, games, "mutant.json")
    except SaveFileError as exc:
        message = str(exc)
        if exc.kind not in sf.KINDS or not exc.problem.strip():
            return Verdict(TRACEBACK, f"refusal without a kind or a problem: {message[:200]}")
        if len(message) > MESSAGE_LIMIT or "\n" in exc.problem or "\x1b" in message:
            return Verdict(TRACEBACK, f"refusal message unfit to show ({len(message)} "
                                      f"characters): {message[:200]!r}")
        return Verdict(REFUSED, exc.kind)
    except BaseException as exc:  # what this corpus is looking for
        return Verdict(TRACEBACK, f"{type(exc).__name__}: {str(exc)[:200]}")
    if session.state_hash() != data.state_hash:
        return Verdict(TRACEBACK, "loaded a match other than the recorded one")
    return Verdict(OK)


def run_with_watchdog(fn: Callable[[], Verdict], seconds: float = HANG_SECONDS) -> Verdict:
    box: list[Verdict] = []
    worker = threading.Thread(target=lambda: box.append(fn()), daemon=True)
    worker.start()
    worker.join(seconds)
    return box[0] if box else Verdict(HANG, f"no answer within {seconds:.0f} s")


def corpus(count: int, seed: int = 0) -> list[tuple[str, bytes]]:
    """``count`` mutants, spread over ``GAMES``; the same for the same seed."""
    rng = random.Random(f"hostile-saves/{seed}")
    return [(g, mutate(base_save(g), rng))
            for g in (GAMES[i % len(GAMES)] for i in range(count))]


def run(count: int, seed: int = 0) -> tuple[Counter[str], Counter[str], list[str]]:
    """Judge ``count`` mutants; the outcomes, the refusal kinds and the first failures."""
    outcomes: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    failures: list[str] = []
    for i, (game_id, raw) in enumerate(corpus(count, seed)):
        verdict = run_with_watchdog(lambda raw=raw: judge(raw))  # type: ignore[misc]
        outcomes[verdict.outcome] += 1
        if verdict.outcome == REFUSED:
            kinds[verdict.detail] += 1
        elif verdict.outcome in (TRACEBACK, HANG) and len(failures) < 20:
            failures.append(f"mutant {i} ({game_id}): {verdict.detail}")
    return outcomes, kinds, failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    outcomes, kinds, failures = run(args.count, args.seed)
    print(f"save mutants tried: {args.count}")
    for name in (OK, REFUSED, TRACEBACK, HANG):
        print(f"  {name}: {outcomes[name]}")
    print("  refusals by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    for line in failures:
        print(f"  ! {line}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
