"""Shared test set-up: Qt runs offscreen. (The tests folder is a package: helpers are imported
by their full names, ``tests.toygame``.)"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
