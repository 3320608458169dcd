"""The one place that decides where Tabletop keeps a player's files (saves, campaigns).

``$TABLETOP_DATA_DIR`` wins when set (tests, portable installs); otherwise the platform's user
data directory from platformdirs. Qt-free, so rules packages may use it too.
"""

from __future__ import annotations

import os
from pathlib import Path

ENV_DATA_DIR = "TABLETOP_DATA_DIR"
APP_NAME = "tabletop"


def data_dir() -> Path:
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
