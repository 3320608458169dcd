"""A match killed with SIGKILL mid-game is offered for resume and comes back identical."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

DRIVER = Path(__file__).with_name("crash_driver.py")


def _env(data_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["TABLETOP_DATA_DIR"] = str(data_dir)
    env["QT_QPA_PLATFORM"] = "offscreen"
    return env


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize(("game", "moves"), [("toy", 2), ("magos", 6)])
def test_killed_game_resumes_to_the_same_state(tmp_path: Path, game: str, moves: int) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    proc = subprocess.Popen([sys.executable, str(DRIVER), "play", game, str(moves)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=_env(data_dir))
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().split()
        assert line and line[0] == "READY", proc.stderr.read() if proc.stderr else line
        expected = line[1]
        os.kill(proc.pid, signal.SIGKILL)  # no clean-up of any kind
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()
    assert proc.returncode == -signal.SIGKILL
    autosave = data_dir / "autosave"
    assert [p.name for p in autosave.iterdir()] == ["current.json"]  # no stray temp files

    done = subprocess.run([sys.executable, str(DRIVER), "resume"], capture_output=True,
                          text=True, env=_env(data_dir), timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    words = done.stdout.split()
    assert words[0] == "RESUMED"
    assert words[1] == expected  # the very same position, hash for hash
    assert int(words[2]) >= moves
    if game == "magos":
        # Hot-seat with hidden hands: the resumed match opens on the privacy page.
        assert words[3] != "-" and words[4] == "-"
    else:
        assert words[3] == "-" and words[4] == "0"
