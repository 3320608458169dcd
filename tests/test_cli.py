"""The headless command line: list, scripted play, simulation, and its error handling."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tabletop import tournament
from tabletop.cli import main
from tabletop.engine import Session
from tabletop.registry import load_plugins
from tests.hostile.harness import deadline, install_plugins

ROOT = Path(__file__).resolve().parents[1]


def _script(tmp_path: Path, lines: list[str], name: str = "actions.txt") -> str:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def _magos_decisions(seed: int, count: int) -> list[str]:
    """The first ``count`` decisions of a seeded Magos match that casts whenever it can."""
    game = load_plugins()[0]["magos"].game
    session = Session(game, 2, None, seed=seed)
    out = []
    for _ in range(count):
        legal = session.legal_actions()
        action = legal[0]  # casts sort before "end"
        session.submit(session.current_player(), action)
        out.append(action)
    return out


def test_play_log_has_no_lines_for_events_without_text(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Punimonyo's beats and entered words are read by both seats but write no log line.
    plugin = load_plugins()[0]["punimonyo"]
    game, speaker = plugin.game, plugin.speaker()
    session = Session(game, 2, None, seed=3)
    lines = ["ask:puniu", "ask:monyo", "ask:monyo", "beat", "beat"]
    for action in lines:
        session.submit(session.current_player(), action)
    assert any(not e.logged for e in session.events_for(None))
    path = _script(tmp_path, lines)
    assert main(["play", "punimonyo", "--seed", "3", "--actions", path, "--json"]) == 0
    log = json.loads(capsys.readouterr().out)["log"]
    assert log == [speaker.say(e, "en") for e in session.events_for(None) if e.logged]
    assert "Player" in log[-1] and not {"beat", "ask"} & set(log), log


def test_list_shows_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("magos\t"))
    assert line.split("\t") == ["magos", "Magos", "マゴス", "2 players"]
    assert main(["list", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"id": "magos", "name_en": "Magos", "name_ja": "マゴス", "min_players": 2,
            "max_players": 2} in data["games"]
    assert data["failures"] == []


def test_play_applies_the_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    decisions = _magos_decisions(seed=4, count=6)
    lines = ["# a scripted opening", "", *decisions[:3], "   ", *decisions[3:]]
    path = _script(tmp_path, lines)
    assert main(["play", "magos", "--seed", "4", "--actions", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)

    plugin = load_plugins()[0]["magos"]
    game, speaker = plugin.game, plugin.speaker()
    expected = Session(game, 2, None, seed=4)
    for action in decisions:
        expected.submit(expected.current_player(), action)
    assert data["decisions"] == decisions
    assert data["current_player"] == expected.current_player()
    assert data["terminal"] is False
    assert data["returns"] is None
    # The public view does not show the choices of the seat to move (they name its spells).
    assert data["legal_actions"] is None and data["prompt"] is None
    assert data["state"] == expected.observation(None)
    assert data["log"] == [speaker.say(e, "en") for e in expected.events_for(None) if e.logged]
    assert data["state_hash"] == expected.state_hash()

    mover = expected.current_player()
    assert main(["play", "magos", "--seed", "4", "--actions", path]) == 0
    text = capsys.readouterr().out
    assert "Legal actions" not in text
    assert f"To move: player {mover + 1} (their choices are shown with --seat {mover})" in text
    for line in data["log"]:
        assert f"  {line}\n" in text

    assert main(["play", "magos", "--seed", "4", "--actions", path, "--seat", str(mover)]) == 0
    text = capsys.readouterr().out
    assert "Legal actions: " + " ".join(expected.legal_actions()) in text
    assert f"To move: player {mover + 1} — " in text
    assert main(["play", "magos", "--seed", "4", "--actions", path, "--seat", str(mover),
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["legal_actions"] == expected.legal_actions()


@pytest.mark.parametrize("as_json", [False, True])
def test_play_as_another_seat_names_none_of_the_movers_hidden_cards(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], as_json: bool) -> None:
    # Issue: `play --seat N` printed the prompt and legal actions of the seat to move, which
    # name that seat's spells. Seat N sees only what its observation holds.
    decisions = _magos_decisions(seed=4, count=6)
    path = _script(tmp_path, decisions)
    game = load_plugins()[0]["magos"].game
    expected = Session(game, 2, None, seed=4)
    for action in decisions:
        expected.submit(expected.current_player(), action)
    mover = expected.current_player()
    other = 1 - mover
    argv = ["play", "magos", "--seed", "4", "--actions", path, "--seat", str(other)]
    assert main(argv + (["--json"] if as_json else [])) == 0
    text = capsys.readouterr().out
    hidden = set(expected.legal_actions()) - set(json.dumps(expected.observation(other)).split('"'))
    spells = {a for a in hidden if any(ch.isalpha() for ch in a) and len(a) > 3}
    assert spells, "the mover's choices should name something the other seat cannot see"
    for action in spells:
        assert action not in text


def test_play_reports_the_illegal_line(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    # MG-R10: the first game's hands hold no Doomsday.
    path = _script(tmp_path, ["# opening", "end", "cast:doomsday:1", "end"])
    assert main(["play", "magos", "--seed", "1", "--actions", path]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == (
        f"{path}:3: 'cast:doomsday:1' — You do not have Doomsday."
    )


def test_play_reports_a_malformed_line(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = _script(tmp_path, ["end", "", "jump over the moon"])
    assert main(["play", "magos", "--seed", "1", "--actions", path]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:3: 'jump over the moon' — ")
    assert "not an action of Magos" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o", "setup=chaos"], "Option 'setup' must be one of first-game, draft"),
        (["-o", "colour=red"], "Magos has no option 'colour'"),
        (["-o", "setup"], "KEY=VALUE"),
        (["--players", "3"], "played by exactly 2 players, not 3"),
    ],
)
def test_play_refuses_bad_settings(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   args: list[str], message: str) -> None:
    path = _script(tmp_path, ["end"])
    assert main(["play", "magos", "--seed", "1", "--actions", path, *args]) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert captured.out == ""


def test_unknown_game_missing_file_and_bad_arguments(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _script(tmp_path, ["end"])
    assert main(["play", "chess", "--seed", "1", "--actions", path]) == 2
    assert "Unknown game 'chess'. Known games: " in capsys.readouterr().err
    assert main(["play", "magos", "--seed", "1", "--actions", str(tmp_path / "no.txt")]) == 2
    assert "Cannot read the actions file" in capsys.readouterr().err
    assert main(["play", "magos", "--actions", path]) == 2  # no --seed
    assert "--seed" in capsys.readouterr().err
    assert main([]) == 2
    capsys.readouterr()
    assert main(["simulate", "magos", "--agents", "hard,wizard", "--games", "1"]) == 2
    assert "Unknown agent 'wizard'" in capsys.readouterr().err
    assert main(["simulate", "magos", "--agents", "random", "--games", "1"]) == 2
    assert "exactly 2 players, not 1" in capsys.readouterr().err


def test_play_after_the_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = load_plugins()[0]["magos"].game
    session = Session(game, 2, {"turn_limit": 20}, seed=3)
    script = []
    while not session.is_terminal():
        session.submit(session.current_player(), "end")
        script.append("end")
    path = _script(tmp_path, script)
    assert main(["play", "magos", "--seed", "3", "-o", "turn_limit=20",
                 "--actions", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["terminal"] is True
    assert data["returns"] == [0.0, 0.0]  # MG-R42: a draw at the turn limit
    assert data["legal_actions"] == []
    path = _script(tmp_path, [*script, "end"])
    assert main(["play", "magos", "--seed", "3", "-o", "turn_limit=20",
                 "--actions", path]) == 2
    assert f":{len(script) + 1}: 'end' — the game is already over." in capsys.readouterr().err


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "magos", "--agents", "easy,random", "--games", "3",
                 "--seed", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("games", "wins", "draws", "mean_length", "mean_think_seconds", "errors",
                "win_rate"):
        assert key in data
    assert data["games"] == 3
    assert data["errors"] == 0
    assert sum(data["wins"]) + data["draws"] == 3
    assert len(data["mean_think_seconds"]) == 2
    assert data["mean_length"] > 0
    assert set(data["win_rate"]) == {"easy", "random"}
    assert data["win_rate"]["easy"] == data["wins"][0] / 3

    assert main(["simulate", "magos", "--agents", "easy,random", "--games", "3",
                 "--seed", "5", "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert (again["wins"], again["mean_length"]) == (data["wins"], data["mean_length"])


def test_simulate_in_worker_processes_matches_in_process(
        capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "magos", "--agents", "random,random", "--games", "6", "--seed", "2",
            "--json"]
    assert main(args) == 0
    alone = json.loads(capsys.readouterr().out)
    assert main([*args, "--workers", "2"]) == 0
    pooled = json.loads(capsys.readouterr().out)
    assert pooled["errors"] == 0
    for key in ("wins", "draws", "mean_length", "win_rate"):
        assert pooled[key] == alone[key]
    assert main(args[:-1]) == 0
    table = capsys.readouterr().out
    assert "win rate per agent: random" in table
    assert "errors: 0" in table


def test_simulate_rotate_seats_every_agent_in_turn(capsys: pytest.CaptureFixture[str]) -> None:
    # Game i seats agent j at seat (j + i) % n; the figures come back per agent.
    assert main(["simulate", "magos", "--agents", "easy,random", "--games", "4",
                 "--seed", "3", "--rotate", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rotate"] is True and data["errors"] == 0
    wins = [0, 0]
    for i in range(4):
        seating = ["easy", "random"] if i % 2 == 0 else ["random", "easy"]
        r = tournament.play_match("magos", seating, {}, tournament.derive_seed("simulate", 3, i))
        easy_seat = i % 2
        ret = r["returns"]
        if ret[easy_seat] != ret[1 - easy_seat]:
            wins[0 if ret[easy_seat] > ret[1 - easy_seat] else 1] += 1
    assert data["wins"] == wins
    assert data["win_rate"]["easy"] == wins[0] / 4
    assert main(["simulate", "magos", "--agents", "easy,random", "--games", "2",
                 "--rotate"]) == 0
    assert "agent #" in capsys.readouterr().out


def test_simulate_save_and_resume_give_the_uninterrupted_figures(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "magos", "--agents", "easy,random", "--seed", "4", "--rotate",
            "--json"]
    assert main([*args, "--games", "6"]) == 0
    whole = json.loads(capsys.readouterr().out)
    save = tmp_path / "run.json"
    # A run stopped after four games: the file holds them, seat by seat as played.
    assert main([*args, "--games", "4", "--save", str(save)]) == 0
    capsys.readouterr()
    held = json.loads(save.read_text(encoding="utf-8"))
    assert [r["index"] for r in held["runs"]] == [0, 1, 2, 3]
    assert held["agents"] == ["easy", "random"] and held["rotate"] is True
    # Asking again without --resume refuses rather than overwrite the file.
    assert main([*args, "--games", "6", "--save", str(save)]) == 2
    assert "--resume" in capsys.readouterr().err
    assert json.loads(save.read_text(encoding="utf-8")) == held
    assert main([*args, "--games", "6", "--save", str(save), "--resume"]) == 0
    resumed = json.loads(capsys.readouterr().out)
    for key in ("games", "wins", "draws", "mean_length", "win_rate", "errors"):
        assert resumed[key] == whole[key], key
    assert [r["index"] for r in json.loads(save.read_text(encoding="utf-8"))["runs"]] == \
        list(range(6))


def test_simulate_resume_refuses_another_run_or_a_damaged_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "run.json"
    assert main(["simulate", "magos", "--agents", "easy,random", "--games", "2",
                 "--seed", "1", "--save", str(save), "--json"]) == 0
    capsys.readouterr()
    before = save.read_text(encoding="utf-8")
    assert main(["simulate", "magos", "--agents", "easy,random", "--games", "2",
                 "--seed", "2", "--save", str(save), "--resume"]) == 2
    assert "another simulation (different seed)" in capsys.readouterr().err
    assert save.read_text(encoding="utf-8") == before
    save.write_text("{not json", encoding="utf-8")
    assert main(["simulate", "magos", "--agents", "easy,random", "--games", "2",
                 "--seed", "1", "--save", str(save), "--resume"]) == 2
    assert "Cannot resume from" in capsys.readouterr().err
    assert save.read_text(encoding="utf-8") == "{not json"
    assert main(["simulate", "magos", "--agents", "easy,random", "--games", "2",
                 "--resume"]) == 2
    assert "--resume needs --save FILE" in capsys.readouterr().err


def test_module_entry_point_runs_without_qt() -> None:
    code = ("import sys, runpy\n"
            "sys.argv = ['tabletop-cli', 'list']\n"
            "try:\n"
            "    runpy.run_module('tabletop.cli', run_name='__main__')\n"
            "except SystemExit as exc:\n"
            "    assert exc.code == 0, exc.code\n"
            "assert not any(m.startswith('PySide6') for m in sys.modules), 'Qt imported'\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "magos\tMagos\tマゴス\t2 players" in out.stdout.splitlines()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["list"], ["list", "--json"],
                                  ["simulate", "magos", "--agents", "random,random",
                                   "--games", "1", "--json"]])
def test_output_to_a_full_disk_is_a_message(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        out = subprocess.run([sys.executable, "-m", "tabletop.cli", *argv], stdout=full,
                             stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 1
    assert out.stderr == "tabletop-cli: cannot write the output: No space left on device.\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(),
                    reason="needs FIFOs and /dev/zero")
@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder"])
def test_play_refuses_an_actions_file_that_is_not_a_regular_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    path = {"fifo": tmp_path / "moves", "dev-zero": Path("/dev/zero"), "folder": tmp_path}[kind]
    if kind == "fifo":
        os.mkfifo(path)  # nobody writes to it: opening it for reading would wait forever
    with deadline(10):
        assert main(["play", "magos", "--seed", "1", "--actions", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"tabletop-cli: Cannot read the actions file {path}: it is ")
    assert ("a folder" if kind == "folder" else "not a regular file") in captured.err


def test_play_refuses_an_actions_file_over_the_limit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "huge.txt"
    with open(path, "wb") as f:
        f.truncate(1024 * 1024 + 1)  # sparse: nothing is written to the disk
    with deadline(10):
        assert main(["play", "magos", "--seed", "1", "--actions", str(path)]) == 2
    err = capsys.readouterr().err
    assert "over the limit of 1 MiB (1,048,577 bytes)" in err and str(path) in err


def test_play_reads_standard_input_with_a_size_cap(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"end\nend\n")))
    assert main(["play", "magos", "--seed", "1", "--actions", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["decisions"] == ["end", "end"]

    class Endless(io.RawIOBase):  # an endless stdin (`< /dev/zero`) on any system
        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            buffer[:] = b"x" * len(buffer)
            return len(buffer)

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(Endless())))
    with deadline(10):
        assert main(["play", "magos", "--seed", "1", "--actions", "-"]) == 2
    err = capsys.readouterr().err
    assert err == ("tabletop-cli: Cannot read the actions file from standard input: it is over "
                   "the limit of 1 MiB.\n")


def test_play_reads_an_actions_file_with_a_byte_order_mark(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notepad.txt"
    path.write_bytes("\ufeffend\r\nend\r\n".encode())
    assert main(["play", "magos", "--seed", "1", "--actions", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["decisions"] == ["end", "end"]
    path.write_bytes(b"end\n\xff\xfe\n")
    assert main(["play", "magos", "--seed", "1", "--actions", str(path)]) == 2
    assert "is not UTF-8 text" in capsys.readouterr().err


SIM = ["simulate", "magos", "--agents", "random,random", "--games", "2", "--seed", "1"]


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the games played: a refused command must refuse before the first."""
    played: list[int] = []
    real = tournament.play_match

    def counted(*args: Any, **kwargs: Any) -> dict[str, Any]:
        played.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(tournament, "play_match", counted)
    return played


def refused_before_any_game(argv: list[str], capsys: pytest.CaptureFixture[str],
                            no_games: list[int]) -> str:
    """What ``argv`` writes to stderr, checked to be a refusal (exit status 2, nothing on
    stdout) that came before any game was played."""
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and no_games == []
    return captured.err


@pytest.mark.parametrize("where", ["missing-folder", "file-as-folder", "folder"])
def test_simulate_save_checks_the_target_before_playing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], no_games: list[int],
        where: str) -> None:
    (tmp_path / "plain.txt").write_text("x", encoding="utf-8")
    (tmp_path / "runs").mkdir()
    target = {"missing-folder": tmp_path / "nowhere" / "run.json",
              "file-as-folder": tmp_path / "plain.txt" / "run.json",
              "folder": tmp_path / "runs"}[where]
    before = sorted(p.name for p in tmp_path.rglob("*"))
    for extra in ([], ["--resume"]):
        err = refused_before_any_game([*SIM, "--save", str(target), *extra], capsys, no_games)
        assert err.startswith("tabletop-cli: ")
        assert str(target) in err
        assert err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="the superuser may write to any folder")
def test_simulate_save_refuses_an_unwritable_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], no_games: list[int]) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        assert main([*SIM, "--save", str(folder / "run.json")]) == 2
    finally:
        folder.chmod(0o700)
    assert "Cannot write the results file" in capsys.readouterr().err and no_games == []
    assert list(folder.iterdir()) == []


def _results(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, dict[str, Any]]:
    save = tmp_path / "run.json"
    assert main([*SIM, "--save", str(save), "--json"]) == 0
    capsys.readouterr()
    return save, json.loads(save.read_text(encoding="utf-8"))


def _damaged(data: dict[str, Any], how: str) -> str | bytes:
    run = data["runs"][0]
    changes: dict[str, Any] = {
        "deep": "[" * 100_000 + "]" * 100_000,
        "not-utf8": b"\xff\xfe{}",
        "not-json": '{"game": ',
        "list": "[1, 2]",
        "no-keys": "{}",
        "no-runs": {k: v for k, v in data.items() if k != "runs"},
        "runs-not-list": {**data, "runs": {"0": run}},
        "run-not-object": {**data, "runs": [7]},
        "index-text": {**data, "runs": [{**run, "index": "0"}]},
        "index-negative": {**data, "runs": [{**run, "index": -1}]},
        "index-huge": {**data, "runs": [{**run, "index": 10**30}]},
        "index-bool": {**data, "runs": [{**run, "index": True}]},
        "index-twice": {**data, "runs": [run, run]},
        "result-missing": {**data, "runs": [{"index": 0}]},
        "result-not-object": {**data, "runs": [{"index": 0, "result": [1]}]},
        "moves-missing": {**data, "runs": [{**run, "result": {
            k: v for k, v in run["result"].items() if k != "moves"}}]},
        "moves-short": {**data, "runs": [{**run, "result": {**run["result"], "moves": [1]}}]},
        "returns-text": {**data, "runs": [{**run, "result": {**run["result"],
                                                           "returns": ["1", "0"]}}]},
        "returns-missing": {**data, "runs": [{**run, "result": {**run["result"],
                                                              "returns": None}}]},
        "returns-huge": {**data, "runs": [{**run, "result": {**run["result"],
                                                           "returns": [10**400, 0]}}]},
        "think-nan": json.dumps({**data, "runs": [{**run, "result": {
            **run["result"], "think": [0.1, 0.1]}}]}).replace("0.1, 0.1", "NaN, 0.1"),
        "seed-other": {**data, "runs": [{**run, "result": {**run["result"], "seed": 5}}]},
        "error-number": {**data, "runs": [{**run, "result": {**run["result"], "error": 3}}]},
        "seconds-huge": {**data, "seconds": 10**400},
        "seconds-inf": json.dumps(data).replace('"seconds": ', '"seconds": 1e999, "x": '),
    }
    value = changes[how]
    return value if isinstance(value, str | bytes) else json.dumps(value)


DAMAGES = ["deep", "not-utf8", "not-json", "list", "no-keys", "no-runs", "runs-not-list",
           "run-not-object", "index-text", "index-negative", "index-huge", "index-bool",
           "index-twice", "result-missing", "result-not-object", "moves-missing",
           "moves-short", "returns-text", "returns-missing", "returns-huge", "think-nan",
           "seed-other", "error-number", "seconds-huge", "seconds-inf"]


@pytest.mark.parametrize("how", DAMAGES)
def test_simulate_resume_refuses_every_damage_and_leaves_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], no_games: list[int],
        how: str) -> None:
    save, data = _results(tmp_path, capsys)
    no_games.clear()
    content = _damaged(data, how)
    if isinstance(content, str):
        save.write_text(content, encoding="utf-8")
    else:
        save.write_bytes(content)
    before = save.read_bytes(), save.stat().st_mtime_ns
    with deadline(20):
        code = main([*SIM, "--games", "3", "--save", str(save), "--resume"])
    captured = capsys.readouterr()
    assert code == 2, captured.err
    assert captured.out == "" and no_games == []
    assert captured.err.startswith(f"tabletop-cli: Cannot resume from {save}: ")
    assert captured.err.count("\n") == 1
    assert (save.read_bytes(), save.stat().st_mtime_ns) == before
    assert [p.name for p in tmp_path.iterdir()] == ["run.json"]


def test_simulate_resume_messages_name_the_damage(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save, data = _results(tmp_path, capsys)
    expected = {
        "deep": "nested too deeply",
        "not-utf8": "not UTF-8 text",
        "no-keys": "the field 'game' is missing",
        "index-huge": "'runs[0].index' must be a game number from 0 to 99999",
        "index-twice": "game 0 is in the file twice",
        "moves-short": "'runs[0].result.moves' must be a list of 2 whole numbers",
        "returns-missing": "'runs[0].result.returns' must be a list of 2 numbers",
        "seed-other": "game 0 was played from another seed",
        "seconds-huge": "'seconds' must be a number of seconds",
    }
    for how, words in expected.items():
        content = _damaged(data, how)
        if isinstance(content, str):
            save.write_text(content, encoding="utf-8")
        else:
            save.write_bytes(content)
        assert main([*SIM, "--save", str(save), "--resume"]) == 2
        assert words in capsys.readouterr().err, how


def test_simulate_resume_reads_only_a_regular_file_under_the_limit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], no_games: list[int]) -> None:
    save = tmp_path / "run.json"
    with open(save, "wb") as f:
        f.truncate(64 * 1024 * 1024 + 1)
    assert main([*SIM, "--save", str(save), "--resume"]) == 2
    assert "over the limit of 64 MiB" in capsys.readouterr().err
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo.json"
        os.mkfifo(fifo)
        with deadline(10):
            assert main([*SIM, "--save", str(fifo), "--resume"]) == 2
        assert "not a regular file" in capsys.readouterr().err
    assert no_games == []


def test_simulate_stops_with_a_message_when_the_results_file_cannot_be_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "run.json"
    real = tournament.write_atomic
    writes: list[int] = []

    def fill_up(path: Any, data: Any) -> None:
        writes.append(1)
        if len(writes) > 1:
            raise OSError(28, "No space left on device")
        real(path, data)

    monkeypatch.setattr(tournament, "write_atomic", fill_up)
    assert main([*SIM, "--games", "3", "--save", str(save)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"tabletop-cli: cannot write the results file {save} (No space "
                            "left on device); it holds the games before this one.\n")
    assert [r["index"] for r in json.loads(save.read_text(encoding="utf-8"))["runs"]] == [0]


@pytest.fixture
def broken_plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    entries = install_plugins(tmp_path / "site")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    return entries


def test_list_reports_broken_plugins_and_lists_the_rest(
        broken_plugins: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("broken-rules\tBroken rules\t")
    assert "\nmagos\tMagos\t" in out
    for entry in ("exits", "exits-quietly", "raises", "spec-fails", "spec-not-a-spec"):
        assert f"\n! failed to load {entry} (" in out, entry
    assert main(["list", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["failures"]) == 5


@pytest.mark.parametrize(("game", "why"), [
    ("broken-rules", "RuntimeError: the rules file is missing"),
    ("exiting-rules", "it called sys.exit(4) while loading"),
])
@pytest.mark.parametrize("command", [
    ["play", "--seed", "1", "--actions", "-"],
    ["simulate", "--agents", "random,random", "--games", "1"],
    ["bench", "--seconds", "0.1", "--positions", "1", "--levels", "random"],
])
def test_a_game_whose_rules_fail_to_load_is_a_message(
        broken_plugins: list[str], capsys: pytest.CaptureFixture[str], game: str, why: str,
        command: list[str]) -> None:
    assert main([command[0], game, *command[1:]]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    name = "Broken rules" if game == "broken-rules" else "Exiting rules"
    assert captured.err == f"tabletop-cli: The rules of {name} could not be loaded: {why}.\n"


BAD_NUMBERS = [
    (["simulate", "magos", "--agents", "random,random", "--games", "1", f"--time-cap={v}"], what)
    for v in ("nan", "inf", "-1", "0", "1e100", "-inf")
    for what in ["argument --time-cap: must be a number of seconds above 0 and at most 3600"]
] + [
    (["bench", "magos", "--levels", "random", "--positions", "1", f"--seconds={v}"],
     "argument --seconds: must be a number of seconds above 0 and at most 3600")
    for v in ("nan", "inf", "-1", "0", "1e100", "NaN")
] + [
    (["simulate", "magos", "--agents", "random,random", "--games", v],
     "argument --games: must be a whole number from 1 to 100000")
    for v in ("0", "-1", "100001", str(10**100), "1.5", "nan")
] + [
    (["simulate", "magos", "--agents", "random,random", "--games", "1", "--workers", v],
     "argument --workers: must be a whole number from 1 to 61")
    for v in ("0", "-1", "62", str(10**30))
] + [
    (["bench", "magos", "--levels", "random", "--seconds", "0.1", "--positions", v],
     "argument --positions: must be a whole number from 1 to 10000")
    for v in ("0", "-1", str(10**100))
] + [
    (argv, "argument --seed: must be a whole number from 0 to 9223372036854775807")
    for v in ("-1", str(2**63), str(10**100), "1" * 5000)
    for argv in (["play", "magos", "--actions", "-", "--seed", v],
                 ["simulate", "magos", "--agents", "random,random", "--games", "1",
                  "--seed", v],
                 ["bench", "magos", "--levels", "random", "--seconds", "0.1", "--positions",
                  "1", "--seed", v])
] + [
    (["play", "magos", "--seed", "1", "--actions", "-", "--players", v],
     "argument --players: must be a whole number from 1 to 100")
    for v in ("0", "-1", str(10**100))
] + [
    (["play", "magos", "--seed", "1", "--actions", "-", "--seat", v],
     "argument --seat: must be a whole number from 0 to 99")
    for v in ("-1", str(10**100))
]


@pytest.mark.parametrize(("argv", "message"), BAD_NUMBERS,
                         ids=[" ".join(a)[-40:] for a, _ in BAD_NUMBERS])
def test_bad_numbers_are_refused_before_any_work(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str],
        no_games: list[int]) -> None:
    with deadline(10):
        err = refused_before_any_game(argv, capsys, no_games)
    assert message in err
    assert len(err) < 1000  # a 5,000-digit number is not echoed whole


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "magos", "--agents", "hard,,random"], "--agents names an empty agent"),
    (["simulate", "magos", "--agents", ","], "--agents names an empty agent"),
    (["simulate", "magos", "--agents", "Hard,random"], "Unknown agent 'Hard'"),
    (["bench", "magos", "--levels", "wizard", "--seconds", "3600"], "Unknown level 'wizard'"),
    (["bench", "magos", "--levels", ",", "--seconds", "3600"], "--levels names an empty level"),
    (["bench", "magos", "--levels", "", "--seconds", "3600"], "--levels names an empty level"),
    (["bench", "magos", "--levels", "easy,\x1b[2J", "--seconds", "3600"],
     "Unknown level '\\x1b[2J'"),
])
def test_unknown_or_empty_agents_and_levels_are_refused_before_any_work(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str],
        no_games: list[int]) -> None:
    with deadline(10):
        assert message in refused_before_any_game(argv, capsys, no_games)


@pytest.mark.parametrize(("name", "why"), [
    ("results\x00.json", "that is not a valid file name"),
    ("results\ud800.json", "that is not a valid file name"),
    ("é" * 3000, "File name too long"),
])
def test_a_results_file_name_no_file_can_have_is_refused_before_any_game(
        name: str, why: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        no_games: list[int]) -> None:
    # Found by the hostile command-line corpus: each of these raised out of simulate.
    argv = ["simulate", "magos", "--agents", "random,random", "--games", "1",
            "--save", str(tmp_path / name)]
    err = refused_before_any_game(argv, capsys, no_games)
    assert "Cannot write the results file" in err and why in err
    assert len(err) < 1000
    assert list(tmp_path.iterdir()) == []
