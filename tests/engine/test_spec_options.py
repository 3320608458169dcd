"""Options declared in code and worded in the game's data file: ``GameSpec.from_file`` fills in
each option's name and help, builds the new-game dialog's ``choice_labels`` from the file's
labels and the ones code builds from game data, and refuses, naming the file and the option,
an option left without words, words for an option code does not declare and a label for a
choice the option does not have."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabletop.engine import GameSpec, OptionSpec
from tabletop.registry import load_plugins
from tests.engine import test_data_files
from tests.engine.test_data_files import SPEC_TEXT

#: The fixture of a package ``datagame`` whose folder is ``tmp_path``.
package = test_data_files.package

OPTIONS = (
    OptionSpec.declare("mode", "short", ("short", "long")),
    OptionSpec.declare("beat", 600, (300, 600)),
    OptionSpec.declare("first", "random", ("random", "1", "2")),
    OptionSpec.declare("fast", False),
)

WORDS = """
["data-game option mode"]
name = ["Mode", "モード"]
help = ["Short or long.", "短いか長いか。"]
labels = [
    ["short", "Short game", "短いゲーム"],
    ["long", "Long game", "長いゲーム"],
]

["data-game option beat"]
name = ["Beat", "拍"]
labels = [[300, "Fast", "速い"]]

["data-game option first"]
name = ["First player", "最初の手番"]
labels = [["1", "Player 1 first", "プレイヤー1が先"], ["2", "Player 2 first", "プレイヤー2が先"]]
seats = [["1", 0], ["2", 1]]
you = ["You go first", "あなたが先"]
other = ["You go second", "あなたが後"]

["data-game option fast"]
name = ["Fast", "速い"]
help = ["Play fast.", "速く遊ぶ。"]
"""


def spec_of(package: tuple[str, Path], words: str = WORDS,
            options: tuple[OptionSpec, ...] = OPTIONS, **kw: Any) -> GameSpec:
    name, folder = package
    (folder / "game.toml").write_text(SPEC_TEXT + words, encoding="utf-8")
    return GameSpec.from_file(name, "game.toml", "data-game", options=options, **kw)


def test_declared_options_take_their_words_and_labels_from_the_file(
        package: tuple[str, Path]) -> None:
    spec = spec_of(package, extra={"choice_labels": {"beat": {"600": {"en": "Slow",
                                                                      "ja": "遅い"}}},
                                   "internal_options": ("fast",)})
    assert spec.options == (
        OptionSpec("mode", "Mode", "モード", "short", ("short", "long"),
                   help_en="Short or long.", help_ja="短いか長いか。"),
        OptionSpec("beat", "Beat", "拍", 600, (300, 600)),
        OptionSpec("first", "First player", "最初の手番", "random", ("random", "1", "2")),
        OptionSpec("fast", "Fast", "速い", False, help_en="Play fast.", help_ja="速く遊ぶ。"),
    )
    you, other = {"en": "You go first", "ja": "あなたが先"}, {"en": "You go second",
                                                            "ja": "あなたが後"}
    assert spec.extra == {
        "choice_labels": {
            "mode": {"short": {"en": "Short game", "ja": "短いゲーム"},
                     "long": {"en": "Long game", "ja": "長いゲーム"}},
            # Keyed by the choice as text, as the dialog looks it up; code's labels join in.
            "beat": {"300": {"en": "Fast", "ja": "速い"}, "600": {"en": "Slow", "ja": "遅い"}},
            "first": {"1": {"en": "Player 1 first", "ja": "プレイヤー1が先", "seat": 0,
                            "you": you, "other": other},
                      "2": {"en": "Player 2 first", "ja": "プレイヤー2が先", "seat": 1,
                            "you": you, "other": other}},
        },
        "internal_options": ("fast",),
    }


def test_an_option_code_words_needs_no_table(package: tuple[str, Path]) -> None:
    # One spec sharing another's options passes them with their words and labels.
    shared = OptionSpec("speed", "Speed", "速さ", "slow", ("slow", "quick"))
    labels = {"speed": {"quick": {"en": "Quick", "ja": "速い"}}}
    spec = spec_of(package, WORDS, (*OPTIONS, shared), extra={"choice_labels": labels})
    assert spec.options[-1] == shared
    assert spec.extra["choice_labels"]["speed"] == labels["speed"]


def test_a_game_without_labels_has_no_choice_labels(package: tuple[str, Path]) -> None:
    spec = spec_of(package, '["data-game option fast"]\nname = ["Fast", "速い"]\n',
                   (OptionSpec.declare("fast", False),))
    assert spec.extra == {}


FAST = '["data-game option fast"]\n'


@pytest.mark.parametrize(("words", "says"), [
    # An option without its words in both languages.
    ("", "option 'fast' its name"),
    (FAST + 'help = ["Play fast.", "速く遊ぶ。"]\n', "option 'fast' its name"),
    (FAST + 'name = ["Fast", ""]\n', "name must be [English, Japanese]"),
    (FAST + 'name = ["Fast"]\n', "name must be [English, Japanese]"),
    (FAST + 'name = ["Fast", "速い"]\nhelp = ["Play fast.", ""]\n',
     "help must be [English, Japanese]"),
    (FAST + 'name = ["Fast", "速い"]\nlables = []\n', "holds only name, help, labels"),
    # Words for an option the code does not declare.
    (FAST + 'name = ["Fast", "速い"]\n["data-game option slow"]\nname = ["Slow", "遅い"]\n',
     "option 'slow', which data-game does not declare"),
    # A label for a choice that does not exist.
    (FAST + 'name = ["Fast", "速い"]\nlabels = [[true, "On", "オン"]]\n',
     "not a choice of option 'fast' (it has none)"),
    (FAST + 'name = ["Fast", "速い"]\nlabels = [["on", "On", "オン"], ["off", "Off", "オフ"]]\n',
     "not a choice of option 'fast'"),
])
def test_an_unworded_option_or_a_stray_word_is_refused(package: tuple[str, Path], words: str,
                                                       says: str) -> None:
    with pytest.raises(ValueError, match=r"datagame/game\.toml") as caught:
        spec_of(package, words, (OptionSpec.declare("fast", False),))
    assert says in str(caught.value)
    assert "fast" in str(caught.value) or "slow" in str(caught.value)


MODE = '["data-game option mode"]\nname = ["Mode", "モード"]\n'


@pytest.mark.parametrize(("words", "extra", "says"), [
    (MODE + 'labels = [["medium", "Medium", "中くらい"]]\n', {},
     "'medium', not a choice of option 'mode' (short, long)"),
    (MODE + 'labels = [["short", "Short", "短い"], ["short", "Brief", "短い"]]\n', {},
     "labels choice 'short' twice"),
    (MODE + 'labels = [["short", "Short"]]\n', {}, "rows [choice, English, Japanese]"),
    (MODE + 'labels = ["short", "Short", "短い"]\n', {}, "rows [choice, English, Japanese]"),
    (MODE + 'labels = [["short", "Short", "短い"]]\nseats = [["short", 0]]\n', {},
     "goes with the words you and other"),
    (MODE + 'labels = [["short", "Short", "短い"]]\nseats = [["long", 0]]\n'
     'you = ["You", "あなた"]\nother = ["Other", "ほか"]\n', {},
     "seats choice 'long', which labels do not word"),
    # Code's labels obey the same rules and may not word a choice twice.
    (MODE + 'labels = [["short", "Short", "短い"]]\n',
     {"mode": {"short": {"en": "Brief", "ja": "短い"}}}, "which code labels too"),
    (MODE, {"mode": {"medium": {"en": "Medium", "ja": "中"}}}, "not a choice of option 'mode'"),
    (MODE, {"mode": {"long": {"en": "Long"}}}, "without English and Japanese"),
    (MODE, {"pace": {"slow": {"en": "Slow", "ja": "遅い"}}},
     "option 'pace', which data-game does not declare"),
])
def test_a_label_of_no_choice_is_refused(package: tuple[str, Path], words: str,
                                         extra: dict[str, Any], says: str) -> None:
    with pytest.raises(ValueError, match=r"datagame/game\.toml") as caught:
        spec_of(package, words, (OptionSpec.declare("mode", "short", ("short", "long")),),
                extra={"choice_labels": extra})
    assert says in str(caught.value)


def test_a_word_given_in_code_and_in_the_file_is_refused(package: tuple[str, Path]) -> None:
    worded = OptionSpec("fast", "Fast", "速い", False)
    with pytest.raises(ValueError, match=r'datagame/game\.toml: \["data-game option fast"\] '
                                         r"words option 'fast' again"):
        spec_of(package, FAST + 'name = ["Quick", "速い"]\n', (worded,))


def test_every_built_in_option_is_worded_and_its_labels_name_its_choices() -> None:
    plugins, failures = load_plugins(include_entry_points=False)
    assert not failures
    for plugin in plugins.values():
        spec = plugin.spec
        for opt in spec.options:
            assert opt.name_en and opt.name_ja, (spec.id, opt.key)
            assert bool(opt.help_en) == bool(opt.help_ja), (spec.id, opt.key)
        for key, labels in spec.extra.get("choice_labels", {}).items():
            choices = {str(c) for c in spec.option(key).choices}
            assert set(labels) <= choices, (spec.id, key)
            assert all(w["en"] and w["ja"] for w in labels.values()), (spec.id, key)
        # Options a game's own page sets stay declared, and so still resolve.
        for key in spec.extra.get("internal_options", ()):
            assert key in spec.resolve_options(), (spec.id, key)
