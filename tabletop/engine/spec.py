"""Static description of a game: its id, names, player counts and options.

A ``GameSpec`` is what the chooser lists and what the CLI's ``list`` prints. Options have typed
defaults; ``resolve_options`` turns user input (CLI strings or dialog values) into a validated
dictionary, so a rules model only ever sees well-typed option values. A game declares its
options' keys, defaults and choices in code (``OptionSpec.declare``) and their words in its
data file (``GameSpec.from_file``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .errors import InvalidOptionError

OptionValue = bool | int | str

#: The computer levels a seat may have, weakest first. Rules may prescribe how each plays
#: (``Game.scripted_action``); save files name them; the AI package builds them.
AI_LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard", "expert")


@dataclass(frozen=True)
class OptionSpec:
    """One game option (a variant switch or a setting) with its default and allowed values."""

    key: str
    name_en: str
    name_ja: str
    default: OptionValue
    choices: tuple[OptionValue, ...] = ()
    help_en: str = ""
    help_ja: str = ""

    @classmethod
    def declare(cls, key: str, default: OptionValue,
                choices: tuple[OptionValue, ...] = ()) -> OptionSpec:
        """An option as code declares it: the key, default and choices the rules read. Its
        words (name, help, the choices' labels) are filled in from the game's data file by
        ``GameSpec.from_file``."""
        return cls(key, "", "", default, tuple(choices))

    def parse(self, raw: object) -> OptionValue:
        """Return ``raw`` converted to this option's type, or raise ``InvalidOptionError``."""
        value: OptionValue
        if isinstance(self.default, bool):
            if isinstance(raw, bool):
                value = raw
            elif isinstance(raw, str) and raw.strip().lower() in ("1", "true", "yes", "on"):
                value = True
            elif isinstance(raw, str) and raw.strip().lower() in ("0", "false", "no", "off"):
                value = False
            else:
                raise InvalidOptionError(
                    f"Option '{self.key}' takes true or false, not {raw!r}."
                )
        elif isinstance(self.default, int):
            try:
                value = int(str(raw))
            except ValueError:
                raise InvalidOptionError(
                    f"Option '{self.key}' takes a whole number, not {raw!r}."
                ) from None
        else:
            value = str(raw)
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise InvalidOptionError(
                f"Option '{self.key}' must be one of {allowed}, not {raw!r}."
            )
        return value


@dataclass(frozen=True)
class GameSpec:
    """Identity and settings of a game, independent of any particular match."""

    id: str
    name_en: str
    name_ja: str
    min_players: int
    max_players: int
    rules_version: str = "1"
    options: tuple[OptionSpec, ...] = ()
    summary_en: str = ""
    summary_ja: str = ""
    has_hidden_information: bool = True
    extra: Mapping[str, Any] = field(default_factory=dict)
    #: How the Japanese name is read, in kana, for a name a Japanese list cannot order by its
    #: characters (kanji, Latin letters); empty: the name itself.
    reading_ja: str = ""

    @classmethod
    def from_file(cls, package: str | None, name: str, game_id: str, *,
                  options: tuple[OptionSpec, ...] = (),
                  extra: Mapping[str, Any] | None = None) -> GameSpec:
        """The spec of ``game_id`` as the TOML file ``name`` beside ``package``'s modules
        declares it: a table per game with ``name`` and ``summary`` as [English, Japanese],
        ``players`` as [fewest, most], ``rules_version``, ``hidden_information``, ``reading``
        (the Japanese name in kana, when it has kanji or Latin letters) and ``plugin`` (the
        attribute of the package's ``plugin`` module that carries the game, when it is not
        ``PLUGIN``: the registry lists the game from this table without importing it). A file
        that breaks this shape, or whose table holds another key, raises ``ValueError`` saying
        where. (The rulebooks need no entry: they are ``rules/en.md`` and ``rules/ja.md`` in
        the package.)

        ``options`` come from code, since rules read their values; the words of each are
        filled in from its table ``["<game id> option <key>"]`` (see ``_option_words``), and
        its choices' labels become ``extra["choice_labels"]``."""
        from .datafile import package_file, read_toml

        path = f"{package}/{name}"
        try:
            table = read_toml(package_file(package, name))
        except ValueError as exc:  # tomllib's TOMLDecodeError is one
            raise ValueError(f"{path}: {exc}") from None
        listed = cls.from_table(path, table, game_id)
        more = dict(extra or {})
        worded, labels = _option_words(path, game_id, table, options,
                                       more.get("choice_labels", {}))
        if labels or "choice_labels" in more:
            more["choice_labels"] = labels
        return replace(listed, options=worded, extra=more)

    @classmethod
    def from_table(cls, path: str, table: Mapping[str, Any], game_id: str) -> GameSpec:
        """The spec of ``game_id`` as its table in the data file ``table`` (read from ``path``,
        named in errors) declares it, without options: all that the game list shows. The
        registry lists a built-in game with it before the game's modules are imported;
        ``from_file`` adds the options. A table that breaks the shape ``from_file`` describes
        raises ``ValueError`` saying where."""
        data = table.get(game_id)
        if not isinstance(data, dict):
            raise ValueError(f"{path}: no table [{game_id}]")

        def pair(key: str, kind: type, default: Any = None) -> tuple[Any, Any]:
            value = data.get(key, default)
            if not (isinstance(value, list) and len(value) == 2
                    and all(isinstance(v, kind) and not isinstance(v, bool) for v in value)):
                raise ValueError(f"{path}: [{game_id}] {key} must be a pair of {kind.__name__}")
            return value[0], value[1]

        unknown = sorted(set(data) - set(_SPEC_KEYS))
        if unknown:
            raise ValueError(f"{path}: [{game_id}] has no entry {', '.join(unknown)} (it may "
                             f"hold {', '.join(_SPEC_KEYS)})")
        names, summary, players = pair("name", str), pair("summary", str, ["", ""]), \
            pair("players", int)
        rules_version = data.get("rules_version", "1")
        hidden = data.get("hidden_information", True)
        reading = data.get("reading", "")
        if not (isinstance(rules_version, str) and isinstance(hidden, bool)
                and isinstance(reading, str)):
            raise ValueError(f"{path}: [{game_id}] rules_version and reading are text, "
                             "hidden_information true or false")
        if not isinstance(data.get("plugin", ""), str):
            raise ValueError(f"{path}: [{game_id}] plugin is text: the name of the game's "
                             "plugin in the package's plugin module")
        return cls(id=game_id, name_en=names[0], name_ja=names[1], min_players=players[0],
                   max_players=players[1], rules_version=rules_version,
                   summary_en=summary[0], summary_ja=summary[1],
                   has_hidden_information=hidden, reading_ja=reading)

    def option(self, key: str) -> OptionSpec:
        for opt in self.options:
            if opt.key == key:
                return opt
        known = ", ".join(o.key for o in self.options) or "none"
        raise InvalidOptionError(f"{self.name_en} has no option '{key}' (options: {known}).")

    def resolve_options(self, given: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        """Defaults overlaid with ``given``; unknown keys and bad values are refused."""
        values: dict[str, OptionValue] = {o.key: o.default for o in self.options}
        for key, raw in (given or {}).items():
            values[key] = self.option(key).parse(raw)
        return values

    def check_players(self, num_players: int) -> None:
        if not self.min_players <= num_players <= self.max_players:
            if self.min_players == self.max_players:
                expected = f"exactly {self.min_players}"
            else:
                expected = f"{self.min_players} to {self.max_players}"
            noun = "player" if self.max_players == 1 else "players"
            raise InvalidOptionError(
                f"{self.name_en} is played by {expected} {noun}, not {num_players}."
            )


#: What a game's table in its data file may hold.
_SPEC_KEYS = ("name", "summary", "players", "rules_version", "hidden_information", "reading",
              "plugin")

#: What an option's table in a game's data file may hold.
_OPTION_ENTRIES = ("name", "help", "labels", "seats", "you", "other")

#: ``GameSpec.extra["choice_labels"]``: option key -> choice (as text) -> its words, each
#: ``{"en", "ja"}``, and for a choice about one seat ``"seat"``, ``"you"`` and ``"other"``.
ChoiceLabels = dict[str, dict[str, dict[str, Any]]]


def _option_words(path: str, game_id: str, table: Mapping[str, Any],
                  options: tuple[OptionSpec, ...],
                  given: Mapping[str, Mapping[str, Mapping[str, Any]]]
                  ) -> tuple[tuple[OptionSpec, ...], ChoiceLabels]:
    """``options`` with their words filled in from their tables in the data file ``table``, and
    the labels of their choices: the file's, and ``given`` (those code builds from game data).

    An option's table ``["<game id> option <key>"]`` holds ``name`` and ``help`` as [English,
    Japanese] and ``labels`` as rows [choice, English, Japanese]. A choice about one seat, which
    the new-game dialog words for the one person at the screen, is named in ``seats`` as rows
    [choice, seat], with that person's words ``you`` (they sit there) and ``other`` (they sit
    elsewhere). An option that code passes with its words (a spec sharing another's options)
    needs no table. Refused, naming the file and the option: a word given both in code and in
    the file, an option without its name (or with its help) in only one language or none, a
    table of an option code does not declare, a label of a choice the option does not have."""
    prefix = f"{game_id} option "
    tables = {name[len(prefix):]: words for name, words in table.items()
              if name.startswith(prefix)}
    declared = {opt.key for opt in options}
    for key in (*tables, *given):
        if key not in declared:
            place = f'["{prefix}{key}"]' if key in tables else "code's choice_labels"
            raise ValueError(f"{path}: {place} words option '{key}', which {game_id} does "
                             "not declare")
    worded: list[OptionSpec] = []
    labels: ChoiceLabels = {}
    for opt in options:
        where = f'{path}: ["{prefix}{opt.key}"]'
        words = tables.get(opt.key, {})
        if not isinstance(words, dict) or not set(words) <= set(_OPTION_ENTRIES):
            raise ValueError(f"{where} holds only {', '.join(_OPTION_ENTRIES)}")
        name, help_ = _pair(where, words, "name"), _pair(where, words, "help")
        if (name and (opt.name_en or opt.name_ja)) or (help_ and (opt.help_en or opt.help_ja)):
            raise ValueError(f"{where} words option '{opt.key}' again: code gives its words")
        if name:
            opt = replace(opt, name_en=name[0], name_ja=name[1])
        if help_:
            opt = replace(opt, help_en=help_[0], help_ja=help_[1])
        if not (opt.name_en and opt.name_ja) or bool(opt.help_en) != bool(opt.help_ja):
            raise ValueError(f"{where} must give option '{opt.key}' its name = [English, "
                             "Japanese] (and its help, if any, in both languages)")
        worded.append(opt)
        mine = _labels(where, opt, words, given.get(opt.key, {}))
        if mine:
            labels[opt.key] = mine
    return tuple(worded), labels


def _pair(where: str, words: Mapping[str, Any], key: str) -> tuple[str, str] | None:
    """The [English, Japanese] words ``key`` of an option's table, if it has them."""
    value = words.get(key)
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, str) and v for v in value)):
        raise ValueError(f"{where} {key} must be [English, Japanese], neither empty")
    return value[0], value[1]


def _labels(where: str, opt: OptionSpec, words: Mapping[str, Any],
            given: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """The labels of ``opt``'s choices, keyed by the choice as text as the dialog looks them
    up: the rows of its table (with their seats) and ``given``."""
    choices = [str(c) for c in opt.choices]

    def choice(value: object) -> str:
        text = str(value) if isinstance(value, str | int) and not isinstance(value, bool) else ""
        if text not in choices:
            raise ValueError(f"{where} labels {value!r}, not a choice of option '{opt.key}' "
                             f"({', '.join(choices) or 'it has none'})")
        return text

    out: dict[str, dict[str, Any]] = {}
    rows = words.get("labels", [])
    for row in rows if isinstance(rows, list) else [rows]:
        if not (isinstance(row, list) and len(row) == 3
                and all(isinstance(w, str) and w for w in row[1:])):
            raise ValueError(f"{where} labels are rows [choice, English, Japanese], "
                             "neither empty")
        key = choice(row[0])
        if key in out:
            raise ValueError(f"{where} labels choice '{key}' twice")
        out[key] = {"en": row[1], "ja": row[2]}

    seats = words.get("seats", [])
    you, other = _pair(where, words, "you"), _pair(where, words, "other")
    if seats or you or other:
        if not (isinstance(seats, list) and seats and you and other):
            raise ValueError(f"{where} seats = [[choice, seat], ...] goes with the words you "
                             "and other")
        for row in seats:
            if not (isinstance(row, list) and len(row) == 2 and isinstance(row[1], int)
                    and not isinstance(row[1], bool)):
                raise ValueError(f"{where} seats are rows [choice, seat]")
            key = choice(row[0])
            if key not in out:
                raise ValueError(f"{where} seats choice '{key}', which labels do not word")
            out[key].update(seat=row[1], you={"en": you[0], "ja": you[1]},
                            other={"en": other[0], "ja": other[1]})

    for key, label in given.items():
        choice(key)
        if key in out:
            raise ValueError(f"{where} labels choice '{key}', which code labels too")
        if not (isinstance(label.get("en"), str) and label["en"]
                and isinstance(label.get("ja"), str) and label["ja"]):
            raise ValueError(f"{where} code labels choice '{key}' without English and "
                             "Japanese")
        out[key] = dict(label)
    return out
