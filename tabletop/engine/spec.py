"""Static description of a game: its id, names, player counts and options.

A ``GameSpec`` is what the chooser lists and what the CLI's ``list`` prints. Options have typed
defaults; ``resolve_options`` turns user input (CLI strings or dialog values) into a validated
dictionary, so a rules model only ever sees well-typed option values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidOptionError

OptionValue = bool | int | str

#: The computer levels a seat may have, weakest first. Rules may prescribe how each plays
#: (``Game.scripted_action``); save files name them; the AI package builds them.
AI_LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")


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
    rules_file: str = ""
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
        ``players`` as [fewest, most], ``rules_version``, ``hidden_information``,
        ``rules_file`` and ``reading`` (the Japanese name in kana, when it has kanji or Latin
        letters). Options and ``extra`` come from code, since rules read their values.
        A file that breaks this shape raises ``ValueError`` saying where."""
        from .datafile import package_file, read_toml

        path = f"{package}/{name}"
        try:
            table = read_toml(package_file(package, name))
        except ValueError as exc:  # tomllib's TOMLDecodeError is one
            raise ValueError(f"{path}: {exc}") from None
        data = table.get(game_id)
        if not isinstance(data, dict):
            raise ValueError(f"{path}: no table [{game_id}]")

        def pair(key: str, kind: type, default: Any = None) -> tuple[Any, Any]:
            value = data.get(key, default)
            if not (isinstance(value, list) and len(value) == 2
                    and all(isinstance(v, kind) and not isinstance(v, bool) for v in value)):
                raise ValueError(f"{path}: [{game_id}] {key} must be a pair of {kind.__name__}")
            return value[0], value[1]

        names, summary, players = pair("name", str), pair("summary", str, ["", ""]), \
            pair("players", int)
        rules_version = data.get("rules_version", "1")
        hidden = data.get("hidden_information", True)
        rules_file = data.get("rules_file", "")
        reading = data.get("reading", "")
        if not (isinstance(rules_version, str) and isinstance(hidden, bool)
                and isinstance(rules_file, str) and isinstance(reading, str)):
            raise ValueError(f"{path}: [{game_id}] rules_version, rules_file and reading are "
                             "text, hidden_information true or false")
        return cls(id=game_id, name_en=names[0], name_ja=names[1], min_players=players[0],
                   max_players=players[1], rules_version=rules_version, options=options,
                   summary_en=summary[0], summary_ja=summary[1],
                   has_hidden_information=hidden, rules_file=rules_file,
                   extra=dict(extra or {}), reading_ja=reading)

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
            raise InvalidOptionError(
                f"{self.name_en} is played by {expected} players, not {num_players}."
            )
