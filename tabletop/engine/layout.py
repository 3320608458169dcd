"""View hints: how a game wants its observation laid out on the generic table.

A game's ``view`` module turns an observation into a ``Layout`` (pieces and zones with table
coordinates and art data) and its legal actions into ``Gesture``s (drag this onto that, click
this, press that button). The table draws pieces by kind and knows no game; the game knows no
Qt. Coordinates are table units: the table is ``Layout.width`` x ``Layout.height`` units and the
view scales it to the window.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from .game import TERMINAL, Event
from .messages import Msg
from .sounds import SOUND_OF_KIND

if TYPE_CHECKING:  # a record type only: the engine does not store anything itself
    from tabletop.highscores import HighScore

CARD_W = 120.0
CARD_H = 168.0
DIE_SIZE = 48.0
TILE_SIZE = 80.0


@dataclass
class Piece:
    """One movable or clickable thing on the table, keyed by a stable id.

    ``kind`` is ``card``, ``die``, ``token`` or ``tile``. ``art`` is data for the renderer:
    for cards ``title_en``, ``title_ja``, ``body_en``, ``body_ja``, ``corner`` (short text such
    as a cost), ``badge`` (a short tag such as a dice requirement or a price), ``badge_icon``
    (``"die"`` puts a small die before a badge that states dice, ``"glasses"`` a pair of
    sunglasses before one that counts agents), ``color`` (``#rrggbb``),
    ``subtitle_en``/``subtitle_ja`` (a second title line in one language only: a word's
    romaji for English readers), ``brief_en``/``brief_ja`` (a shorter body the card prints
    where its whole body would be set too small to read), ``glance`` (true for a card the
    player only glances at, such as a rival's building: its body is printed only where it
    reads at 9 pt, else left to the hover text and the large view), ``gist_en``/``gist_ja``
    (a word or two such a card prints in place of a body it leaves out); for
    dice ``value``; for tokens ``label`` (the same in every language) or ``label_en`` and
    ``label_ja``, and ``color``. A face-down card shows its back; its art is empty.

    Texts come in both languages (``tooltip_en``/``tooltip_ja``, ``title_en``/``title_ja``...)
    and the table shows the player's: a view never needs to know which language is chosen. A
    card's title and body are printed in the player's language only (its hover text and its
    large view, ``tabletop.table.lens``, give both).

    A tile's art is a ``tabletop.engine.tiles.TileArt`` in its JSON form (``TileArt.to_art()``):
    ``edges`` (``{"N": "path", "E": "wall", "S": "stub", "W": "wall"}``: ``wall``, ``path``, or
    ``stub``, a dead end short of the middle), ``segments`` (path edges joined through the
    middle: ``[["N", "S"], ["E"]]``), ``style`` (``tunnel``, ``road`` or ``river``), ``icons``
    (``[{"icon": "door", "at": "N", "color": "#2e8b57"}, {"icon": "sheep", "count": 3}]``; ``at``
    is ``C``, the middle, by default) and ``label``. It is drawn as a square (or oblong) tile,
    ``TILE_SIZE`` units a side unless ``w`` and ``h`` say otherwise; a ``tile`` without
    ``edges`` is drawn as a labelled token, as before. To show a tile turned round, lay out
    ``tile.rotated_180().to_art()`` rather than ``rotation=180``: its icons then stand upright.

    ``turnable``: the player may turn the piece 180° (right-click or R while dragging it, R
    while it is selected); gestures with ``turned=True`` are the moves it makes turned round.
    """

    id: str
    kind: str
    x: float
    y: float
    face_up: bool = True
    art: dict[str, Any] = field(default_factory=dict)
    z: float = 0.0
    rotation: float = 0.0
    state: str = ""  # "", "used", "dim", "active", "selected"
    tooltip_en: str = ""
    tooltip_ja: str = ""
    w: float = 0.0
    h: float = 0.0
    turnable: bool = False

    def size(self) -> tuple[float, float]:
        if self.w and self.h:
            return self.w, self.h
        if self.kind == "card":
            return CARD_W, CARD_H
        if self.kind == "die":
            return DIE_SIZE, DIE_SIZE
        if self.kind == "tile":
            return TILE_SIZE, TILE_SIZE
        return 40.0, 40.0


@dataclass
class Zone:
    """A labelled area (a player's spell row, a dice tray); may be a drop target."""

    id: str
    x: float
    y: float
    w: float
    h: float
    label_en: str = ""
    label_ja: str = ""
    color: str = ""


@dataclass
class Meter:
    """A labelled bar such as HP 12/15 or mana 3/8."""

    id: str
    x: float
    y: float
    w: float
    label_en: str
    label_ja: str
    value: int
    maximum: int
    capacity: int
    color: str = "#c0392b"


@dataclass
class Text:
    """A free text on the table (a player's name, a turn counter)."""

    id: str
    x: float
    y: float
    text_en: str
    text_ja: str
    size: float = 16.0
    color: str = "#f4ecd8"
    bold: bool = False


@dataclass
class Layout:
    width: float
    height: float
    pieces: list[Piece] = field(default_factory=list)
    zones: list[Zone] = field(default_factory=list)
    meters: list[Meter] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)


#: The window's own keys (hint, undo, redo, help, new, quit, save, open) and the table's large
#: view of a card (Z): a game's button may not take one (the plugin check refuses it), the
#: window or the table would answer first.
WINDOW_KEYS: frozenset[str] = frozenset({"H", "Z", "Ctrl+Z", "Ctrl+Y", "Ctrl+Shift+Z", "F1",
                                         "Ctrl+N", "Ctrl+Q", "Ctrl+S", "Ctrl+O"})


@dataclass(frozen=True)
class Gesture:
    """How a player performs one legal action on the table.

    ``source`` and ``target`` are piece or zone ids. Drag: both set. Click: only ``target``
    (click the piece). Button: neither set; ``label`` names the button. ``choice`` is the
    text shown in the chooser when one drop matches several actions.

    ``turned`` (drags only): the move is made with the source turned 180° from how the layout
    shows it; the source piece must be ``turnable``. A view gives each orientation its own
    gestures, and its own action texts (``place:7:0``, ``place:7:180``): while the player drags
    the piece, the targets of the orientation shown glow and a drop sends that orientation's
    action; clicking the piece and then a target legal both ways offers both.

    ``then``: actions the same gesture goes on to make, each once the one before is applied
    and where it is then legal, so that one drop finishes what the player meant when the rules
    take it as several decisions: a spy dropped on a rival's hand starts the secret action
    (``secret:2``) and commits that spy to it (``spy:SP-6``).
    """

    action: str
    source: str | None = None
    target: str | None = None
    label_en: str = ""
    label_ja: str = ""
    choice_en: str = ""
    choice_ja: str = ""
    shortcut: str = ""
    turned: bool = False
    then: tuple[str, ...] = ()

    @classmethod
    def plain(cls, action: str) -> Gesture:
        """A button named by the action text itself, for an action the view has no words for."""
        return cls(action, label_en=action, label_ja=action)


@dataclass(frozen=True)
class Tempo:
    """A state played in real time, to a beat (a call-and-answer game, say).

    While the player to move may take ``action`` ("a beat has passed"), the app's clock takes
    it for them every ``period_ms`` milliseconds, counted from the moment the tempo starts;
    whatever the player does between two beats goes in as usual, at once. ``sound`` asks for an
    audible tick on each beat. The rules themselves still count beats, never milliseconds.
    """

    period_ms: int
    action: str
    sound: bool = False


#: A game's observation as its view reads it: ``Observation``, or the game's own ``TypedDict``.
Obs = TypeVar("Obs", bound=Mapping[str, Any])


#: ``why_not``'s answer for a drop or click that is a legal move: there is nothing to explain.
MOVE_POSSIBLE = Msg("move_possible")

#: One charted number: its name (a message of the game's catalogue) and its value.
Figure = tuple[Msg, float]

#: A score-table cell: a message of the game's catalogue, or text the same in every language.
Cell = Msg | str


@dataclass(frozen=True)
class Moment:
    """A result worth a pause (a round's end, an attack's outcome): the app shows it over the
    table as the table stands then, and waits for the person at the screen to go on before
    play moves past it. ``title`` heads it, ``lines`` say what happened, ``table`` (rows of
    cells, a header row first) breaks it down per player. ``key`` tells moments apart where
    one record could be read as several (the log's line of it reopens it)."""

    title: Msg
    lines: tuple[Msg | Event, ...] = ()
    table: tuple[tuple[Cell, ...], ...] = ()
    key: str = ""


class GameView(Generic[Obs]):
    """Qt-free presentation of one game: layout, gestures, prompts. Subclass per game, with
    the type of the game's observation: ``class MyView(GameView[MyObs])``, where ``MyObs`` is
    the ``TypedDict`` the game's ``observation`` returns (or ``GameView[Observation]``).

    A view speaks no language: what it says is a ``Msg`` of the game's catalogue, which the
    app words in the player's language, and what it lays out carries both languages.

    A spectator (``seat`` ``None``) and a finished game are answered here once for every
    game: a view gives its gestures in ``gestures_seated`` and its reasons in
    ``why_not_seated``, which are asked only for a player at the table."""

    #: The code of ``why_not``'s answer once the game is over.
    over_reason: ClassVar[str] = "game_over"
    #: Whether a legal action that ``gestures_seated`` gives no gesture gets a plain button
    #: (``Gesture.plain``); off, such an action is left to the table's other ways (a beat of
    #: the clock, a step the app plays itself).
    plain_buttons: ClassVar[bool] = False

    def layout(self, obs: Obs, seat: int | None) -> Layout:
        raise NotImplementedError

    def public_role(self, obs: Obs, seat: int) -> Msg | None:
        """The role ``seat`` plays that every player knows (Mr. Sneaky's Rich Man or Thief),
        named where the screen is handed over. ``obs`` is a spectator's observation, so a
        secret role (Saboteur 2's) is never told. ``None``: the game has no such role."""
        return None

    def over(self, obs: Obs) -> bool:
        """Whether the game is over at ``obs``: nobody is to move any more."""
        return bool(obs.get("to_move") == TERMINAL)

    def gestures(self, obs: Obs, seat: int | None,
                 legal_actions: list[str]) -> list[Gesture]:
        """One gesture (or more) for each legal action of ``seat``: none for a spectator,
        else those of ``gestures_seated``, and with ``plain_buttons`` a plain button for
        every legal action those leave out."""
        if seat is None:
            return []
        out = self.gestures_seated(obs, seat, legal_actions)
        if self.plain_buttons:
            named = {g.action for g in out}
            out.extend(Gesture.plain(a) for a in legal_actions if a not in named)
        return out

    def gestures_seated(self, obs: Obs, seat: int, legal_actions: list[str]) -> list[Gesture]:
        """``gestures`` for a player at the table: by default a plain button per action."""
        return [Gesture.plain(a) for a in legal_actions]

    def why_not(self, obs: Obs, seat: int | None, source: str, target: str | None) -> Msg:
        """Why dropping ``source`` on ``target`` (or clicking it) does nothing now: the game
        is over (``over_reason``), the viewer only watches, or what ``why_not_seated``
        says."""
        if self.over(obs):
            return Msg(self.over_reason)
        if seat is None:
            return Msg("table.watching")
        return self.why_not_seated(obs, seat, source, target)

    def why_not_seated(self, obs: Obs, seat: int, source: str, target: str | None) -> Msg:
        """``why_not`` for a player at the table while the game goes on: ``MOVE_POSSIBLE``
        for a move that is possible; by default no move is explained."""
        return Msg("move_not_possible")

    def status(self, obs: Obs, seat: int | None) -> Msg | None:
        """The status line: what ``seat`` should do next, or whose turn it is; ``None``
        leaves it to the game's ``prompt``."""
        return None

    def tempo(self, obs: Obs) -> Tempo | None:
        """The beat this state is played to, or ``None`` for a game played at leisure."""
        return None

    #: The sounds of the game's own event kinds (``tabletop.api.sounds`` names, or the name
    #: of a ``sounds/<name>.wav`` in the game's folder), over the kinds most games share
    #: (``SOUND_OF_KIND``: a die rolled, a card dealt...); ``()`` silences a kind.
    sound_of: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    def sounds(self, event: Event) -> tuple[str, ...]:
        """The sounds ``event`` makes at the table, played when the table shows it to a seat
        that may read it: by default its kind's in ``sound_of``, else in ``SOUND_OF_KIND``.
        A view whose sound depends on an event's data (a word called, an answer's verdict)
        overrides this. Sounds only repeat what the table shows; rules never play one."""
        own = self.sound_of.get(event.kind)
        return own if own is not None else SOUND_OF_KIND.get(event.kind, ())

    def moment(self, obs: Obs, seat: int | None, events: Sequence[Event]) -> Moment | None:
        """The result a step shows, worth a pause before play goes on (``Moment``), or
        ``None``. ``events`` are the step's events ``seat`` may read (one record: a decision
        or a chance outcome); ``obs`` is ``seat``'s observation right after it, the table
        the moment is shown over. A round's end, an attack's check and the card it takes, an
        auction's winner: what a person would want to see before the table moves on. Only
        what ``seat`` may know: the events and the observation are its own."""
        return None

    def series(self, obs: Obs) -> list[Figure]:
        """Numbers worth charting over a game (HP, mana, cash), sampled by the app after
        every action; the end-of-game summary plots them per turn, or per round when
        ``series_round`` says which round a sample belongs to. Each name is a message whose
        words tell the chart which player a line belongs to ("P2 HP": seat 1)."""
        return []

    def series_from_seats(self, obs: Obs, seen: Sequence[Obs]) -> list[Figure] | None:
        """``series`` worked out from each seat's own observation (``seen``, in seat order)
        rather than the public one, or ``None`` (the default) to chart the public ``series``.

        The chart is shown only once the game is over, when nothing is secret any more; a
        figure that rests on a hidden hand (a building worth more for each card held, say) is
        right all game long only when each player's figures come from what that player saw.
        """
        return None

    def series_round(self, obs: Obs) -> int | None:
        """The round being played at ``obs``, for games played in rounds.

        When every sample has a round the summary charts one point per round against the round
        number: the value after the round's last decision, which the app files under the round
        it was made in even when the state it led to is already in the next round. ``None``
        keeps the per-move chart.
        """
        return None

    def series_axis(self) -> Msg | None:
        """The word of the chart's x axis when it is by ``series_round``, for a game whose
        ``series_round`` counts something else than rounds (turns, say); ``None``: "Round"."""
        return None

    def series_panels(self) -> list[tuple[Msg, tuple[Msg, ...]]]:
        """Separate charts for the summary: ``(title, words)`` per chart, in tab order.

        A series goes into the first chart one of whose words its name contains (ignoring
        case, both worded in the same language); series that match no chart get a last one of
        their own. The empty list draws every series in one chart.
        """
        return []

    def series_colours(self) -> list[tuple[Msg, str]]:
        """Colours the summary's chart draws series in: ``(words, "#rrggbb")``, a series
        whose name contains the words (ignoring case, as ``series_panels``) in that colour,
        the players then told apart by the line's dash. For a game whose table already colours
        what is counted (HP red, mana blue), so that the chart says it the same way. The empty
        list colours each line by its player.
        """
        return []

    def score_table(self, obs: Obs) -> list[list[Cell]] | None:
        """The final score breakdown as a table, shown by the end-of-game summary.

        The first row is the header: an empty cell, then one name per player. Each further row
        is one category (its label, then one cell per player); the last row is the total.
        ``None`` shows no table. With a table the summary shows only the first line of
        ``summary`` (the headline) above it, since the table holds the breakdown.
        """
        return None

    def high_score(self, obs: Obs) -> HighScore | None:
        """For solo games: the finished game's entry for the high-score lists (which list,
        score, result, breakdown; see ``tabletop.highscores``), or ``None`` when the game does
        not keep high scores or this result does not count (a game lost early, say)."""
        return None

    def summary(self, obs: Obs) -> Msg | None:
        """End-of-game text: who won and why, the score breakdown; ``None``: the app says
        who won."""
        return None
