"""The public surface for game plugins: everything a third-party game may import.

A plugin package registers an object in the entry-point group ``tabletop.games``::

    [project.entry-points."tabletop.games"]
    my-game = "my_package.plugin:PLUGIN"

where ``PLUGIN`` is a ``GamePlugin``. It must import only ``tabletop.api`` from Tabletop.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .engine import (
    CHANCE,
    TERMINAL,
    Event,
    Game,
    GameError,
    GameSpec,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    Msg,
    Observation,
    OptionSpec,
)
from .engine.game import JSON, action_kind
from .engine.hidden import deal_unseen
from .engine.spec import AI_LEVELS, OptionValue

if TYPE_CHECKING:
    from .engine import GameView, Gesture, Layout, Meter, Piece, Tempo, Text, Zone, check_game
    from .engine.files import FileProblem, keep_aside, quote, read_json, write_atomic
    from .highscores import HighScore, ScoreLine
    from .text import ENGINE, Catalogue, Say, Speaker, both, render
    from .userdata import data_dir

# What loads on first use, by module: the table's vocabulary, the conformance kit, words,
# data files and high scores. A plugin module imports this one before the app's first paint.
_LAZY: dict[str, str] = {
    **dict.fromkeys(("GameView", "Gesture", "Layout", "Meter", "Piece", "Tempo", "Text", "Zone",
                     "check_game"), "tabletop.engine"),
    **dict.fromkeys(("ENGINE", "Catalogue", "Say", "Speaker", "both", "render"),
                    "tabletop.text"),
    **dict.fromkeys(("FileProblem", "keep_aside", "quote", "read_json", "write_atomic"),
                    "tabletop.engine.files"),
    **dict.fromkeys(("HighScore", "ScoreLine"), "tabletop.highscores"),
    "data_dir": "tabletop.userdata",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is not None:
        from importlib import import_module

        value = getattr(import_module(module), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class GamePlugin:
    """One game as the app sees it: rules, presentation, and rulebook files.

    ``game`` is the rules model. A plugin may give ``spec`` and ``load`` instead: the game's
    spec (all that the game chooser and the new-game dialog read) and a function that builds
    the rules model when it is first needed, so that listing the games loads no rules. The
    model ``load`` returns must carry the same spec id.

    ``view`` is called lazily so that headless use (CLI, AI) never builds it. ``rules`` maps a
    language code to a Markdown file shown in the app's rules window. ``words`` gives the
    game's message catalogue (``tabletop.text.Catalogue``), or a function that builds it on
    first use; without one the engine's own words serve.
    """

    __slots__ = ("_game", "_load", "_rules", "_spec", "_view", "_words")

    def __init__(self, game: Game[Any] | None = None,
                 view: Callable[[], GameView] | None = None,
                 rules: dict[str, Path] | None = None, *,
                 spec: GameSpec | None = None,
                 load: Callable[[], Game[Any]] | None = None,
                 words: Catalogue | Callable[[], Catalogue] | None = None) -> None:
        if view is None or rules is None:
            raise TypeError("A GamePlugin needs a view and its rulebooks.")
        if game is None and (spec is None or load is None):
            raise TypeError("A GamePlugin needs a game, or a spec and a load function.")
        self._game = game
        self._load = load
        self._spec = spec if spec is not None else game.spec if game is not None else None
        self._view = view
        self._rules = rules
        self._words = words

    @property
    def spec(self) -> GameSpec:
        """The game's spec, without loading its rules."""
        assert self._spec is not None
        return self._spec

    @property
    def game(self) -> Game[Any]:
        """The rules model, built on first use for a plugin that gave ``load``."""
        if self._game is None:
            assert self._load is not None
            try:
                game = self._load()
            except Exception as exc:  # a broken game is reported where it is started
                raise GameError(f"The rules of {self.spec.name_en} could not be loaded: "
                                f"{type(exc).__name__}: {exc}") from exc
            if game.spec.id != self.spec.id:
                raise GameError(f"The plugin of '{self.spec.id}' loaded the rules of "
                                f"'{game.spec.id}'.")
            self._game = game
        return self._game

    @property
    def loaded(self) -> bool:
        """Whether the rules model has been built."""
        return self._game is not None

    @property
    def view(self) -> Callable[[], GameView]:
        return self._view

    @property
    def words(self) -> Catalogue:
        """The game's message catalogue (built on first use when given as a function)."""
        from .text import ENGINE, Catalogue

        words = self._words
        if words is None:
            words = self._words = Catalogue({}, spec=self.spec, parent=ENGINE)
        elif not isinstance(words, Catalogue):
            words = self._words = words()
        return words

    def speaker(self, names: Sequence[str] | None = None) -> Speaker:
        """Words for this game's messages (``names``: the seats' names, default "Player 1")."""
        from .text import Speaker

        return Speaker(self.game, self.words, names)

    @property
    def rules(self) -> dict[str, Path]:
        return self._rules

    def __repr__(self) -> str:
        return f"GamePlugin({self.spec.id!r}, loaded={self.loaded})"


__all__ = [
    "AI_LEVELS",
    "CHANCE",
    "ENGINE",
    "JSON",
    "TERMINAL",
    "Catalogue",
    "Event",
    "FileProblem",
    "Game",
    "GameError",
    "GamePlugin",
    "GameSpec",
    "GameView",
    "Gesture",
    "HighScore",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidOptionError",
    "Layout",
    "Meter",
    "Msg",
    "Observation",
    "OptionSpec",
    "OptionValue",
    "Piece",
    "Say",
    "ScoreLine",
    "Speaker",
    "Tempo",
    "Text",
    "Zone",
    "action_kind",
    "both",
    "check_game",
    "data_dir",
    "deal_unseen",
    "keep_aside",
    "package_plugin",
    "quote",
    "read_json",
    "render",
    "write_atomic",
]


def _attribute(package: str, ref: str) -> Any:
    """The attribute ``ref`` ("module:name") of a module of ``package``, imported now."""
    from importlib import import_module

    module, _, name = ref.partition(":")
    return getattr(import_module(f"{package}.{module}"), name)


def package_plugin(package: str, spec: GameSpec, *, game: str, view: str,
                   rules: str | dict[str, Path], words: str | None = None) -> GamePlugin:
    """A plugin whose parts are imported from ``package`` only when first needed.

    ``game``, ``view`` and ``words`` name an attribute of a module of the package as
    ``"module:name"``: the rules model's class (``"model:MagosGame"``), the view's class, and
    the message catalogue. The game chooser reads only ``spec``, so listing the games loads no
    rules, no view and no words. ``rules`` maps a language to a rulebook file, or names a
    rulebook shipped with Tabletop (``"magos"``: ``rules/magos.en.md`` and ``rules/magos.ja.md``).
    """
    if isinstance(rules, str):
        from .resources import rulebook

        rules = {lang: rulebook(f"{rules}.{lang}.md") for lang in ("en", "ja")}

    def load() -> Game[Any]:
        return _attribute(package, game)()  # type: ignore[no-any-return]

    def make_view() -> GameView:
        return _attribute(package, view)()  # type: ignore[no-any-return]

    def load_words() -> Catalogue:
        assert words is not None
        return _attribute(package, words)  # type: ignore[no-any-return]

    return GamePlugin(spec=spec, load=load, view=make_view, rules=rules,
                      words=load_words if words is not None else None)
