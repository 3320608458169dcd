"""Words for the rules' messages: each game's catalogue, and ``render`` at the app's edge.

The rules speak in codes (``tabletop.engine.messages.Msg``); this module turns a code into
the sentence a player reads, in Japanese or English. Each game has one ``Catalogue`` (its
``words`` module) that maps every code it uses to a pair of templates, English first, and
falls back on the engine's own catalogue (``ENGINE``) for what every game says alike: the game
is over, it is another seat's turn, that is not an action of this game.

Templates are ``str.format`` templates over the message's arguments, with a few formats for
what every game words alike::

    {seat:player}      the seat's name: "Player 2" / "プレイヤー2" (or the names given)
    {seats:players}    several names: "Player 1, Player 2 and Player 4" / "…・…・…"
    {seat:number}      a seat as the number players count: 2 for seat 1
    {card:@card}       a term of the catalogue: the entry ``card.<value>``
    {cards:@card,}     a list of terms, joined as lists are ("none" / "なし" when empty)
    {n:plural:card:cards}  by count (a number, or the length of a list): one form or the other
    {winners:s}        "s" after a count of one, for English verbs ("wins" / "win")
    {scores:tally}     a figure per seat: "Player 1 12, Player 2 9" / "…12、…9"; with a unit
    {scores:tally:点}  after each figure in Japanese, and ``:;`` after it for "; " in English
    {winners:wins}     "Player 2 wins" / "Player 1 and Player 3 share the win" / "…の勝ち"
    {end:?code}        where ``end`` is true, the entry ``code`` over the same arguments;
    {end:?code|other}  else ``other`` (or nothing): a sentence's optional parts
    {x:cell:y}         a cell of a grid, column ``x`` and row ``y`` (another argument), as
                       the grid's edges label them: "column 3, row −1" / "−1行3列"
    {total:+d}         any format Python knows

A list without a format is joined with ", " (English) or "、" (Japanese); a message inside a
message is worded in turn. A word that ends in a mark of its own ("Trapped!", "RANBO！") ends
the sentence too: the template's full stop right after it is left out; a template words what
follows such a name otherwise than by a colon ("plays {card:@card} on {target:player}", not
"plays {card:@card}: ..."). An entry may also be a function of the arguments and a ``say``
callable (``say(value, format)`` words one value as a placeholder would) for the rare
sentence that templates cannot build. Nothing here imports Qt.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from tabletop.engine.datafile import words_file as words_file
from tabletop.engine.errors import GameError
from tabletop.engine.game import Event, Game
from tabletop.engine.messages import Msg, messages_in
from tabletop.engine.spec import GameSpec
from tabletop.engine.view_kit import coord

LANGS: tuple[str, ...] = ("en", "ja")
#: The marks a word may end in that end a sentence too, by the full stop they stand for: no
#: second one follows them ("draws RANBO!", "draws J.B.", 「RANBO！を引きました」 but 「J.B.。」).
OWN_MARKS = {".": ".!?！？…", "。": "!?！？"}
#: The engine's word for an empty list of terms.
NONE_CODE = "list.none"

Say = Callable[[Any, str], str]
Part = str | Callable[[Mapping[str, Any], Say], str]
Entry = tuple[Part, Part]


class MissingWords(KeyError):
    """A code without an entry (or a template naming an argument the message lacks)."""


class Catalogue:
    """One game's words: code -> (English, Japanese). ``parent`` answers what this one lacks.

    With ``spec`` the catalogue knows the game's own name as ``game.name``.
    """

    def __init__(self, entries: Mapping[str, Entry], *, spec: GameSpec | None = None,
                 parent: Catalogue | None = None) -> None:
        self.entries: dict[str, Entry] = dict(entries)
        if spec is not None:
            self.entries.setdefault("game.name", (spec.name_en, spec.name_ja))
        self.parent = parent

    def entry(self, code: str) -> Entry | None:
        found = self.entries.get(code)
        if found is None and self.parent is not None:
            return self.parent.entry(code)
        return found

    def __contains__(self, code: object) -> bool:
        return isinstance(code, str) and self.entry(code) is not None

    def codes(self) -> set[str]:
        own = set(self.entries)
        return own | self.parent.codes() if self.parent is not None else own

    def say(self, msg: Msg | Event | str | None, lang: str) -> str:
        """``render(msg, lang, self)``: for code that holds a catalogue but need not import
        this module (the engine's save files word a refusal in English this way)."""
        return render(msg, lang, self)

    def merged(self, other: Mapping[str, Entry]) -> Catalogue:
        """A catalogue with ``other``'s entries added (a variant's words over the base game)."""
        return Catalogue({**self.entries, **other}, parent=self.parent)


def default_name(seat: int, lang: str) -> str:
    return f"プレイヤー{seat + 1}" if lang == "ja" else f"Player {seat + 1}"


def who_wins(winners: Any, say: Say) -> str:
    """The winners and their verb in English: "Player 2 wins", "Player 1 and Player 3 share
    the win" (``say`` words the seats)."""
    return f"{say(winners, 'players')} {'wins' if len(winners) == 1 else 'share the win'}"


def seat_name(seat: int, words: Catalogue) -> tuple[str, str]:
    """A seat's name in English and Japanese ("Player 2" / "プレイヤー2"), for what a view
    lays out in both languages."""
    return both(Msg("player", seat=seat), words)


def per_seat(values: Sequence[Any], say: Say, lang: str, *, unit_ja: str = "",
             sep_en: str = ", ", skip_empty: bool = False) -> str:
    """One figure per seat after the seat's name, the way score lines read: "Player 1 12,
    Player 2 9" / "プレイヤー1 12点、プレイヤー2 9点" (``unit_ja`` follows each figure in
    Japanese; ``skip_empty`` leaves out seats whose figure is 0 or empty)."""
    sep, unit = (sep_en, "") if lang == "en" else ("、", unit_ja)
    return sep.join(f"{say(p, 'player')} {v}{unit}" for p, v in enumerate(values)
                    if v or not skip_empty)


def counted(n: Any, unit_en: str) -> str:
    """A count and its unit in English: ``unit_en`` is one word the same for any count
    ("gold") or the two forms, "point:points" ("1 point", "12 points")."""
    one, _, other = unit_en.partition(":")
    return f"{n} {one if n == 1 or not other else other}"


def game_over_prompt(unit_en: str, best_ja: str) -> Entry:
    """The entry ``prompt.over`` of a game won on points: "Game over: Player 1 wins with 12
    points." over the arguments ``winners`` and ``best``; ``unit_en`` names the figure as
    ``counted`` takes it ("point:points"), ``best_ja`` words the best score in Japanese as a
    template ("{best}点")."""
    return (lambda a, say: f"Game over: {who_wins(a['winners'], say)} with "
                           f"{counted(a['best'], unit_en)}.",
            f"ゲーム終了：{{winners:players}}の勝ち（{best_ja}）。")


def points_summary(key: str, unit_en: str, best_ja: str, label_en: str, label_ja: str, *,
                   unit_ja: str = "", rounds: int | None = None) -> Entry:
    """The entry ``summary`` of a game won on a per-seat figure (the list ``key`` of the
    arguments, with ``winners`` and ``rounds`` unless ``rounds`` is fixed): "Player 1 wins with
    12 points.\nScores after 4 rounds: Player 1 12, Player 2 9." ``unit_en`` names the figure
    as ``counted`` takes it ("point:points"), ``best_ja`` words the best figure in Japanese as
    a template ("{best}点"), ``label_*`` name the figures, ``unit_ja`` follows each in the
    Japanese tally."""

    def count(a: Mapping[str, Any]) -> Any:
        return a["rounds"] if rounds is None else rounds

    def en(a: Mapping[str, Any], say: Say) -> str:
        return (f"{who_wins(a['winners'], say)} with {counted(max(a[key]), unit_en)}.\n"
                f"{label_en} after {counted(count(a), 'round:rounds')}: "
                f"{per_seat(a[key], say, 'en')}.")

    def ja(a: Mapping[str, Any], say: Say) -> str:
        best = best_ja.format(best=max(a[key]))
        return (f"{say(a['winners'], 'players')}の勝ち（{best}）。\n"
                f"{count(a)}ラウンドの{label_ja}：{per_seat(a[key], say, 'ja', unit_ja=unit_ja)}。")

    return en, ja


def cell_name(column: int | str, row: int | str, lang: str) -> str:
    """One grid cell, named the way every game with a grid names it: by the column's label
    along the top edge and the row's along the left edge ("column 3, row −1" / "−1行3列")."""
    if lang == "ja":
        return f"{coord(row)}行{coord(column)}列"
    return f"column {coord(column)}, row {coord(row)}"


def join(items: Sequence[str], lang: str, *, conjunction: bool = True) -> str:
    """Texts as a list: "A, B and C" (or "A, B, C") / "A・B・C" (names) or "A、B、C"."""
    if lang == "ja":
        return ("・" if conjunction else "、").join(items)
    if not conjunction or len(items) < 2:
        return ", ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def sentences(parts: Sequence[str], lang: str) -> str:
    """Whole sentences one after another: with a space between them in English, none in
    Japanese, whose full stop has the room built in."""
    return ("" if lang == "ja" else " ").join(p for p in parts if p)


class _Formatter(string.Formatter):
    def __init__(self, words: Catalogue, lang: str, names: Sequence[str] | None,
                 strict: bool) -> None:
        self.words = words
        self.lang = lang
        self.names = names
        self.strict = strict
        self.args: Mapping[str, Any] = {}  # of the message being worded, for "?code"

    def name(self, seat: Any) -> str:
        if self.names is not None and isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return default_name(int(seat), self.lang)

    def say(self, value: Any, spec: str = "") -> str:
        if spec == "player":
            return self.name(value)
        if spec == "players":
            return join([self.name(v) for v in value], self.lang)
        if spec == "number":
            return str(int(value) + 1)
        if spec == "s":
            count = len(value) if isinstance(value, list | tuple) else int(value)
            return "s" if count == 1 else ""
        if spec.startswith("plural:"):
            _, one, other = spec.split(":", 2)
            count = len(value) if isinstance(value, list | tuple) else int(value)
            return one if count == 1 else other
        if spec == "tally" or spec.startswith("tally:"):
            _, _, rest = spec.partition(":")
            unit, _, sep = rest.partition(":")
            return per_seat(value, self.say, self.lang, unit_ja=unit,
                            sep_en=f"{sep} " if sep else ", ")
        if spec == "wins":
            if self.lang == "ja":
                return f"{self.say(value, 'players')}の勝ち"
            return who_wins(value, self.say)
        if spec.startswith("cell:"):
            return cell_name(value, self.args[spec[5:]], self.lang)
        if spec.startswith("?"):
            then, _, other = spec[1:].partition("|")
            code = then if value else other
            return self.render(Msg.of(code, self.args)) if code else ""
        if spec.startswith("@"):
            family = spec[1:]
            if family.endswith(","):
                if not value:  # "attack , defence spy 2" reads as a slip; say so instead
                    entry = self.words.entry(NONE_CODE) or ENGINE.entry(NONE_CODE)
                    assert entry is not None
                    return str(entry[1] if self.lang == "ja" else entry[0])
                terms = [self.term(family[:-1], v) for v in value]
                return join(terms, self.lang, conjunction=False)
            return self.term(family, value)
        if isinstance(value, Msg):
            return self.render(value)
        if isinstance(value, Event):
            return self.render(value.msg)
        if isinstance(value, list | tuple):
            return join([self.say(v) for v in value], self.lang, conjunction=False)
        return format(value, spec)

    def fill(self, template: str, args: Mapping[str, Any]) -> str:
        """``template`` over ``args``, as ``str.format`` fills it, but that a full stop right
        after a word that ends in a mark of its own (``OWN_MARKS``) is left out: a sentence
        that ends in "Trapped!" or "J.B." is ended by it ("removes Trapped!." reads as a
        slip)."""
        out: list[str] = []
        last = ""  # the last character filled in so far
        for literal, field, spec, conversion in self.parse(template):
            if literal:
                if last and last in OWN_MARKS.get(literal[0], ""):
                    literal = literal[1:]
                out.append(literal)
                last = literal[-1:] or last
            if field is not None:
                value, _ = self.get_field(field, (), args)
                value = self.convert_field(value, conversion)
                if spec and "{" in spec:  # a nested field in the format: "{x:{width}}"
                    spec = self.vformat(spec, (), args)
                out.append(self.format_field(value, spec or ""))
                last = out[-1][-1:] or last
        return "".join(out)

    def term(self, family: str, value: Any) -> str:
        return self.render(Msg(f"{family}.{value}"))

    def format_field(self, value: Any, format_spec: str) -> str:
        return self.say(value, format_spec)

    def render(self, msg: Msg) -> str:
        entry = self.words.entry(msg.code)
        if entry is None:
            if self.strict:
                raise MissingWords(f"no words for the code '{msg.code}'")
            return msg.code
        part = entry[1] if self.lang == "ja" else entry[0]
        outer, self.args = self.args, msg.args
        try:
            if callable(part):
                return part(msg.args, self.say)
            return self.fill(part, msg.args)
        except (KeyError, IndexError, ValueError, TypeError) as exc:
            if self.strict:
                raise MissingWords(f"the words for '{msg.code}' do not fit its arguments "
                                   f"{dict(msg.args)!r}: {type(exc).__name__}: {exc}") from None
            return msg.code
        finally:
            self.args = outer


def render(msg: Msg | Event | str | None, lang: str, words: Catalogue, *,
           names: Sequence[str] | None = None, strict: bool = False) -> str:
    """The sentence ``msg`` says, in ``lang``. ``names`` name the seats (default: "Player 1").

    A plain string is returned as it is (text that was never a code, such as a file's path);
    ``None`` gives ``""``. A code the catalogue lacks is shown as the code itself, so a
    player is never left with nothing; ``strict`` raises ``MissingWords`` instead (tests and
    the conformance kit).
    """
    if msg is None:
        return ""
    if isinstance(msg, str):
        return msg
    formatter = _Formatter(words, lang, names, strict)
    return formatter.say(msg) if isinstance(msg, Event) else formatter.render(msg)


def both(msg: Msg, words: Catalogue) -> tuple[str, str]:
    """``msg`` in English and in Japanese: the pair a table piece or zone carries."""
    return render(msg, "en", words), render(msg, "ja", words)


def check_words(words: Catalogue, messages: Iterable[Msg]) -> list[str]:
    """Problems with wording ``messages`` in every language: codes without an entry, entries
    whose templates do not fit the arguments. Empty when all is well."""
    problems: list[str] = []
    seen: set[str] = set()
    for outer in messages:
        for msg in messages_in(outer):
            for lang in LANGS:
                key = f"{msg.code}/{lang}/{sorted(msg.args)}"
                if key in seen:
                    continue
                seen.add(key)
                try:
                    render(msg, lang, words, strict=True)
                except MissingWords as exc:
                    problems.append(f"{lang}: {exc.args[0]}")
    return problems


class Speaker:
    """One game's messages in words: its catalogue and the names of its seats.

    The app, the replay viewer and the command line word everything a game says through a
    speaker: the rules give codes, the speaker the sentence in the language wanted.
    """

    def __init__(self, game: Game[Any], words: Catalogue | None = None,
                 names: Sequence[str] | None = None) -> None:
        self.game = game
        self.words = words if words is not None else Catalogue({}, spec=game.spec,
                                                               parent=ENGINE)
        self.names = names

    def say(self, msg: Msg | Event | str | None, lang: str) -> str:
        return render(msg, lang, self.words, names=self.names)

    def prompt(self, state: Any, seat: int, lang: str) -> str:
        return self.say(self.game.prompt(state, seat), lang)

    def describe(self, state: Any, action: str, lang: str) -> str:
        return self.say(self.game.describe_action(state, action), lang)

    def refusal(self, exc: GameError, lang: str, state: Any = None) -> str:
        """Why ``exc`` refused a move, in ``lang`` (``state``: where it was refused; the
        message already says why)."""
        return self.say(exc.msg, lang)


# -- what the engine itself says -------------------------------------------------------------

ENGINE = Catalogue(words_file(__package__, "engine_words.toml"))
