"""Shared test set-up: Qt runs offscreen, and the player's data folder is a fresh temporary
folder of the test process unless the run names one, so that no test reads or writes the saves,
records or caches of the person running the tests. (The tests folder is a package: helpers are
imported by their full names, ``tests.toygame``.)"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if not os.environ.get("TABLETOP_DATA_DIR"):
    _DATA = tempfile.mkdtemp(prefix="tabletop-tests-")
    os.environ["TABLETOP_DATA_DIR"] = _DATA
    atexit.register(shutil.rmtree, _DATA, True)
