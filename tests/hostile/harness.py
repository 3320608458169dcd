"""Running ``tabletop.cli.main`` in-process on hostile input: a deadline that turns a hang
into a failure, and the plugins that misbehave on purpose."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


class Hang(Exception):
    """Raised in the main thread when a call outlives its deadline."""


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raise ``Hang`` inside the block if it runs longer than ``seconds``.

    A timer signal interrupts even a blocking system call (``open`` on a FIFO, a read), which
    a watchdog thread could not; so it needs the main thread of a POSIX system.
    """
    if not hasattr(signal, "setitimer") or threading.current_thread() is not \
            threading.main_thread():
        pytest.skip("needs POSIX timer signals in the main thread")

    def expire(signum: int, frame: object) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# A lazily loaded game whose rules fail to load, one whose spec raises, and modules that end
# the interpreter or raise as they are imported.
BROKEN_PLUGINS = {
    "rules_fail": (
        "from tests.toygame import ToyGame, ToyView\n"
        "from tabletop.api import GamePlugin, GameSpec\n"
        "SPEC = GameSpec(id='broken-rules', name_en='Broken rules', name_ja='壊れた規則',\n"
        "                min_players=2, max_players=2)\n"
        "def _load():\n"
        "    raise RuntimeError('the rules file is missing')\n"
        "PLUGIN = GamePlugin(spec=SPEC, load=_load, view=ToyView, rules={})\n"
    ),
    "spec_fails": (
        "from tests.toygame import ToyGame, ToyView\n"
        "from tabletop.api import GamePlugin\n"
        "class Plugin(GamePlugin):\n"
        "    @property\n"
        "    def spec(self):\n"
        "        raise RuntimeError('no spec today')\n"
        "PLUGIN = Plugin(ToyGame(), ToyView, {})\n"
    ),
    "load_exits": (
        "import sys\n"
        "from tests.toygame import ToyGame, ToyView\n"
        "from tabletop.api import GamePlugin, GameSpec\n"
        "SPEC = GameSpec(id='exiting-rules', name_en='Exiting rules', name_ja='終わる規則',\n"
        "                min_players=2, max_players=2)\n"
        "PLUGIN = GamePlugin(spec=SPEC, load=lambda: sys.exit(4), view=ToyView, rules={})\n"
    ),
    "spec_not_a_spec": (
        "from tests.toygame import ToyGame, ToyView\n"
        "from tabletop.api import GamePlugin\n"
        "PLUGIN = GamePlugin(spec='toy', load=ToyGame, view=ToyView, rules={})\n"
    ),
    "exits": "import sys\nsys.exit(3)\n",
    "exits_quietly": "raise SystemExit\n",
    "raises": "raise ImportError('a dependency is missing')\n",
}


def install_plugins(site: Path, names: list[str] | None = None) -> list[str]:
    """Install the ``BROKEN_PLUGINS`` named in ``names`` (default: all) into the folder
    ``site``, registered in the ``tabletop.games`` entry-point group; put ``site`` on
    ``sys.path`` to use them. Module names are unique to the folder, so that tests never share
    an imported module; the entry-point names are returned."""
    prefix = f"broken_{abs(hash(str(site))):x}"
    lines = ["[tabletop.games]"]
    entries = []
    site.mkdir(parents=True, exist_ok=True)
    for name in names or list(BROKEN_PLUGINS):
        module = f"{prefix}_{name}"
        (site / f"{module}.py").write_text(BROKEN_PLUGINS[name], encoding="utf-8")
        entry = name.replace("_", "-")
        lines.append(f"{entry} = {module}:PLUGIN")
        entries.append(entry)
    meta = site / f"{prefix}-1.0.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {prefix}\nVersion: 1.0\n",
                                   encoding="utf-8")
    (meta / "entry_points.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return entries
