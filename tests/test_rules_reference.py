"""The rule ids the code and the tests cite resolve inside the repository: each game's rules
reference (``rules/reference.md`` in the game's package) holds every cited id, its "tested in"
column is current, and no file of the product names a path outside the repository."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "rules_reference.py"


def test_every_cited_rule_id_is_in_the_reference_and_tested_in_is_current() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    # One line per game: "<game>: <ids> ids, <n> without a test" (the counts are a report).
    counts = dict(re.findall(r"^([a-z0-9-]+): (\d+) ids", done.stdout, flags=re.M))
    assert set(counts) == {"buried-treasure", "magos", "mr-sneaky", "national-economy",
                           "not-my-fault", "punimonyo", "saboteur2", "secret-agent",
                           "sheep-and-thief", "spymaster"}
    assert all(int(n) >= 18 for n in counts.values()), counts
    # The rules with no test at all are a report, not a failure: shown with -rP.
    print(done.stdout)


def test_the_check_finds_an_id_the_reference_lacks(tmp_path: Path) -> None:
    loaded = importlib.util.spec_from_file_location("rules_reference", SCRIPT)
    assert loaded is not None and loaded.loader is not None
    rr = importlib.util.module_from_spec(loaded)
    loaded.loader.exec_module(rr)
    # (The ids are put together here so that this file cites neither of them itself.)
    unknown, known = "NE-" + "R999", "MG-" + "T1"
    span = "SM-" + "R20..R22"
    (tmp_path / "x.py").write_text(f'"""{unknown} and {known}; {span}."""\n', encoding="utf-8")
    found = rr.cited(tmp_path)
    # A range cites every id it spans; written-out ids only are checked against the reference.
    assert set(found) == {unknown, known, "SM-R20", "SM-R21", "SM-R22"}
    assert set(rr.cited(tmp_path, spans=False)) == {unknown, known, "SM-R20"}
    assert unknown not in rr.read_reference("national-economy")
    assert known in rr.read_reference("magos")


def test_no_file_names_a_path_outside_the_repository() -> None:
    outside = re.compile("/" + "work/|" + r"\.\./" + "shared")
    found = []
    for folder in ("tabletop", "tests", "scripts", "packaging", "benchmarks", "docs"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in (".py", ".md", ".toml", ".spec", ".txt", ".cfg"):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if outside.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}")
    assert found == []
