"""Loading game plugins: the built-in list plus the ``tabletop.games`` entry-point group.

A plugin that fails to import (even by calling ``sys.exit``), is not a ``GamePlugin``, or whose
spec cannot be read is reported as a ``LoadFailure`` with a readable message; it never stops the
other games or the app from loading.

The app lists the games before its first paint, when importing each game's spec (its options
built in code, its card data) cost 20-30 ms of a 330 ms start. So ``load_plugins(defer=True)``
lists a built-in game from its folder's ``game.toml`` alone, as a ``ListedPlugin`` that imports
the game's code the first time anything but its listing is asked for; the app imports the
rest in idle time after its first paint and reports a game whose code fails then. A file that
does not list the game (no ``game.toml``, no table for its plugin) has its plugin imported at
once, as every plugin is without ``defer``.

``importlib.metadata`` takes 40-70 ms to import (it brings in ``email``, ``zipfile``, ``csv``),
a third of the app's start-up, while most installations declare no game in the group. So the
installed metadata is first scanned cheaply for the group's name, and the full entry-point
lookup runs only when some distribution may declare it.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.machinery import PathFinder
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .api import GamePlugin, plugin_failure
from .engine.datafile import loads, read_cached, read_toml
from .engine.errors import GameError
from .engine.spec import GameSpec
from .games import BUILTIN

if TYPE_CHECKING:
    from .api import Catalogue, Game, GameView, PageFactory

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


def _checked(source: str, obj: object) -> tuple[GamePlugin | None, LoadFailure | None]:
    """``obj`` as a plugin, or why it is none."""
    if not isinstance(obj, GamePlugin):
        return None, LoadFailure(source, "does not provide a GamePlugin object")
    # A subclass may compute its spec: read it once here, where a failure is reported,
    # and never again in the chooser or the CLI.
    try:
        spec = obj.spec
        valid = isinstance(spec, GameSpec) and isinstance(spec.id, str) and bool(spec.id)
    except (Exception, SystemExit) as exc:
        return None, LoadFailure(source, f"its spec cannot be read: {plugin_failure(exc)}")
    if not valid:
        return None, LoadFailure(source, "its spec is not a GameSpec")
    return obj, None


#: A table's header line in a data file (``[name]`` or ``["name"]``), its name in group 1.
_HEADER = r'^[ \t]*\[[ \t]*("(?:[^"\\\n]|\\.)*"|[A-Za-z0-9_-]+)[ \t]*\][ \t]*(?:#.*)?$'


def _game_tables(path: Path) -> dict[str, Any]:
    """The tables of the data file ``path`` but its options' (``["<id> option <key>"]``).

    The option tables hold most of a game's words, and reading them took ~6 of the ~8 ms
    that the listing of every game cost at start; the chooser shows none of them. They are
    blanked line for line, so that an error names the line it would in the whole file; they
    are read (and checked) when the game's spec is imported. A bundle's parsed copy
    (``<name>.json``) is read whole: it costs no parsing."""
    if path.with_name(path.name + ".json").is_file():
        return read_toml(path)
    return read_cached(f"listing:{path}", path, _listed_tables)


def _listed_tables(text: str) -> dict[str, Any]:
    """The tables of a ``game.toml``'s text but its options' (``_game_tables``)."""
    import re

    kept: list[str] = []
    start, keep = 0, True
    for header in re.finditer(_HEADER, text, re.MULTILINE):
        part = text[start:header.start()]
        kept.append(part if keep else "\n" * part.count("\n"))
        name = header.group(1)
        keep = " option " not in name
        start = header.start()
    part = text[start:]
    kept.append(part if keep else "\n" * part.count("\n"))
    return loads("".join(kept))


def package_folder(ref: str) -> Path | None:
    """The folder of the package that holds the plugin ``ref`` ("package.plugin:NAME"),
    found without importing any module of the package; ``None`` when there is none."""
    package = ref.partition(":")[0].rpartition(".")[0]
    if not package:
        return None
    try:
        found = importlib.util.find_spec(package)  # imports the parents, never the package
    except (ImportError, ValueError):
        return None  # importing the plugin reports it
    folders = found.submodule_search_locations if found is not None else None
    if not folders:
        return None
    return Path(next(iter(folders)))


#: The file of a game's lesson (``tabletop.lesson``), in the game's own folder, named by the
#: game's id: one folder may hold two games (Magos's duel and its solo game).
LESSON_FILE = "lesson-{id}.toml"


def lesson_file(plugin: GamePlugin) -> Path | None:
    """The game's lesson file, if its folder has one: only the file's existence is looked at
    (the chooser asks this at start, before any lesson is read). A game's folder is where its
    rulebooks are (``rules/en.md``); a listed game's is found from its plugin's module, its
    code not imported."""
    if isinstance(plugin, ListedPlugin):
        folder = plugin.folder
    else:
        en = plugin.rules.get("en")
        folder = Path(en).parent.parent if en is not None else None
    if folder is None:
        return None
    path = folder / LESSON_FILE.format(id=plugin.listing.id)
    return path if path.is_file() else None


def listing(ref: str, folder: Path | None = None) -> GameSpec | None:
    """The game the built-in entry ``ref`` ("package.plugin:NAME") names, as its package
    folder's ``game.toml`` lists it (``GameSpec.from_table``: no options), read without
    importing any module of the package; ``None`` when that file does not list it: there is no
    such file, or not exactly one game table whose ``plugin`` entry (``PLUGIN`` when it has
    none) is ``NAME``. A file that cannot be read as TOML, or whose table for the game breaks
    its shape, raises ``ValueError`` saying where, as the game's spec module would."""
    module, _, attr = ref.partition(":")
    package = module.rpartition(".")[0]
    folder = folder if folder is not None else package_folder(ref)
    if folder is None:
        return None
    path = f"{package}/game.toml"
    try:
        table = _game_tables(folder / "game.toml")
    except OSError:
        return None
    except ValueError as exc:  # tomllib's TOMLDecodeError is one
        raise ValueError(f"{path}: {exc}") from None
    name = attr or "PLUGIN"
    games = [key for key, data in table.items() if " option " not in key
             and isinstance(data, dict) and data.get("plugin", "PLUGIN") == name]
    if len(games) != 1:
        return None  # the file cannot say which game it is: the plugin will
    return GameSpec.from_table(path, table, games[0])


class ListedPlugin(GamePlugin):
    """A built-in game listed from its folder's ``game.toml`` (``listing``), whose code is
    imported the first time anything else is asked for: its spec with the options, its rules,
    view, words, rulebooks or page. Code that fails to load makes each of those raise
    ``GameError``, as a plugin's rules that fail to load do; ``load_code`` says why, in the
    words a failure at start would have.

    The app swaps a listed game for the plugin its module gives once it is loaded
    (``code``); this object keeps answering for it meanwhile."""

    # GamePlugin's own slots stay empty: every member reads the plugin the module gives.
    __slots__ = ("_failure", "_listing", "_plugin", "folder", "source")

    def __init__(self, source: str, listing: GameSpec, folder: Path | None = None) -> None:
        self.source = source
        self._listing = listing
        # The game's folder, found when it was listed: what else the folder holds (a lesson)
        # is looked up there without finding the package again.
        self.folder = folder if folder is not None else package_folder(source)
        self._plugin: GamePlugin | None = None
        self._failure: LoadFailure | None = None

    @property
    def listing(self) -> GameSpec:
        return self._listing

    @property
    def imported(self) -> bool:
        """Whether the game's code has been imported, or failed to."""
        return self._plugin is not None or self._failure is not None

    def load_code(self) -> LoadFailure | None:
        """Import the game's plugin module, once; why it failed, or ``None``."""
        if not self.imported:
            try:
                obj = _load_ref(self.source)
            except (Exception, SystemExit) as exc:  # a broken game must not stop the app
                self._failure = LoadFailure(self.source, plugin_failure(exc))
                return self._failure
            plugin, self._failure = _checked(self.source, obj)
            if plugin is not None and plugin.spec.id != self._listing.id:
                self._failure = LoadFailure(
                    self.source, f"its game.toml lists '{self._listing.id}' for it, but its "
                                 f"spec is '{plugin.spec.id}'")
            elif plugin is not None:
                self._plugin = plugin
        return self._failure

    @property
    def code(self) -> GamePlugin:
        """The plugin the game's module gives, imported now if need be."""
        failure = self.load_code()
        if failure is not None:
            raise GameError(f"{self._listing.name_en} could not be loaded: {failure.message}")
        assert self._plugin is not None
        return self._plugin

    @property
    def spec(self) -> GameSpec:
        return self.code.spec

    @property
    def game(self) -> Game[Any]:
        return self.code.game

    @property
    def loaded(self) -> bool:
        return self._plugin is not None and self._plugin.loaded

    @property
    def view(self) -> Callable[[], GameView[Any]]:
        return self.code.view

    @property
    def words(self) -> Catalogue:
        return self.code.words

    @property
    def rules(self) -> dict[str, Path]:
        return self.code.rules

    @property
    def page(self) -> PageFactory | None:
        return self.code.page

    def __repr__(self) -> str:
        return f"ListedPlugin({self._listing.id!r}, imported={self.imported})"


def load_listed(plugins: dict[str, GamePlugin], game_ids: Sequence[str] | None = None
                ) -> list[LoadFailure]:
    """Import the code of the listed games among ``plugins`` (those of ``game_ids``, default
    all), in place: each that loads is replaced by the plugin its module gives, each that
    fails is taken out, and its failure returned."""
    failures: list[LoadFailure] = []
    for gid in list(plugins) if game_ids is None else game_ids:
        plugin = plugins.get(gid)
        if not isinstance(plugin, ListedPlugin):
            continue
        failure = plugin.load_code()
        if failure is None:
            plugins[gid] = plugin.code
        else:
            del plugins[gid]
            failures.append(failure)
    return failures


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


def load_plugins(include_entry_points: bool = True, *, defer: bool = False
                 ) -> tuple[dict[str, GamePlugin], list[LoadFailure]]:
    """Every game that loads, by id, and a failure entry for every one that does not.

    With ``defer``, a built-in game that its folder's ``game.toml`` lists (``listing``) is a
    ``ListedPlugin``, none of its modules imported, and only a damaged ``game.toml`` fails it
    now; ``load_listed`` imports the code later and returns the failures then. Without it,
    every plugin is imported now."""
    plugins: dict[str, GamePlugin] = {}
    failures: list[LoadFailure] = []
    refs: list[tuple[str, object]] = []
    # SystemExit too: a plugin module that calls sys.exit as it is imported is a broken
    # plugin, not a request to end the app. Ctrl+C (KeyboardInterrupt) still goes through.
    for ref in BUILTIN:
        try:
            folder = package_folder(ref) if defer else None
            listed = listing(ref, folder) if defer else None
            refs.append((ref, ListedPlugin(ref, listed, folder) if listed is not None
                         else _load_ref(ref)))
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
        plugin, failure = (obj, None) if isinstance(obj, ListedPlugin) else _checked(source, obj)
        if plugin is None:
            assert failure is not None
            failures.append(failure)
            continue
        gid = plugin.listing.id
        if gid in plugins:
            failures.append(LoadFailure(source, f"game id '{gid}' is already taken"))
            continue
        plugins[gid] = plugin
    return plugins, failures


def get_game_plugin(game_id: str) -> GamePlugin:
    plugins, _ = load_plugins()
    try:
        return plugins[game_id]
    except KeyError:
        known = ", ".join(sorted(plugins)) or "none"
        raise KeyError(f"Unknown game '{game_id}'. Known games: {known}.") from None
