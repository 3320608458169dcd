"""``tabletop-cli replay FILE``: verify a save and print its final state; bad files exit 2."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.engine import Session
from tabletop.engine import savefile as sf
from tabletop.games.magos.model import MagosGame


def magos_save(path: Path, moves: int = 30) -> Session:
    s = Session(MagosGame(), seed=9, human_seats=[0])
    rng = random.Random(1)
    for _ in range(moves):
        legal = s.legal_actions()
        if not legal:
            break
        s.submit(s.current_player(), legal[rng.randrange(len(legal))])
    sf.save(path, s, ["human", "normal"])
    return s


def test_replay_verifies_and_prints_the_public_state(tmp_path: Path, capsys) -> None:
    path = tmp_path / "m.json"
    s = magos_save(path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    decisions = len([r for r in s.history if r.seat >= 0])
    assert "Magos" in out and f"{decisions} moves" in out and "verified" in out
    assert s.state_hash()[:12] in out


def test_replay_json(tmp_path: Path, capsys) -> None:
    path = tmp_path / "m.json"
    s = magos_save(path)
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "magos" and data["verified"] is True
    assert data["moves"] == len([r for r in s.history if r.seat >= 0])
    assert data["state_hash"] == s.state_hash()
    assert data["state"] == s.observation(None)  # the public view, no hidden hands
    assert data["seats"] == ["human", "normal"]
    assert data["terminal"] == s.is_terminal()
    assert data["returns"] == (s.returns() if s.is_terminal() else None)


def test_finished_game_prints_its_result(tmp_path: Path, capsys) -> None:
    path = tmp_path / "done.json"
    s = magos_save(path, moves=10_000)
    assert s.is_terminal()
    assert main(["replay", str(path)]) == 0
    assert "Game over. Result:" in capsys.readouterr().out


@pytest.mark.parametrize(("content", "words"), [
    ("", "the file is empty"),
    ('{"format": "tabletop-save"', "cut short"),
    ("not json at all", "not valid JSON"),
    ('{"format": "tabletop-save", "format_version": 7}', "format 7"),
])
def test_damaged_file_exits_2_naming_the_problem(tmp_path: Path, capsys, content: str,
                                                 words: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert words in captured.err and str(path) in captured.err
    assert path.read_text() == content


def test_hash_mismatch_and_unknown_game_exit_2(tmp_path: Path, capsys) -> None:
    path = tmp_path / "m.json"
    magos_save(path, moves=5)
    obj = json.loads(path.read_text())
    obj["state_hash"] = "f" * 64
    path.write_text(json.dumps(obj))
    assert main(["replay", str(path)]) == 2
    assert "hash_mismatch" in capsys.readouterr().err
    obj["game"]["id"] = "chess"
    path.write_text(json.dumps(obj))
    assert main(["replay", str(path), "--json"]) == 2
    err = capsys.readouterr().err
    assert "'chess'" in err and "not installed" in err


def test_missing_file_exits_2(tmp_path: Path, capsys) -> None:
    assert main(["replay", str(tmp_path / "none.json")]) == 2
    assert "cannot be read" in capsys.readouterr().err


def _tamper(path: Path, **fields: object) -> None:
    obj = json.loads(path.read_text(encoding="utf-8"))
    obj.update(fields)
    path.write_text(json.dumps(obj), encoding="utf-8")  # ensure_ascii: lone surrogates survive


HOSTILE = {
    "app_version": "\u2028 \x1b[31mred\x1b[0m",
    "created": "\x1b]0;title\x07\u202eevil",
    "updated": "2024\nGame over. Result: Player 1: 1\x9b2J",
}


def test_replay_prints_file_text_with_control_characters_escaped(tmp_path: Path,
                                                                 capsys) -> None:
    path = tmp_path / "m.json"
    magos_save(path, moves=8)
    _tamper(path, **HOSTILE)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    out.encode("utf-8")  # printable: no lone surrogate left
    for raw in ("\x1b", "\x07", "\x9b", "\u202e", "\u2028", "\nGame over"):
        assert raw not in out, repr(raw)
    for shown in ("\\u2028 \\x1b[31mred\\x1b[0m", "\\x1b]0;title\\x07\\u202eevil",
                  "2024\\nGame over. Result: Player 1: 1\\x9b2J"):
        assert shown in out, shown


def test_replay_refuses_a_save_with_a_lone_surrogate(tmp_path: Path, capsys) -> None:
    # A lone surrogate cannot be printed in any encoding (it once raised UnicodeEncodeError
    # out of replay): no file this app writes holds one, so the save is refused as damaged.
    path = tmp_path / "m.json"
    magos_save(path, moves=8)
    _tamper(path, app_version="\ud800 1.0")
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "not valid Unicode (a lone surrogate)" in captured.err
    captured.err.encode("utf-8")


def test_replay_json_escapes_control_characters_and_round_trips(tmp_path: Path,
                                                                 capsys) -> None:
    path = tmp_path / "m.json"
    magos_save(path, moves=8)
    _tamper(path, **HOSTILE)
    assert main(["replay", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    out.encode("utf-8")
    assert not any((ord(c) < 0x20 and c != "\n") or 0x7f <= ord(c) <= 0x9f for c in out)
    for raw in ("\u202e", "\u2028"):
        assert raw not in out
    data = json.loads(out)
    for key, value in HOSTILE.items():
        assert data[key] == value  # escaped in the text, the same value once parsed


def test_error_messages_escape_file_text(tmp_path: Path, capsys) -> None:
    path = tmp_path / "m.json"
    magos_save(path, moves=3)
    obj = json.loads(path.read_text(encoding="utf-8"))
    obj["game"]["id"] = "\x1b[2Jchess\u202e"
    path.write_text(json.dumps(obj), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    err.encode("utf-8")
    assert "\x1b" not in err and "\\x1b[2Jchess\\u202e" in err
    assert err.count("\n") == 1
