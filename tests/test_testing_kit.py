"""The author's kit, ``tabletop.testing``, is part of the package: it imports from an installed
Tabletop without the repository's tests, without Qt (but for the table driver), and its
strength tests take the game's own random-play rate."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tabletop.testing.aicheck import chance_to_clear, strength_tests
from tests.toygame import ToyGame


def test_the_kit_imports_without_the_tests_folder_or_qt(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # Run from an empty folder with the repository's tests off the path: the kit stands alone.
    code = ("import sys; sys.path = [p for p in sys.path if p not in ('', '.')]\n"
            "import tabletop.testing, tabletop.testing.aicheck, tabletop.testing.build, "
            "tabletop.testing.plugincheck\n"
            "assert 'tests' not in sys.modules\n"
            "assert not [m for m in sys.modules if m.startswith('PySide6')], 'Qt imported'\n"
            "from tabletop.testing import check_game\n"
            "print('ok')\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_the_win_bar_is_judged_at_the_games_own_random_rate() -> None:
    _, beyond_chance = strength_tests(ToyGame(), games=30, bar=22, first_seed=1)
    beyond_chance()  # 22 of 30 at a coin flip: 0.8% by luck
    assert chance_to_clear(30, 22) < 0.01 < chance_to_clear(30, 22, 0.6)
    # Where random play wins 60% against itself, the same bar says nothing about the search.
    _, too_low = strength_tests(ToyGame(), games=30, bar=22, first_seed=1, random_rate=0.6)
    with pytest.raises(AssertionError):
        too_low()
    # A game that random play wins less often (draws) may set a lower bar.
    _, lower = strength_tests(ToyGame(), games=30, bar=18, first_seed=1, random_rate=0.3)
    lower()


def test_a_random_rate_that_is_no_chance_is_refused() -> None:
    with pytest.raises(ValueError, match="random_rate is a chance between 0 and 1"):
        strength_tests(ToyGame(), games=30, bar=22, first_seed=1, random_rate=1.0)
