"""Loading game plugins: the built-in list plus the ``tabletop.games`` entry-point group.

A plugin that fails to import (even by calling ``sys.exit``), is not a ``GamePlugin``, or whose
spec cannot be read is reported as a ``LoadFailure`` with a readable message; it never stops the
other games or the app from loading.

``importlib.metadata`` takes 40-70 ms to import (it brings in ``email``, ``zipfile``, ``csv``),
a third of the app's start-up, while most installations declare no game in the group. So the
installed metadata is first scanned cheaply for the group's name, and the full entry-point
lookup runs only when some distribution may declare it.
"""

from __future__ import annotations

import importlib
import os
import sys
from dataclasses import dataclass
from importlib.machinery import PathFinder

from .api import GamePlugin, plugin_failure
from .engine.spec import GameSpec
from .games import BUILTIN

GROUP = "tabletop.games"
_METADATA_SUFFIXES = (".dist-info", ".egg-info")


@dataclass(frozen=True)
class LoadFailure:
    source: str
    message: str


def _load_ref(ref: str) -> object:
    module_name, _, attr = ref.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr or "PLUGIN")


def _folder_mentions(root: str, needle: bytes) -> bool:
    """Whether an ``entry_points.txt`` in the metadata folders under ``root`` names ``needle``."""
    candidates: list[str] = []
    if root.lower().endswith(".egg"):
        candidates.append(os.path.join(root, "EGG-INFO", "entry_points.txt"))
    try:
        with os.scandir(root) as entries:
            candidates += [os.path.join(e.path, "entry_points.txt") for e in entries
                           if e.name.lower().endswith(_METADATA_SUFFIXES)]
    except OSError:
        return False  # importlib.metadata skips an unreadable folder too
    for path in candidates:
        try:
            with open(path, "rb") as f:
                if needle in f.read():
                    return True
        except OSError:
            continue
    return False


def _archive_mentions(root: str, needle: bytes) -> bool:
    """The same for a zip archive on ``sys.path`` (an egg or a bundled library)."""
    import zipfile

    try:
        with zipfile.ZipFile(root) as archive:
            for name in archive.namelist():
                folder, _, leaf = name.rstrip("/").rpartition("/")
                if leaf != "entry_points.txt" or "/" in folder:
                    continue
                metadata = folder.lower().endswith(_METADATA_SUFFIXES) or folder == "EGG-INFO"
                if metadata and needle in archive.read(name):
                    return True
    except (OSError, zipfile.BadZipFile):
        return False  # not an archive: importlib.metadata finds nothing there either
    return False


def may_declare_entry_points(group: str = GROUP) -> bool:
    """Whether any installed distribution might declare entry points in ``group``.

    Errs towards True: a finder that ``importlib.metadata`` would ask but this scan cannot read
    counts as a yes, so a game is never missed, only (rarely) looked up in vain. A frozen app
    (PyInstaller) answers no: its path holds only its own archive and folder, where nothing can
    be installed, and opening the archive would cost its start-up a zip reader.
    """
    if getattr(sys, "frozen", False):
        return False
    if any(getattr(finder, "find_distributions", None) is not None and finder is not PathFinder
           for finder in sys.meta_path):
        return True
    needle = group.encode()
    for entry in sys.path:
        root = entry or "."
        if os.path.isdir(root):
            if _folder_mentions(root, needle):
                return True
        elif os.path.isfile(root) and _archive_mentions(root, needle):
            return True
    return False


def load_plugins(include_entry_points: bool = True) -> tuple[dict[str, GamePlugin],
                                                              list[LoadFailure]]:
    """Every game that loads, by id, and a failure entry for every one that does not."""
    plugins: dict[str, GamePlugin] = {}
    failures: list[LoadFailure] = []
    refs: list[tuple[str, object]] = []
    # SystemExit too: a plugin module that calls sys.exit as it is imported is a broken
    # plugin, not a request to end the app. Ctrl+C (KeyboardInterrupt) still goes through.
    for ref in BUILTIN:
        try:
            refs.append((ref, _load_ref(ref)))
        except (Exception, SystemExit) as exc:  # a broken plugin must not stop the app
            failures.append(LoadFailure(ref, plugin_failure(exc)))
    if include_entry_points and may_declare_entry_points(GROUP):
        from importlib.metadata import entry_points

        for ep in entry_points(group=GROUP):
            try:
                refs.append((f"{ep.name} ({ep.value})", ep.load()))
            except (Exception, SystemExit) as exc:
                failures.append(LoadFailure(f"{ep.name} ({ep.value})", plugin_failure(exc)))
    for source, obj in refs:
        if not isinstance(obj, GamePlugin):
            failures.append(LoadFailure(source, "does not provide a GamePlugin object"))
            continue
        # A subclass may compute its spec: read it once here, where a failure is reported,
        # and never again in the chooser or the CLI.
        try:
            spec = obj.spec
            valid = isinstance(spec, GameSpec) and isinstance(spec.id, str) and bool(spec.id)
        except (Exception, SystemExit) as exc:
            failures.append(LoadFailure(source, f"its spec cannot be read: "
                                                f"{plugin_failure(exc)}"))
            continue
        if not valid:
            failures.append(LoadFailure(source, "its spec is not a GameSpec"))
            continue
        gid = spec.id
        if gid in plugins:
            failures.append(LoadFailure(source, f"game id '{gid}' is already taken"))
            continue
        plugins[gid] = obj
    return plugins, failures


def get_game_plugin(game_id: str) -> GamePlugin:
    plugins, _ = load_plugins()
    try:
        return plugins[game_id]
    except KeyError:
        known = ", ".join(sorted(plugins)) or "none"
        raise KeyError(f"Unknown game '{game_id}'. Known games: {known}.") from None
