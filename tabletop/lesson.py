"""A game's lesson: a short guided first game on a prepared deal, kept as data beside the game.

A lesson file (``lesson-<game id>.toml`` in the game's folder,
``tabletop.registry.lesson_file``) holds
the deal (seed, player count, options), the learner's seat, and every decision of the lesson
in the order it is made: the learner's steps, each with the text codes (in the game's word
catalogue, English and Japanese) saying what to do and why and the rules page's section it
links, and between them the scripted replies of the computer seats::

    [lesson]
    seed = 7
    players = 2
    seat = 0              # the learner's seat (default 0)
    level = "easy"        # the computer seats' level when the learner plays on from the end

    [[move]]              # a step: a move of the learner's seat
    action = "bury:1"
    say = "lesson.bury"   # what to do and why, in a sentence or two
    refuse = "lesson.bury_no"  # why another move is refused now (default: the step's words)
    rules = "A round"     # the rulebook's section: the start of its heading in rules/en.md

    [[move]]              # a reply: a move of a computer seat (no words)
    action = "bury:4"

Whose move each entry is comes from the rules, replayed from the seed: an entry met with the
learner's seat to move is a step and must have ``say``; any other is a reply and must have
none. ``Lesson.replay`` checks the whole file against the rules (every action legal where it
stands, every word code in the catalogue, every rules section in both rulebooks) and names
the game, the file and the step at fault; the lesson tests run it for every game that has
a lesson, so a change of rules that breaks one fails there.

The section a step links is found by position: the n-th heading of ``rules/en.md`` is the
n-th of ``rules/ja.md`` (the two rulebooks keep the same sections).

No Qt here: the app's side (the callout, the glow, the refusals, the end) is
``tabletop.app.lessons``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .engine import CHANCE, GameError, Session
from .engine.spec import OptionValue

if TYPE_CHECKING:
    from .api import GamePlugin
    from .text import Catalogue

#: The keys a lesson's table and its moves may hold.
_LESSON_KEYS = {"seed", "players", "seat", "options", "level"}
_MOVE_KEYS = {"action", "say", "refuse", "rules"}
_HEADING = re.compile(r"^(#{2,3})\s+(.+?)\s*$", re.MULTILINE)


class LessonError(ValueError):
    """A lesson file that cannot be played: the message names the game, the file and, where
    it is one step's fault, the step."""


@dataclass(frozen=True)
class Move:
    """One decision of a lesson: a step of the learner (``say`` set) or a scripted reply."""

    number: int  # 1-based among the file's moves, as the error messages count them
    action: str
    say: str | None = None
    refuse: str | None = None
    rules: str | None = None

    @property
    def is_step(self) -> bool:
        return self.say is not None


@dataclass(frozen=True)
class Lesson:
    """A lesson as read from its file (``load``); ``replay`` checks it against the rules."""

    game_id: str
    path: Path
    seed: int
    players: int
    seat: int
    options: dict[str, OptionValue]
    level: str
    moves: tuple[Move, ...]
    steps: tuple[Move, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", tuple(m for m in self.moves if m.is_step))

    def where(self, move: Move | None = None) -> str:
        """The place of a fault, as a message starts: the game, the file, the move."""
        text = f"lesson of '{self.game_id}' ({self.path.parent.name}/{self.path.name})"
        if move is not None:
            step = (f", step {self.steps.index(move) + 1}" if move in self.steps else "")
            text += f", move {move.number}{step} ({move.action!r})"
        return text

    # -- the lesson under way -----------------------------------------------------------
    def position(self, decisions: Sequence[str]) -> int:
        """How many of the lesson's moves ``decisions`` (a match's decisions so far, chance
        left out) have made; -1 when they left the script (a save edited by hand)."""
        if len(decisions) > len(self.moves):
            return -1
        for move, action in zip(self.moves, decisions, strict=False):
            if move.action != action:
                return -1
        return len(decisions)

    def next_move(self, decisions: Sequence[str]) -> Move | None:
        """The move the lesson makes next after ``decisions``; ``None`` at its end."""
        at = self.position(decisions)
        return self.moves[at] if 0 <= at < len(self.moves) else None

    def finished(self, decisions: Sequence[str]) -> bool:
        """Whether every move of the lesson has been made."""
        return self.position(decisions) == len(self.moves)

    def step_number(self, decisions: Sequence[str]) -> int:
        """The 1-based number of the learner's step due after ``decisions`` (or of the last
        step, at the end)."""
        at = max(0, self.position(decisions))
        return min(len(self.steps), sum(1 for m in self.moves[:at] if m.is_step) + 1)

    def refusal(self, decisions: Sequence[str], action: str) -> Move | None:
        """The step that refuses ``action`` after ``decisions``: the step due, when
        ``action`` is not its move; ``None`` when ``action`` is the step's move (or the
        lesson is over: the learner plays freely then)."""
        move = self.next_move(decisions)
        if move is None or action == move.action:
            return None
        return move

    # -- checking it against the rules ----------------------------------------------------
    def new_session(self, game: Any) -> Session:
        """A session of the lesson's deal, the learner's seat the one person at it."""
        return Session(game, self.players, dict(self.options), self.seed,
                       human_seats=[self.seat])

    def replay(self, plugin: GamePlugin) -> Session:
        """Play the whole lesson through the rules; the session at its end. Raises
        ``LessonError`` naming the step when an action is not legal where it stands, a step
        falls on a computer seat's turn (or a reply on the learner's), a word code is missing
        from the catalogue, or a rules section is not in the rulebooks."""
        try:
            session = self.new_session(plugin.game)
        except GameError as exc:
            raise LessonError(f"{self.where()}: the deal cannot be set up: {exc}") from None
        words = plugin.words
        sections = rule_sections(plugin)
        for move in self.moves:
            if session.is_terminal():
                raise LessonError(f"{self.where(move)}: the game is over before this move")
            seat = session.current_player()
            if seat == CHANCE:
                raise LessonError(f"{self.where(move)}: chance is to move, not a seat")
            if move.is_step and seat != self.seat:
                raise LessonError(f"{self.where(move)}: a step (it has words), but seat "
                                  f"{seat + 1} is to move, not the learner's seat "
                                  f"{self.seat + 1}")
            if not move.is_step and seat == self.seat:
                raise LessonError(f"{self.where(move)}: the learner's seat is to move, but "
                                  f"the move has no words (say)")
            legal = session.legal_actions()
            if move.action not in legal:
                shown = ", ".join(legal[:12]) + (", ..." if len(legal) > 12 else "")
                raise LessonError(f"{self.where(move)}: not legal here; legal: {shown}")
            for code in (move.say, move.refuse):
                if code is not None:
                    _check_words(self, move, words, code)
            if move.rules is not None and move.rules not in sections:
                raise LessonError(f"{self.where(move)}: no section of the rulebook starts "
                                  f"with {move.rules!r}")
            session.submit(seat, move.action)
        return session


def _check_words(lesson: Lesson, move: Move, words: Catalogue, code: str) -> None:
    entry = words.entry(code)
    if entry is None:
        raise LessonError(f"{lesson.where(move)}: the word code {code!r} is not in the "
                          f"game's catalogue")
    if not all(isinstance(t, str) and t.strip() for t in entry):
        raise LessonError(f"{lesson.where(move)}: the word code {code!r} must be plain words "
                          f"in both languages")


def headings(text: str) -> list[str]:
    """The section headings (## and ###) of a Markdown rulebook, in order."""
    return [m.group(2) for m in _HEADING.finditer(text)]


def rule_sections(plugin: GamePlugin) -> dict[str, dict[str, str]]:
    """For each section heading of the English rulebook, its heading in each language's
    rulebook (the same position): ``{"A round (6 rounds)": {"en": ..., "ja": ...}}``, keyed
    also by every start a step may name it by (see ``section``)."""
    books: dict[str, list[str]] = {}
    for lang, path in plugin.rules.items():
        try:
            books[lang] = headings(Path(path).read_text(encoding="utf-8"))
        except OSError:
            continue
    english = books.get("en", [])
    found: dict[str, dict[str, str]] = {}
    for i, title in enumerate(english):
        entry = {lang: heads[i] for lang, heads in books.items() if i < len(heads)}
        found.setdefault(title, entry)
        # A step names a section by the start of its English heading ("A round").
        words = title.split()
        for n in range(1, len(words)):
            start = " ".join(words[:n])
            found.setdefault(start, entry)
            found.setdefault(start.rstrip(":,;"), entry)  # "Selling buildings: the ..."
    return found


def section(plugin: GamePlugin, name: str, lang: str) -> str | None:
    """The heading, in ``lang``'s rulebook, of the section a step names by ``name``."""
    entry = rule_sections(plugin).get(name)
    if entry is None:
        return None
    return entry.get(lang) or entry.get("en")


def load(plugin: GamePlugin, path: Path | None = None) -> Lesson:
    """Read the lesson of ``plugin``'s game (``path``, default its folder's lesson file).
    Raises ``LessonError`` naming the game, the file and the move on a file of the wrong
    shape; ``replay`` checks it against the rules."""
    from .registry import lesson_file

    game_id = plugin.spec.id
    path = path if path is not None else lesson_file(plugin)
    if path is None:
        raise LessonError(f"'{game_id}' has no lesson")
    import tomllib

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise LessonError(f"lesson of '{game_id}' ({path.parent.name}/{path.name}): {exc}"
                          ) from None
    where = f"lesson of '{game_id}' ({path.parent.name}/{path.name})"
    head = data.get("lesson")
    if not isinstance(head, dict):
        raise LessonError(f"{where}: it needs a [lesson] table")
    odd = set(head) - _LESSON_KEYS
    if odd:
        raise LessonError(f"{where}: [lesson] has unknown keys: {', '.join(sorted(odd))}")
    spec = plugin.spec
    seed, players = head.get("seed"), head.get("players", spec.min_players)
    seat, level = head.get("seat", 0), head.get("level", "easy")
    options = head.get("options", {})
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise LessonError(f"{where}: [lesson] needs a whole-number seed")
    if not (isinstance(players, int) and spec.min_players <= players <= spec.max_players):
        raise LessonError(f"{where}: players must be {spec.min_players}-{spec.max_players}")
    if not (isinstance(seat, int) and 0 <= seat < players):
        raise LessonError(f"{where}: seat must be 0-{players - 1}")
    if not isinstance(options, dict):
        raise LessonError(f"{where}: options must be a table")
    if not isinstance(level, str):
        raise LessonError(f"{where}: level must be an AI level's name")
    raw = data.get("move")
    if not isinstance(raw, list) or not raw:
        raise LessonError(f"{where}: it needs its moves ([[move]] tables)")
    moves: list[Move] = []
    for number, entry in enumerate(raw, start=1):
        if not isinstance(entry, dict):
            raise LessonError(f"{where}, move {number}: not a table")
        odd = set(entry) - _MOVE_KEYS
        if odd:
            raise LessonError(f"{where}, move {number}: unknown keys: {', '.join(sorted(odd))}")
        values = {key: entry.get(key) for key in _MOVE_KEYS}
        if not isinstance(values["action"], str) or not values["action"]:
            raise LessonError(f"{where}, move {number}: it needs an action")
        for key in ("say", "refuse", "rules"):
            if values[key] is not None and not isinstance(values[key], str):
                raise LessonError(f"{where}, move {number}: {key} must be a text code")
        if values["say"] is None and (values["refuse"] or values["rules"]):
            raise LessonError(f"{where}, move {number}: a reply (no say) has no refuse or "
                              f"rules")
        moves.append(Move(number, values["action"], values["say"], values["refuse"],
                          values["rules"]))
    lesson = Lesson(game_id, path, seed, players, seat, dict(options), level, tuple(moves))
    if not lesson.steps:
        raise LessonError(f"{where}: it has no step for the learner")
    return lesson
