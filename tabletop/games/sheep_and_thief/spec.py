"""The spec of Sheep & Thief: what the game chooser, the new-game dialog and the registry read.
It is kept apart from the rules model so that listing the games loads no rules.

The options are the readings the rules reference names as alternatives to its defaults
(ST-C1 towns, ST-C2 dogs, ST-C4 rivers); each option's first choice is the default.
"""

from __future__ import annotations

from tabletop.api import GameSpec, OptionSpec

OPT_TOWNS = "towns"      # ST-C1
TOWNS_THREE = "three"
TOWNS_TWO = "two"
OPT_DOGS = "dogs"        # ST-C2
DOGS_ANY = "any-flock"
DOGS_ONE = "one-flock"
OPT_RIVERS = "rivers"    # ST-C4
RIVERS_STRICT = "strict"
RIVERS_LENIENT = "lenient"

#: How the new-game dialog names each choice (``GameSpec.extra["choice_labels"]``).
CHOICE_LABELS: dict[str, dict[str, dict[str, str]]] = {
    OPT_TOWNS: {
        TOWNS_THREE: {"en": "East, South and Big town (max 20)",
                      "ja": "右・下・右下の大きな街(最大20点)"},
        TOWNS_TWO: {"en": "East and Big town only (max 15)",
                    "ja": "右と右下の大きな街だけ(最大15点)"},
    },
    OPT_DOGS: {
        DOGS_ANY: {"en": "One move per dog, any flock", "ja": "犬1匹につき1回、好きな群れ"},
        DOGS_ONE: {"en": "One flock, one step per dog", "ja": "1つの群れを犬の数だけ動かす"},
    },
    OPT_RIVERS: {
        RIVERS_STRICT: {"en": "Rivers must continue", "ja": "川は必ずつながる"},
        RIVERS_LENIENT: {"en": "One river end must connect", "ja": "川の端が1か所つながればよい"},
    },
}

SPEC = GameSpec.from_file(__package__, "game.toml", "sheep-and-thief",
    options=(
        OptionSpec(OPT_TOWNS, "Towns", "街", TOWNS_THREE, (TOWNS_THREE, TOWNS_TWO),
                   help_en="three (the default): a road from the house to the East town (5), "
                   "the South town (5) and the Big town (10). two: only the East town (5) and "
                   "the Big town (10).",
                   help_ja="three(標準):家から右の街(5点)・下の街(5点)・右下の大きな街"
                   "(10点)への道。two:右の街(5点)と右下の大きな街(10点)だけ。"),
        OptionSpec(OPT_DOGS, "Sheepdogs", "牧羊犬", DOGS_ANY, (DOGS_ANY, DOGS_ONE),
                   help_en="any-flock (the default): each dog moves any one flock of your "
                   "sheet one step. one-flock: the dogs move a single flock, one step per "
                   "dog.",
                   help_ja="any-flock(標準):犬1匹ごとに、自分のシートの好きな群れを1マス"
                   "動かす。one-flock:1つの群れを犬の数だけ動かす。"),
        OptionSpec(OPT_RIVERS, "Rivers", "川", RIVERS_STRICT, (RIVERS_STRICT, RIVERS_LENIENT),
                   help_en="strict (the default): where a new card touches another card, "
                   "river meets river and never a bank; and a river card must meet the "
                   "border or a river. lenient: only the second part: one river end meets "
                   "the border or a river.",
                   help_ja="strict(標準):新しいカードが他のカードと接する辺では川は川と"
                   "つながり、川が川のない辺に接してはいけない。さらに川カードは川の端が"
                   "シートの外か他の川に接していること。lenient:後半だけ(川の端が1か所"
                   "シートの外か他の川に接していればよい)。"),
    ),
    extra={"choice_labels": CHOICE_LABELS})
