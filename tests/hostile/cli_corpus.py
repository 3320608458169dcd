"""A seeded corpus of hostile command lines for ``tabletop-cli``, and the verdict on each.

Every call starts from a working command (``list``, ``play``, ``simulate``, ``bench``,
``replay``) and is then damaged the way a script or someone probing damages it: a value
replaced by a hostile one (a number of 5,000 digits, ``nan``, a negative time, terminal escape
sequences, a lone surrogate, an empty string), a flag dropped, doubled or unknown, the game id
of a plugin that fails to load, an input file that is a FIFO, ``/dev/zero``, a folder, a
missing file, a megabyte of one line, bytes that are not UTF-8, or a damaged save from the
save corpus, and standard input that is hostile too. Each call must end in exactly one way:
exit code 0 (it worked), 2 (a usage or script error) or 1 (output that cannot be written),
with at most a short message on standard error, and nothing on either stream a terminal could
take as a command. An exception out of ``main`` is a traceback; a call that does not come back
within the deadline is a hang.

    python tests/hostile/cli_corpus.py --count 3000      # the figures of a full run
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the ``tests`` package importable
    sys.path[:0] = [str(Path(__file__).resolve().parents[2])]

from tabletop.cli import main as cli_main
from tests.hostile.harness import Hang, deadline, install_plugins
from tests.hostile.save_corpus import base_save, mutate

OK, REFUSED, TRACEBACK, HANG, UNSAFE = "worked", "refused", "traceback", "hang", "unsafe output"
#: A call that takes longer than this has hung (a watchdog, not a speed target: the longest
#: working call here plays one short random game or benches for a tenth of a second).
HANG_SECONDS = 30.0
#: Longest standard error a refused call may write (argparse's usage lines included).
MESSAGE_LIMIT = 2500

# Values that no flag should take as they are, and a few odd ones it may take.
NUMBERS = ["nan", "NaN", "inf", "-inf", "-1", "0", "1e100", "9" * 5000, "1" + "0" * 30,
           "0x10", "1_0", "١", "+2", " 3 ", "", " ", "1.5", "2**8", "\x1b[2J", "\ud800",
           "9223372036854775808", "-0", "0.05", "+.05", "5e-2"]
TEXTS = ["", " ", "\x1b[31mred\x1b[0m", "\u202eevil", "\ud800", "a" * 100_000, "é" * 3000,
         "magos\x00", "../../etc/passwd", "MAGOS", "magos ", "\n", "-", "--json", "-h",
         "broken-rules", "exiting-rules", "spec-fails", "hard,,random", ",", "random,random",
         "easy,\x1b[2J", "Hard", "random", "key=value", "=", "players=99", "variant=\x1b[2J"]
FLAGS = ["--seed", "--players", "--actions", "--seat", "--json", "--agents", "--games",
         "--workers", "--rotate", "--time-cap", "--save", "--resume", "--seconds",
         "--positions", "--levels", "--option", "-o", "--unknown", "-", "--", "--seed=",
         "--help"]


@dataclass
class Verdict:
    outcome: str
    detail: str = ""


class Files:
    """The files the corpus points commands at, in one temporary folder."""

    def __init__(self, root: Path, rng: random.Random) -> None:
        self.root = root
        decisions = _magos_decisions()
        self.actions = self._write("actions.txt", "\n".join(decisions) + "\n")
        self.save = root / "match.json"
        self.save.write_text(base_save("magos", 12), encoding="utf-8")
        fifo = root / "fifo"
        if hasattr(os, "mkfifo"):
            os.mkfifo(fifo)
        self.hostile: list[str] = [
            str(fifo), "/dev/zero", "/dev/null", str(root), str(root / "missing.txt"),
            self._write("long-line.txt", "a" * (1 << 20)),
            self._write("over-limit.txt", "\n" * ((1 << 20) + 1)),
            self._write_bytes("not-utf8.txt", b"\xff\xfe\x00garbage\x80"),
            self._write("bom.txt", "\ufeff" + "\n".join(decisions)),
            self._write("escapes.txt", "\x1b[2J\u202e\x9b31m\n"),
            self._write("comments.txt", "# only a comment\n\n   \n"),
            self._write("nul.txt", "\x00" * 100),
            str(root / "missing-folder" / "results.json"),
        ]
        self.saves = [self._write_bytes(f"mutant{i}.json", mutate(base_save("magos", 12), rng))
                      for i in range(40)]

    def _write(self, name: str, text: str) -> str:
        path = self.root / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    def _write_bytes(self, name: str, raw: bytes) -> str:
        path = self.root / name
        path.write_bytes(raw)
        return str(path)

    def any_file(self, rng: random.Random) -> str:
        return rng.choice(self.hostile + self.saves[:5] + [self.actions, str(self.save)])


def _magos_decisions(count: int = 6) -> list[str]:
    from tabletop.engine import Session
    from tabletop.registry import load_plugins

    game = load_plugins(include_entry_points=False)[0]["magos"].game
    session = Session(game, 2, None, seed=4)
    rng = random.Random(4)
    decisions = []
    while len(decisions) < count and not session.is_terminal():
        legal = session.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if session.current_player() >= 0:
            decisions.append(action)
        session.submit(session.current_player(), action)
    return decisions


def base_calls(files: Files) -> list[list[str]]:
    """Working commands, each quick: one short random game or a tenth of a second of bench."""
    results = str(files.root / "results.json")
    return [
        ["list"],
        ["list", "--json"],
        ["play", "magos", "--seed", "4", "--actions", files.actions],
        ["play", "magos", "--seed", "4", "--actions", files.actions, "--seat", "0", "--json"],
        ["play", "magos", "--seed", "4", "--actions", "-"],
        ["simulate", "magos", "--agents", "random,random", "--games", "1", "--seed", "3"],
        ["simulate", "magos", "--agents", "random,greedy", "--games", "2", "--rotate",
         "--time-cap", "1", "--json"],
        ["simulate", "magos", "--agents", "random,random", "--games", "1", "--save", results],
        ["bench", "magos", "--levels", "random", "--seconds", "0.05", "--positions", "1"],
        ["replay", str(files.save)],
        ["replay", str(files.save), "--json"],
    ]


def mutate_call(argv: list[str], files: Files, rng: random.Random) -> list[str]:
    """One to three damages to ``argv``."""
    call = list(argv)
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(8)
        values = [i for i, a in enumerate(call) if i > 0 and not a.startswith("-")]
        if op <= 2 and values:  # a value replaced: a number, a text or a file
            i = rng.choice(values)
            pool = [NUMBERS, TEXTS, None][op]
            call[i] = files.any_file(rng) if pool is None else rng.choice(pool)
        elif op == 3 and len(call) > 1:  # something dropped
            del call[rng.randrange(1, len(call))]
        elif op == 4:  # a flag added, with or without a value
            flag = rng.choice(FLAGS)
            extra = [flag] if rng.random() < 0.4 else [flag, rng.choice(NUMBERS + TEXTS)]
            call[rng.randrange(1, len(call) + 1):0] = extra
        elif op == 5:  # a flag given twice
            flags = [i for i, a in enumerate(call) if a.startswith("--")]
            if flags:
                i = rng.choice(flags)
                call += call[i:i + 2]
        elif op == 6:  # another command's words
            call[0] = rng.choice(["list", "play", "simulate", "bench", "replay", "", "PLAY",
                                  "\x1b[2J", "help"])
        else:  # the game or file argument replaced
            if len(call) > 1:
                call[1] = rng.choice([*TEXTS, files.any_file(rng), *files.saves])
    # A time or count the mutation left valid but large stays cheap: the corpus looks for
    # crashes and hangs, not for long runs.
    for i, arg in enumerate(call[:-1]):
        if arg in ("--games", "--positions", "--seconds", "--time-cap", "--workers"):
            try:
                if float(call[i + 1]) > 2:
                    call[i + 1] = "2" if arg != "--seconds" else "0.05"
            except (ValueError, OverflowError):
                pass
    return call


def corpus(files: Files, count: int, seed: int = 0) -> Iterator[tuple[list[str], bytes]]:
    """``count`` calls, each with the bytes on its standard input; the same for the same
    seed."""
    rng = random.Random(f"hostile-cli/{seed}")
    bases = base_calls(files)
    stdins = [Path(files.actions).read_bytes(), b"", b"\xff\xfe", b"\x1b[2J\n" * 3,
              b"a" * ((1 << 20) + 1), "\ufeffx\n".encode()]
    for i in range(count):
        base = bases[i % len(bases)]
        yield mutate_call(base, files, rng), rng.choice(stdins)


def _unsafe_in(text: str) -> str:
    for ch in text:
        code = ord(ch)
        if (code < 0x20 and ch not in "\n\t") or 0x7F <= code < 0xA0 or 0xD800 <= code < 0xE000 \
                or ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028":
            return f"U+{code:04X}"
    return ""


def judge(argv: list[str], stdin: bytes) -> Verdict:
    """Run one call in this process and say how it ended."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with deadline(HANG_SECONDS), contextlib.redirect_stdout(out), \
                contextlib.redirect_stderr(err):
            code = cli_main(argv)
    except Hang:
        return Verdict(HANG, f"no answer within {HANG_SECONDS:.0f} s")
    except BaseException as exc:  # what this corpus is looking for
        return Verdict(TRACEBACK, f"{type(exc).__name__}: {str(exc)[:200]!r}")
    finally:
        sys.stdin = saved
    stdout, stderr = out.getvalue(), err.getvalue()
    if code not in (0, 1, 2):
        return Verdict(TRACEBACK, f"exit code {code!r}")
    for name, text in (("stdout", stdout), ("stderr", stderr)):
        bad = _unsafe_in(text)
        if bad:
            return Verdict(UNSAFE, f"{bad} raw on {name}")
    if code == 0:
        return Verdict(OK)
    if not stderr.strip() and "--help" not in argv and "-h" not in argv:
        return Verdict(TRACEBACK, "refused without a word")
    if len(stderr) > MESSAGE_LIMIT:
        return Verdict(UNSAFE, f"{len(stderr)} characters on stderr")
    return Verdict(REFUSED)


def run(count: int, seed: int = 0, broken_plugins: bool = True
        ) -> tuple[Counter[str], list[str]]:
    """Judge ``count`` calls; the outcomes and the first failures. ``broken_plugins``:
    install the plugins that fail to load (off, to see what else a run finds in code that a
    plugin's ``sys.exit`` would end at once)."""
    outcomes: Counter[str] = Counter()
    failures: list[str] = []
    rng = random.Random(f"hostile-cli-files/{seed}")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        site = root / "site"
        site.mkdir()
        if broken_plugins:
            install_plugins(site, ["rules_fail", "load_exits", "spec_fails", "exits", "raises"])
        sys.path.insert(0, str(site))
        cwd = os.getcwd()
        os.chdir(root)  # a relative --save lands here
        try:
            (root / "files").mkdir()
            files = Files(root / "files", rng)
            for i, (argv, stdin) in enumerate(corpus(files, count, seed)):
                verdict = judge(argv, stdin)
                outcomes[verdict.outcome] += 1
                if verdict.outcome not in (OK, REFUSED) and len(failures) < 20:
                    shown = [a if len(a) < 80 else a[:40] + f"...({len(a)})" for a in argv]
                    failures.append(f"call {i} {shown!r}: {verdict.outcome}: {verdict.detail}")
        finally:
            os.chdir(cwd)
            sys.path.remove(str(site))
    return outcomes, failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-broken-plugins", action="store_true",
                        help="do not install the plugins that fail to load")
    args = parser.parse_args(argv)
    outcomes, failures = run(args.count, args.seed, not args.no_broken_plugins)
    print(f"CLI calls tried: {args.count}")
    for name in (OK, REFUSED, TRACEBACK, HANG, UNSAFE):
        print(f"  {name}: {outcomes[name]}")
    for line in failures:
        print(f"  ! {line}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
