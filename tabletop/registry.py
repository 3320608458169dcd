"""Loading game plugins: the built-in list plus the ``tabletop.games`` entry-point group.

A plugin that fails to import or is not a ``GamePlugin`` is reported as a ``LoadFailure`` with a
readable message; it never stops the other games or the app from loading.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from importlib.metadata import entry_points

from .api import GamePlugin
from .games import BUILTIN


@dataclass(frozen=True)
class LoadFailure:
    source: str
    message: str


def _load_ref(ref: str) -> object:
    module_name, _, attr = ref.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr or "PLUGIN")


def load_plugins(include_entry_points: bool = True) -> tuple[dict[str, GamePlugin],
                                                              list[LoadFailure]]:
    """Every game that loads, by id, and a failure entry for every one that does not."""
    plugins: dict[str, GamePlugin] = {}
    failures: list[LoadFailure] = []
    refs: list[tuple[str, object]] = []
    for ref in BUILTIN:
        try:
            refs.append((ref, _load_ref(ref)))
        except Exception as exc:  # a broken plugin must not stop the app
            failures.append(LoadFailure(ref, f"{type(exc).__name__}: {exc}"))
    if include_entry_points:
        for ep in entry_points(group="tabletop.games"):
            try:
                refs.append((f"{ep.name} ({ep.value})", ep.load()))
            except Exception as exc:
                failures.append(LoadFailure(f"{ep.name} ({ep.value})",
                                            f"{type(exc).__name__}: {exc}"))
    for source, obj in refs:
        if not isinstance(obj, GamePlugin):
            failures.append(LoadFailure(source, "does not provide a GamePlugin object"))
            continue
        gid = obj.game.spec.id
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
