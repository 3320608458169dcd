"""The shape of the code: no import cycle in ``tabletop``, the app names no game, and games
reach the app only through ``tabletop.api``.

The import graph is read from the source with ``ast``, every import statement counted: at the
top of a module, inside a function (the lazy imports that keep start-up lean) and under
``TYPE_CHECKING``, since a cycle there still ties two modules together. A game's front page
(``*_page.py``, the one game module that imports Qt) may import only ``tabletop.api``, Qt, the
standard library and its own game package. Each check is also run on a small planted tree, so
that it is known to fail when it should.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Container
from pathlib import Path

from tabletop.registry import load_plugins

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tabletop"


# -- reading the source ---------------------------------------------------------------------
def modules(package: Path) -> dict[str, Path]:
    """Every module under ``package`` by its dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: Container[str] = ()) -> set[str]:
    """The absolute names of every module ``name`` (at ``path``) imports, anywhere in it.

    ``from a import b`` imports the module ``a.b`` when ``known`` holds it (``from . import
    art``: the package is only its parent), else ``a`` itself (``b`` is a name in ``a``)."""
    is_package = path.name == "__init__.py"
    here = name if is_package else name.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            for alias in node.names:
                member = f"{target}.{alias.name}"
                names.add(member if member in known else target)
    return names


def import_graph(package: Path) -> dict[str, set[str]]:
    """Module → the modules of the same tree it imports."""
    mods = modules(package)
    return {name: {t for t in imported(name, path, mods) if t in mods and t != name}
            for name, path in mods.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of ``graph`` with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(graph) + 100))
    try:
        for v in sorted(graph):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return found


def game_words() -> set[str]:
    """Every way the code could name a built-in game: ids, package names, names in ja/en."""
    plugins, failures = load_plugins(include_entry_points=False)
    assert not failures, failures
    words = {p.name for p in (PACKAGE / "games").iterdir()
             if p.is_dir() and (p / "__init__.py").is_file()}
    for gid, plugin in plugins.items():
        words |= {gid, plugin.spec.name_en, plugin.spec.name_ja}
    return {w for w in words if w}


def mentions(folder: Path, words: set[str]) -> list[str]:
    """``file:line: word`` for each place a file under ``folder`` names one of ``words``
    (as a whole word, in any case; code, strings and comments alike)."""
    # Latin letters bound a word; Japanese names are found wherever they stand.
    unique = {w.casefold(): w for w in sorted(words)}  # "Magos" and "magos" are one word
    patterns = [(w, re.compile(r"(?<![A-Za-z0-9_-])" + re.escape(w) + r"(?![A-Za-z0-9_-])",
                               re.IGNORECASE)) for w in sorted(unique.values())]
    found = []
    for path in sorted(folder.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for word, pattern in patterns:
                if pattern.search(line):
                    found.append(f"{path.relative_to(folder.parent)}:{number}: {word}")
    return found


def page_imports_outside(package: Path) -> list[str]:
    """Imports of a game's front page (``*_page.py``) beyond ``tabletop.api``, Qt, the
    standard library and its own game package."""
    return game_imports_outside(package, pages_only=True)


def game_imports_outside(package: Path, pages_only: bool = False) -> list[str]:
    """Imports of a game's modules beyond ``tabletop.api``, Qt, the standard library and its
    own game package (``pages_only``: of its front pages only)."""
    found = []
    for name, path in modules(package).items():
        parts = name.split(".")
        if len(parts) < 4 or parts[1] != "games":
            continue
        if pages_only and not parts[-1].endswith("_page"):
            continue
        own = ".".join(parts[:3])
        # ``from tabletop import api`` imports the module tabletop.api, not the package.
        for target in sorted(imported(name, path, known=("tabletop.api",))):
            top = target.split(".")[0]
            if target in ("tabletop.api", own) or target.startswith(own + "."):
                continue
            if top == "PySide6" or (top in sys.stdlib_module_names and top != "tabletop"):
                continue
            found.append(f"{name} imports {target}")
    return found


def games_importing_the_app(graph: dict[str, set[str]]) -> list[str]:
    return [f"{m} imports {t}" for m, targets in sorted(graph.items())
            if m.startswith("tabletop.games") for t in sorted(targets)
            if t == "tabletop.app" or t.startswith("tabletop.app.")]


# -- the checks on the real tree ------------------------------------------------------------
def test_no_import_cycle_in_tabletop() -> None:
    graph = import_graph(PACKAGE)
    assert "tabletop.app.window" in graph and "tabletop.app.controller" in graph
    assert cycles(graph) == []


def test_the_app_names_no_game() -> None:
    words = game_words()
    assert {"magos", "magos-solo", "national_economy", "National Economy"} <= words
    assert mentions(PACKAGE / "app", words) == []


def test_games_reach_the_app_only_through_the_api() -> None:
    assert games_importing_the_app(import_graph(PACKAGE)) == []
    assert page_imports_outside(PACKAGE) == []
    # The check above has something to check: Magos solo's campaign is such a page.
    assert (PACKAGE / "games" / "magos" / "campaign_page.py").is_file()


def test_built_in_games_import_only_the_api() -> None:
    # Every module of every built-in game: the rules, the views, the words, the front page.
    assert game_imports_outside(PACKAGE) == []
    assert len([p for p in (PACKAGE / "games").iterdir() if (p / "plugin.py").is_file()]) >= 7


# -- the checks fail when they should -------------------------------------------------------
def _plant(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / "tabletop" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "tabletop"


def test_a_planted_cycle_is_found_even_through_lazy_and_type_only_imports(tmp_path) -> None:
    package = _plant(tmp_path, {
        "__init__.py": "",
        "app/__init__.py": "",
        "app/window.py": "def page():\n    from .page import Page\n    return Page\n",
        "app/page.py": ("from typing import TYPE_CHECKING\n"
                        "if TYPE_CHECKING:\n    from tabletop.app import window\n"),
        "app/alone.py": "from . import page\n",
    })
    assert cycles(import_graph(package)) == [["tabletop.app.page", "tabletop.app.window"]]


def test_a_planted_game_name_and_a_planted_import_are_found(tmp_path) -> None:
    package = _plant(tmp_path, {
        "__init__.py": "",
        "app/__init__.py": "",
        "app/window.py": "def play(game_id):\n    return game_id == 'magos-solo'\n",
        "app/other.py": "# the National Economy chart\nMAGOSX = 1\n",
        "games/__init__.py": "",
        "games/magos/__init__.py": "",
        "games/magos/campaign_page.py": ("import json\nfrom PySide6.QtWidgets import QWidget\n"
                                         "from tabletop.api import HUMAN\nfrom . import data\n"
                                         "from tabletop.app.i18n import tr\n"),
        "games/magos/data.py": "",
        "games/magos/model.py": ("from tabletop import api\nfrom tabletop.api import Game\n"
                                 "from tabletop.engine import Msg\n"),
        "games/magos/solo.py": "from tabletop import registry\n",
        "app/i18n.py": "",
    })
    found = mentions(package / "app", {"magos-solo", "magos", "National Economy"})
    assert found == ["app/other.py:1: National Economy", "app/window.py:2: magos-solo"]
    graph = import_graph(package)
    assert games_importing_the_app(graph) == ["tabletop.games.magos.campaign_page imports "
                                              "tabletop.app.i18n"]
    assert page_imports_outside(package) == ["tabletop.games.magos.campaign_page imports "
                                             "tabletop.app.i18n"]
    assert game_imports_outside(package) == [
        "tabletop.games.magos.campaign_page imports tabletop.app.i18n",
        "tabletop.games.magos.model imports tabletop.engine",
        "tabletop.games.magos.solo imports tabletop"]
