"""The spec of Saboteur 2: what the game chooser, the new-game dialog and the registry read,
with the rule options. Kept apart from the rules model so that listing the games loads no
rules."""

from __future__ import annotations

from tabletop.api import GameSpec, OptionSpec

# Each option's first choice is the rules reference's decision and the default.
OPT_CRYSTALS = "extra_crystals"      # SB-G07, SB-C4
OPT_GEOLOGISTS = "geologist_share"   # SB-G04
GEO_UNTRAPPED = "untrapped"
GEO_ALL = "all"

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        OPT_CRYSTALS, "Crystals on the six unnamed path cards", "正体不明の通路6枚のクリスタル",
        True,
        help_en="On (SB-G07, the default): the six expansion path cards the rule sheets do not "
        "name carry a crystal each, 16 crystals in the deck. Off: they are plain tunnels, "
        "10 crystals in the deck, and the geologists earn less.",
        help_ja="あり(SB-G07・標準):ルールに記載のない拡張の通路カード6枚にもクリスタルが1つずつあり、"
        "山札のクリスタルは16個。なし:その6枚はふつうの通路で、クリスタルは10個、地質学者の"
        "収入が減る。"),
    OptionSpec(
        OPT_GEOLOGISTS, "Crystals shared among", "クリスタルを分ける相手", GEO_UNTRAPPED,
        (GEO_UNTRAPPED, GEO_ALL),
        help_en="untrapped (SB-G04, the default): the crystals are divided among the geologists "
        "who are not trapped. all: among every geologist in play; a trapped one still gets "
        "nothing, and his share is lost.",
        help_ja="untrapped(SB-G04・標準):罠にかかっていない地質学者だけでクリスタルを分ける。"
        "all:場にいる地質学者全員の人数で割る(罠にかかった人はやはり受け取れず、その分は失われる)。"),
)

CHOICE_LABELS: dict[str, dict[str, dict[str, str]]] = {
    OPT_GEOLOGISTS: {
        GEO_UNTRAPPED: {"en": "Untrapped geologists", "ja": "罠にかかっていない地質学者"},
        GEO_ALL: {"en": "Every geologist", "ja": "地質学者全員"},
    },
}

SPEC = GameSpec.from_file(__package__, "game.toml", "saboteur2", options=OPTIONS,
                          extra={"choice_labels": CHOICE_LABELS})
