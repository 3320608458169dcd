"""The rules reference: every rule id the code and the tests cite, what it says in one line,
and where it is tested (``rules/reference.md`` in each game's package).

Rule ids (``NE-R53``, ``MG-G8``, ``BT-E2``...) name the rules, decisions, tables, cards and
worked examples of each game's specification. The reference keeps them inside the repository,
so that a docstring or a test comment that cites one can be looked up here.

    python scripts/rules_reference.py --check          # cited ids exist, "tested in" current
    python scripts/rules_reference.py --write          # refresh the "tested in" columns
    python scripts/rules_reference.py --build DIR      # (re)build the tables from the
                                                       # specifications in DIR, keeping
                                                       # the columns above

``--check`` exits 1 when an id is cited that its game's reference lacks, or a "tested in"
column is out of date; it prints how many ids have no test, per game.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from collections import defaultdict
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "tabletop" / "games"
_TITLE = re.compile(r"^# (?P<title>.+): rules reference$", re.M)
_FIRST_ID = re.compile(r"^\| (?P<prefix>[A-Z]+)-[A-Z]+\d", re.M)


class Reference(NamedTuple):
    """One game's reference, ``rules/reference.md`` in the game's package: the game's id (the
    first table of its ``game.toml``, and its specification's file name), its name in the
    reference's title, and the prefix of its rule ids (that of the reference's rows)."""

    game: str
    title: str
    prefix: str
    path: Path


def find_references(games: Path = GAMES) -> dict[str, Reference]:
    """Every game package's reference, by the prefix of its rule ids: a new game's reference
    is found in its own folder, with nothing to register here."""
    found: dict[str, Reference] = {}
    for path in sorted(games.glob("*/rules/reference.md")):
        text = path.read_text(encoding="utf-8")
        with (path.parents[1] / "game.toml").open("rb") as f:
            game = next(iter(tomllib.load(f)))
        title, first = _TITLE.search(text), _FIRST_ID.search(text)
        if title is None or first is None:
            raise SystemExit(f"{path.relative_to(ROOT)} has no title line or no rule rows")
        found[first.group("prefix")] = Reference(game, title.group("title"),
                                                 first.group("prefix"), path)
    return found


REFERENCES = find_references()
#: Each game's id prefix, and the game's id.
PREFIXES: dict[str, str] = {prefix: ref.game for prefix, ref in REFERENCES.items()}
_BY_GAME = {ref.game: ref for ref in REFERENCES.values()}
ID = re.compile(r"\b(" + "|".join(sorted(PREFIXES, key=len, reverse=True))
                + r")-([A-Z]{1,2})(\d+[a-z]?)(?:\.\d+)?\b")
# What may follow an id and cite more ids of the same kind: a range ("PM-R10..R23",
# "SM-R20..SM-R29", "MG-R21–R26") or a short list ("MS-R25, R26, R28").
_RANGE = re.compile(r"\s*(?:\.\.|–|-)\s*(?:[A-Z]+-)?([A-Z]{1,2})(\d+)\b")
_MORE = re.compile(r"(?:,\s*|\s+and\s+)(?:[A-Z]+-)?([A-Z]{1,2})(\d+[a-z]?)\b")
_MARKS = re.compile(r"\s*\[(?:S|D|S\]\[D|D\]\[S)\]")
ROW = re.compile(r"^\| (?P<id>[A-Z]+-[A-Z]+\d+[a-z]?) \| (?P<rule>.*) \| (?P<tested>.*) \|$")
HEADER = """# {title}: rules reference

Every rule id of the {title} specification (rules, decisions, tables, cards, worked
examples): the rule in one line, and the test files that cite it; the code and the tests cite
no other. Ids are stable: a rule that changes keeps its id. The rules as a player reads them
are in [`en.md`](en.md) and [`ja.md`](ja.md) beside this file.
`scripts/rules_reference.py --check` keeps this file in step with the code.

| Id | Rule | Tested in |
|----|------|-----------|
"""


def id_key(rule_id: str) -> tuple[str, str, int, str]:
    prefix, kind, number, letter = re.match(  # type: ignore[union-attr]
        r"([A-Z]+)-([A-Z]+)(\d+)([a-z]?)", rule_id).groups()
    return prefix, kind, int(number), letter


def cited(folder: Path, spans: bool = True) -> dict[str, set[str]]:
    """Every rule id cited in the Python files under ``folder``: id -> files citing it.

    With ``spans`` a range or a short list after an id cites every id it spans (a range may
    name ids the specification skips: they are checked only where they are written out)."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in sorted(folder.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        where = str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
        for m in ID.finditer(text):
            prefix, kind, number = m.group(1), m.group(2), m.group(3)
            found[f"{prefix}-{kind}{number}"].add(where)
            end = m.end()
            if not spans:
                continue
            r = _RANGE.match(text, end)
            if r and r.group(1) == kind and number.isdigit() and int(r.group(2)) > int(number):
                width = len(number) if number.startswith("0") else 0
                for k in range(int(number) + 1, int(r.group(2)) + 1):
                    found[f"{prefix}-{kind}{k:0{width}d}"].add(where)
                continue
            while (more := _MORE.match(text, end)) and more.group(1) == kind:
                found[f"{prefix}-{kind}{more.group(2)}"].add(where)
                end = more.end()
    return found


def read_reference(game: str) -> dict[str, tuple[str, str]]:
    """The rows of a game's reference: id -> (rule, tested in)."""
    path = _BY_GAME[game].path
    rows: dict[str, tuple[str, str]] = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            m = ROW.match(line)
            if m:
                rows[m.group("id")] = (m.group("rule"), m.group("tested"))
    return rows


def write_reference(game: str, rows: dict[str, tuple[str, str]]) -> None:
    ref = _BY_GAME[game]
    lines = [HEADER.format(title=ref.title)]
    for rule_id in sorted(rows, key=id_key):
        rule, tested = rows[rule_id]
        lines.append(f"| {rule_id} | {rule} | {tested} |\n")
    ref.path.write_text("".join(lines), encoding="utf-8")


def tested_in(rule_id: str, tests: dict[str, set[str]]) -> str:
    files = sorted(tests.get(rule_id, ()))
    return ", ".join(f"`{f}`" for f in files) if files else "—"


def one_line(text: str, limit: int = 120) -> str:
    """A rule's text as one short line: markers dropped, cut at a word."""
    text = _MARKS.sub("", " ".join(text.split())).replace("|", "/").strip()
    sentence = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]
    if len(sentence) <= limit:
        return sentence
    cut = sentence[:limit].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + " …"


def from_specification(path: Path, prefix: str) -> dict[str, str]:
    """The rules of one specification file: id -> one line."""
    rules: dict[str, str] = {}
    lines = path.read_text(encoding="utf-8").splitlines()
    own = re.compile(rf"{prefix}-[A-Z]{{1,2}}\d+[a-z]?")
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(rf"^- \*\*({own.pattern})\b([^*]*)\*\*\s*(.*)$", line)
        if m:  # a bullet, perhaps with a title in bold, perhaps over several lines
            text = [m.group(3)]
            while i + 1 < len(lines) and lines[i + 1].startswith("  ") \
                    and not lines[i + 1].lstrip().startswith("- "):
                i += 1
                text.append(lines[i].strip())
            title = m.group(2).strip(" .:—-")
            body = one_line(" ".join(text))
            rules.setdefault(m.group(1), f"{title}: {body}" if title else body)
        elif (m := re.match(rf"^\| ({own.pattern}) \|(.*)\|\s*$", line)):  # a table row
            cells = [c.strip() for c in m.group(2).split("|") if c.strip()]
            rules.setdefault(m.group(1), one_line(" — ".join(cells[:3])))
        elif (m := re.match(rf"^#+ ({own.pattern})\b[\s:.—-]*(.*)$", line)):  # a heading
            rules.setdefault(m.group(1), one_line(m.group(2)))
        elif (m := re.match(rf"^#+ (?:\d+\. )?(.*?)\s+—\s+({own.pattern})\b\s*(.*)$", line)):
            rules.setdefault(m.group(2), one_line(f"{m.group(1)} {m.group(3)}".strip()))
        elif (m := re.match(rf"^\*\*({own.pattern})\b[\s:.—-]*(.*?)\*\*\s*(.*)$", line)):
            rules.setdefault(m.group(1), one_line((m.group(2) + " " + m.group(3)).strip()))
        i += 1
    return rules


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--check", action="store_true")
    what.add_argument("--write", action="store_true")
    what.add_argument("--build", metavar="DIR", type=Path)
    args = parser.parse_args(argv)
    tests = cited(ROOT / "tests")
    everywhere = cited(ROOT / "tabletop", spans=False)
    for rule_id, files in cited(ROOT / "tests", spans=False).items():
        everywhere.setdefault(rule_id, set()).update(files)
    problems: list[str] = []
    for prefix, game in PREFIXES.items():
        rows = read_reference(game)
        where = REFERENCES[prefix].path.relative_to(ROOT)
        if args.build is not None:
            spec = args.build / f"{game}.md"
            found = from_specification(spec, prefix)
            rows = {i: (found.get(i, rows.get(i, ("", ""))[0]), "") for i in
                    set(found) | set(rows)}
            write_reference(game, rows)
            rows = read_reference(game)
        if args.write or args.build is not None:
            rows = {i: (rule, tested_in(i, tests)) for i, (rule, _) in rows.items()}
            write_reference(game, rows)
            continue
        mine = {i for i in everywhere if i.startswith(prefix + "-")}
        for rule_id in sorted(mine - set(rows), key=id_key):
            places = ", ".join(sorted(everywhere[rule_id])[:3])
            problems.append(f"{rule_id} is cited ({places}) but {where} lacks it")
        for rule_id, (_, column) in sorted(rows.items()):
            if column != tested_in(rule_id, tests):
                problems.append(f"{where}: the 'tested in' column of "
                                f"{rule_id} is out of date (run --write)")
        untested = sum(1 for i in rows if i not in tests)
        print(f"{game}: {len(rows)} ids, {untested} without a test")
    for line in problems:
        print(f"! {line}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
