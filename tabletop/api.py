"""The public surface for game plugins: everything a third-party game may import.

A plugin package registers an object in the entry-point group ``tabletop.games``::

    [project.entry-points."tabletop.games"]
    my-game = "my_package.plugin:PLUGIN"

where ``PLUGIN`` is a ``GamePlugin``. It must import only ``tabletop.api`` from Tabletop.

A game may bring a front page of its own (the Magos solo campaign does): a Qt widget that the
chooser's Play button opens instead of the new-game dialog. It reaches the app only through a
``GameHost`` and answers the app as a ``FrontPage``; both are declared here as protocols, with
the Qt types named for type checkers only, so importing this module still loads no Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Protocol

if TYPE_CHECKING:
    from PySide6.QtGui import QPixmap

    from .engine import (
        CHANCE,
        TERMINAL,
        Event,
        Game,
        GameError,
        GameSpec,
        GameView,
        Gesture,
        IllegalActionError,
        InvalidActionError,
        InvalidOptionError,
        Layout,
        Meter,
        Moment,
        Msg,
        Observation,
        ObservationBase,
        OptionSpec,
        Piece,
        Tempo,
        Text,
        Zone,
        check_game,
        sounds,
    )
    from .engine.actions import ActionForms, Arg, ArgumentForm, Dispatch
    from .engine.fields import (
        BOOL,
        BOOLS,
        BOOLS2,
        COPIES,
        DICT,
        INT,
        INTS,
        INTS2,
        LIST,
        LISTS,
        OPT_INT,
        OPT_INTS,
        SAME,
        SORTED_INTS,
        SORTED_INTS2,
        STR,
        STRS,
        STRS2,
        Field,
        StateFields,
        counts_per,
        derived,
        maybe,
    )
    from .engine.files import (
        DAMAGED,
        DamagedFileError,
        FileProblem,
        keep_aside,
        now_iso,
        quote,
        read_json,
        remove_stale_temporaries,
        write_atomic,
    )
    from .engine.game import JSON, action_kind, winner_returns
    from .engine.hidden import count_copies, deal_unseen, draw_by_count, take_copy, weighted_draw
    from .engine.layout import CARD_H, CARD_W, DIE_SIZE, MOVE_POSSIBLE, TILE_SIZE, Cell, Figure
    from .engine.phases import PhaseTable
    from .engine.seats import SEAT_COLOURS, SEAT_MARKS, Box, seat_colour, seat_mark, seat_panels
    from .engine.session import Session
    from .engine.spec import AI_LEVELS, OptionValue
    from .engine.tiles import EDGES, OPPOSITE, TileArt, TileError, TileIcon
    from .engine.view_kit import (
        IdForm,
        cards_en,
        coord,
        grid_labels,
        score_header,
        score_row,
        seat_figures,
        waiting_reason,
    )
    from .highscores import HighScore, ScoreLine
    from .text import (
        ENGINE,
        Catalogue,
        Say,
        Speaker,
        both,
        cell_name,
        game_over_prompt,
        per_seat,
        points_summary,
        render,
        seat_name,
        who_wins,
        words_file,
    )
    from .userdata import data_dir

# What loads on first use, by module: every name. The registry imports this module before
# the app's first paint (a listed game is a ``GamePlugin``), and the chooser shows no rules:
# importing the game contract with it cost ~8 ms of the start.
_LAZY: dict[str, str] = {
    # The game contract: a game's rules need it, the game list does not.
    **dict.fromkeys(("CHANCE", "TERMINAL", "Event", "Game", "GameError", "GameSpec",
                     "IllegalActionError", "InvalidActionError", "InvalidOptionError", "Msg",
                     "Observation", "ObservationBase", "OptionSpec"), "tabletop.engine"),
    **dict.fromkeys(("ActionForms", "Arg", "ArgumentForm", "Dispatch"),
                    "tabletop.engine.actions"),
    **dict.fromkeys(("JSON", "action_kind", "winner_returns"), "tabletop.engine.game"),
    **dict.fromkeys(("count_copies", "deal_unseen", "draw_by_count", "take_copy",
                     "weighted_draw"), "tabletop.engine.hidden"),
    "PhaseTable": "tabletop.engine.phases",
    **dict.fromkeys(("AI_LEVELS", "OptionValue"), "tabletop.engine.spec"),
    **dict.fromkeys(("GameView", "Gesture", "Layout", "Meter", "Moment", "Piece", "Tempo",
                     "Text", "Zone",
                     "check_game"), "tabletop.engine"),
    **dict.fromkeys(("ENGINE", "Catalogue", "Say", "Speaker", "both", "cell_name",
                     "game_over_prompt",
                     "per_seat", "points_summary", "render", "seat_name", "who_wins",
                     "words_file"),
                    "tabletop.text"),
    **dict.fromkeys(("DAMAGED", "DamagedFileError", "FileProblem", "keep_aside", "now_iso",
                     "quote", "read_json", "remove_stale_temporaries", "write_atomic"),
                    "tabletop.engine.files"),
    **dict.fromkeys(("CARD_H", "CARD_W", "DIE_SIZE", "MOVE_POSSIBLE", "TILE_SIZE", "Cell",
                    "Figure"),
                   "tabletop.engine.layout"),
    **dict.fromkeys(("BOOL", "BOOLS", "BOOLS2", "COPIES", "DICT", "INT", "INTS", "INTS2", "LIST",
                     "LISTS", "OPT_INT", "OPT_INTS", "SAME", "SORTED_INTS", "SORTED_INTS2", "STR",
                     "STRS", "STRS2", "Field", "StateFields", "counts_per", "derived", "maybe"),
                    "tabletop.engine.fields"),
    **dict.fromkeys(("EDGES", "OPPOSITE", "TileArt", "TileError", "TileIcon"),
                    "tabletop.engine.tiles"),
    **dict.fromkeys(("SEAT_COLOURS", "SEAT_MARKS", "Box", "seat_colour", "seat_mark",
                     "seat_panels"), "tabletop.engine.seats"),
    **dict.fromkeys(("IdForm", "cards_en", "coord", "grid_labels", "score_header",
                     "score_row", "seat_figures", "waiting_reason"),
                    "tabletop.engine.view_kit"),
    **dict.fromkeys(("HighScore", "ScoreLine"), "tabletop.highscores"),
    "data_dir": "tabletop.userdata",
}
#: Modules named as ``api.<name>``, imported on first use likewise: the table's sound names.
_LAZY_MODULES: dict[str, str] = {"sounds": "tabletop.engine.sounds"}


def __getattr__(name: str) -> Any:
    if name in _LAZY_MODULES:
        from importlib import import_module

        globals()[name] = found = import_module(_LAZY_MODULES[name])
        return found
    module = _LAZY.get(name)
    if module is not None:
        from importlib import import_module

        value = getattr(import_module(module), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: A seat played by a person at the screen; every other seat names an AI level
#: (``"easy"``, ``"normal"``, ``"hard"``, ``"expert"``).
HUMAN: Final = "human"


class Match(Protocol):
    """A match the app runs, as a front page sees it (the app's game controller)."""

    @property
    def tag(self) -> str | None:
        """The tag of the front page that started the match, kept in its save file."""

    @property
    def session(self) -> Session:
        """The match's session: its options, its state as each seat sees it, its end."""

    def summary_text(self, lang: str | None = None) -> str:
        """How the match ended, in words a player reads (the app's language by default)."""


class GameHost(Protocol):
    """What a game's front page may ask of the app."""

    @property
    def lang(self) -> str:
        """The app's language, ``"ja"`` or ``"en"``; the page is told when it changes
        (``FrontPage.retranslate``)."""

    def show_message(self, title: str, text: str) -> None:
        """A warning in a window-modal box that does not block the event loop."""

    def card_face(self, art: Mapping[str, Any], width: float, height: float,
                  scale: float) -> QPixmap:
        """A card face as the table paints it: ``art`` is the mapping a view gives a card
        piece, ``width`` x ``height`` its size in table units, ``scale`` device pixels per
        unit; texts in the host's language."""

    def start_match(self, game_id: str, seats: Sequence[str],
                    options: Mapping[str, OptionValue], seed: int | None = None, *,
                    tag: str | None = None) -> Match | None:
        """Start a match at the table now, without a dialog, replacing any match under way
        (ask ``confirm_leave`` first). ``seats`` has one entry per player: ``HUMAN`` or an AI
        level. ``seed`` ``None`` draws a fresh one (and "Play again" draws again); a given seed
        is kept. ``tag`` is the page's own mark on the match: the app keeps it in the save
        file and hands a resumed tagged match back to the page (``FrontPage.adopt``). ``None``
        when the match could not start (the player was told why)."""

    def confirm_leave(self) -> bool:
        """Whether a match under way may be left (the player is asked); True when none is."""

    def show_chooser(self) -> None:
        """Show the game chooser."""

    def show_page(self) -> bool:
        """Leave the table for this page (asking first while a match is under way); False
        when the player stays."""

    def open_new_game(self, game_id: str) -> None:
        """Open a game's ordinary new-game dialog (a match starts if the player accepts)."""


class FrontPage(Protocol):
    """What the app asks of a game's front page. The page is also a ``QWidget``: the app shows
    it in place of the chooser."""

    def refresh(self) -> None:
        """Read whatever the page shows again; called each time the page is opened."""

    def page_title(self) -> str:
        """The page's name in the host's language: a match it started offers "Back to
        <page title>" in the Game menu."""

    def retranslate(self) -> None:
        """Show every text again in the host's new language."""

    def match_over(self, match: Match) -> bool:
        """A match this page started (or adopted) has ended: True when the page took care
        of its end, and the app then shows no summary of its own."""

    def adopt(self, match: Match) -> bool:
        """A match carrying this page's tag was resumed from a save file: True when the page
        takes it back as its own (its end then goes to ``match_over``)."""


#: Builds a game's front page for the app that hosts it.
PageFactory = Callable[[GameHost], FrontPage]


def plugin_failure(exc: BaseException) -> str:
    """Why a plugin failed to load, in words: the exception, or the ``sys.exit`` it called
    (caught like an exception: a plugin may not end the app)."""
    if isinstance(exc, SystemExit):
        return f"it called sys.exit({exc.code!r}) while loading"
    return f"{type(exc).__name__}: {exc}"


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

    ``page``, when given, builds the game's front page (a ``QWidget`` that is a ``FrontPage``)
    from a ``GameHost``; the chooser's Play button then opens it instead of the new-game
    dialog. It is called the first time the page is needed, so a plugin module that imports
    the page's module inside the factory loads no Qt until then.
    """

    __slots__ = ("_game", "_load", "_page", "_rules", "_spec", "_view", "_words")

    def __init__(self, game: Game[Any] | None = None,
                 view: Callable[[], GameView[Any]] | None = None,
                 rules: dict[str, Path] | None = None, *,
                 spec: GameSpec | None = None,
                 load: Callable[[], Game[Any]] | None = None,
                 words: Catalogue | Callable[[], Catalogue] | None = None,
                 page: PageFactory | None = None) -> None:
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
        self._page = page

    @property
    def spec(self) -> GameSpec:
        """The game's spec, without loading its rules."""
        assert self._spec is not None
        return self._spec

    @property
    def listing(self) -> GameSpec:
        """What the game list shows of the game: its spec's id, names, players and summary.
        A built-in game listed from its folder's ``game.toml`` gives them before its modules
        are imported, with no options (``spec`` has them); any other plugin gives its spec."""
        return self.spec

    @property
    def game(self) -> Game[Any]:
        """The rules model, built on first use for a plugin that gave ``load``."""
        if self._game is None:
            assert self._load is not None
            from .engine.errors import GameError

            try:
                game = self._load()
            except (Exception, SystemExit) as exc:  # reported where the game is started
                raise GameError(f"The rules of {self.spec.name_en} could not be loaded: "
                                f"{plugin_failure(exc)}") from exc
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
    def view(self) -> Callable[[], GameView[Any]]:
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

    @property
    def page(self) -> PageFactory | None:
        """The factory of the game's front page, or ``None`` (the new-game dialog serves)."""
        return self._page

    def __repr__(self) -> str:
        return f"GamePlugin({self.spec.id!r}, loaded={self.loaded})"


__all__ = [
    "AI_LEVELS",
    "BOOL",
    "BOOLS",
    "BOOLS2",
    "CARD_H",
    "CARD_W",
    "CHANCE",
    "COPIES",
    "DAMAGED",
    "DICT",
    "DIE_SIZE",
    "EDGES",
    "ENGINE",
    "HUMAN",
    "INT",
    "INTS",
    "INTS2",
    "JSON",
    "LIST",
    "LISTS",
    "MOVE_POSSIBLE",
    "OPPOSITE",
    "OPT_INT",
    "OPT_INTS",
    "SAME",
    "SEAT_COLOURS",
    "SEAT_MARKS",
    "SORTED_INTS",
    "SORTED_INTS2",
    "STR",
    "STRS",
    "STRS2",
    "TERMINAL",
    "TILE_SIZE",
    "ActionForms",
    "Arg",
    "ArgumentForm",
    "Box",
    "Catalogue",
    "Cell",
    "DamagedFileError",
    "Dispatch",
    "Event",
    "Field",
    "Figure",
    "FileProblem",
    "FrontPage",
    "Game",
    "GameError",
    "GameHost",
    "GamePlugin",
    "GameSpec",
    "GameView",
    "Gesture",
    "HighScore",
    "IdForm",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidOptionError",
    "Layout",
    "Match",
    "Meter",
    "Moment",
    "Msg",
    "Observation",
    "ObservationBase",
    "OptionSpec",
    "OptionValue",
    "PageFactory",
    "PhaseTable",
    "Piece",
    "Say",
    "ScoreLine",
    "Speaker",
    "StateFields",
    "Tempo",
    "Text",
    "TileArt",
    "TileError",
    "TileIcon",
    "Zone",
    "action_kind",
    "both",
    "cards_en",
    "cell_name",
    "check_game",
    "coord",
    "count_copies",
    "counts_per",
    "data_dir",
    "deal_unseen",
    "derived",
    "draw_by_count",
    "game_over_prompt",
    "grid_labels",
    "keep_aside",
    "maybe",
    "now_iso",
    "package_plugin",
    "per_seat",
    "points_summary",
    "quote",
    "read_json",
    "remove_stale_temporaries",
    "render",
    "score_header",
    "score_row",
    "seat_colour",
    "seat_figures",
    "seat_mark",
    "seat_name",
    "seat_panels",
    "sounds",
    "take_copy",
    "waiting_reason",
    "weighted_draw",
    "who_wins",
    "winner_returns",
    "words_file",
    "write_atomic",
]


def _attribute(package: str, ref: str) -> Any:
    """The attribute ``ref`` ("module:name") of a module of ``package``, imported now."""
    from importlib import import_module

    module, _, name = ref.partition(":")
    return getattr(import_module(f"{package}.{module}"), name)


def package_rulebooks(package: str) -> dict[str, Path]:
    """A game package's rulebooks by language: ``rules/<language>.md`` beside its modules (the
    package must be imported)."""
    from .engine.datafile import package_file

    return {lang: package_file(package, f"rules/{lang}.md") for lang in ("en", "ja")}


def package_plugin(package: str, spec: GameSpec, *, game: str, view: str,
                   words: str | None = None, page: str | None = None,
                   rules: dict[str, Path] | None = None) -> GamePlugin:
    """A plugin whose parts are imported from ``package`` only when first needed.

    ``game``, ``view``, ``words`` and ``page`` name an attribute of a module of the package as
    ``"module:name"``: the rules model's class (``"model:MagosGame"``), the view's class, the
    message catalogue, and the class of the game's front page (a Qt widget built with the
    ``GameHost``; ``None``: the new-game dialog serves). The game chooser reads only ``spec``,
    so listing the games loads no rules, no view, no words and no Qt. The rulebooks are the
    package's own, ``rules/en.md`` and ``rules/ja.md`` beside its modules, unless ``rules``
    maps each language to another file: a game is one folder.
    """
    if rules is None:
        rules = package_rulebooks(package)

    def load() -> Game[Any]:
        return _attribute(package, game)()  # type: ignore[no-any-return]

    def make_view() -> GameView[Any]:
        return _attribute(package, view)()  # type: ignore[no-any-return]

    def load_words() -> Catalogue:
        assert words is not None
        return _attribute(package, words)  # type: ignore[no-any-return]

    def make_page(host: GameHost) -> FrontPage:
        assert page is not None
        return _attribute(package, page)(host)  # type: ignore[no-any-return]

    return GamePlugin(spec=spec, load=load, view=make_view, rules=rules,
                      words=load_words if words is not None else None,
                      page=make_page if page is not None else None)
