"""Mr. Sneaky's words: every message code its rules and table use, in English and Japanese
(``tabletop.api`` formats them at the app's edge)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.api import ENGINE, Catalogue, Say, words_file

from .data import (
    AGENTS_TO_LOSE,
    CARDS,
    CARDS_PER_DOOR,
    DOORS,
    JEWELS_TO_WIN,
    STEAL_EVERY,
    TILE_NAMES,
    TREASURE_PER_DOOR,
    card_names,
)
from .spec import SPEC

# How a round ended (the model's E_* constants).
_ROUND_END = {
    "treasure": ("the Thief found the Treasure", "泥棒が宝を見つけた"),
    "guards": ("the Thief was caught by 4 guards", "泥棒が警備コマ4個で捕まった"),
    "blocked": ("the Rich Man could not place his card", "富豪がカードを置けなかった"),
    "nocards": ("the Rich Man ran out of cards", "富豪のカードが尽きた"),
}


def _doors(names: list[str], lang: str) -> str:
    """Doors to choose from: "D1 or D2", "D1, D3 or D8" / "D1・D3・D8"."""
    if lang == "ja":
        return "・".join(names)
    if len(names) <= 2:
        return " or ".join(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


def _house(lang: str) -> Any:
    def part(a: Mapping[str, Any], say: Say) -> str:
        sep = "、" if lang == "ja" else ", "
        doors = sep.join(f"{DOORS[i]} {say(c, '@tile')}" for i, c in enumerate(a["layout"]))
        return (f"あなたの家（あなただけが見ています）：{doors}。" if lang == "ja"
                else f"Your house (only you see it): {doors}.")
    return part


def _round_end(lang: str) -> Any:
    def part(a: Mapping[str, Any], say: Say) -> str:
        en, ja = _ROUND_END[a["how"]]
        who, role = say(a["winner"], "player"), say(a["role"], "@role")
        if lang == "ja":
            return (f"第{a['round']}ラウンド終了（{ja}）：{who}（{role}）が宝石"
                    f"+{a['jewels']}。")
        jewels = f"{a['jewels']} jewel{'s' if a['jewels'] != 1 else ''}"
        return f"Round {a['round']} ends ({en}): {who} ({role}) +{jewels}."
    return part


def _tally(lang: str, a: Mapping[str, Any]) -> str:
    j, g, rounds = a["jewels"], a["agents"], a["rounds"]
    if lang == "ja":
        return f"宝石 {j[0]} – {j[1]}、エージェント {g[0]} – {g[1]}（{rounds}ラウンド）。"
    return (f" Jewels {j[0]} – {j[1]}, agents {g[0]} – {g[1]}, after {rounds} "
            f"round{'s' if rounds != 1 else ''}.")


WORDS = Catalogue({
    **words_file(__package__, "words.toml"),
    # -- tiles, cards and roles ---------------------------------------------------------
    **{f"tile.{code}": names for code, names in TILE_NAMES.items()},
    **{f"card.{c}": card_names(c) for c in CARDS},
    "log.round": (lambda a, say: f"Round {a['round']}: {say(a['rich'], 'player')} is the Rich "
                  f"Man, {say(1 - a['rich'], 'player')} the Thief.",
                  lambda a, say: f"第{a['round']}ラウンド：富豪は{say(a['rich'], 'player')}、"
                  f"泥棒は{say(1 - a['rich'], 'player')}です。"),
    "log.house": (_house("en"), _house("ja")),
    "log.move": (f"{{seat:player}} sneaks from {{from}} to {{to}} (start card "
                 f"{{moves}}/{STEAL_EVERY}).",
                 f"{{seat:player}}が{{from}}から{{to}}へ移動（スタートカード "
                 f"{{moves}}/{STEAL_EVERY}）。"),
    "log.round_end": (_round_end("en"), _round_end("ja")),
    "log.win": (lambda a, say: (
        f"{say(1 - a['winner'], 'player')} holds {AGENTS_TO_LOSE} or more agents and loses: "
        f"{say(a['winner'], 'player')} wins." if a["how"] == "agents" else
        f"{say(a['winner'], 'player')} has {JEWELS_TO_WIN} jewels and wins."),
        lambda a, say: (
        f"{say(1 - a['winner'], 'player')}のエージェントが{AGENTS_TO_LOSE}以上になり負け："
        f"{say(a['winner'], 'player')}の勝ちです。" if a["how"] == "agents" else
        f"{say(a['winner'], 'player')}が宝石{JEWELS_TO_WIN}個を集めて勝ちました。")),
    "refuse.door_full": (f"{{door}} already holds {CARDS_PER_DOOR} cards.",
                         f"{{door}}にはもう{CARDS_PER_DOOR}枚置かれています。"),
    "refuse.door_treasure": (f"{{door}} already holds {TREASURE_PER_DOOR} treasure cards.",
                             f"{{door}}にはもう宝カードが{TREASURE_PER_DOOR}枚あります。"),
    "refuse.move_to": (lambda a, say: f"From {a['from']} the Thief can move only to "
                       f"{_doors(a['doors'], 'en')}.",
                       lambda a, say: f"{a['from']}からは{_doors(a['doors'], 'ja')}にしか"
                       "移動できません。"),
    # -- the end ------------------------------------------------------------------------
    "summary.agents": (lambda a, say: f"{say(a['seat'], 'player')} wins: "
                       f"{say(1 - a['seat'], 'player')} holds {AGENTS_TO_LOSE} or more "
                       "agents." + _tally("en", a),
                       lambda a, say: f"{say(a['seat'], 'player')}の勝ち："
                       f"{say(1 - a['seat'], 'player')}のエージェントが{AGENTS_TO_LOSE}以上に"
                       "なりました。" + _tally("ja", a)),
    "summary.jewels": (lambda a, say: f"{say(a['seat'], 'player')} wins with "
                       f"{a['jewels'][a['seat']]} jewels." + _tally("en", a),
                       lambda a, say: f"{say(a['seat'], 'player')}が宝石"
                       f"{a['jewels'][a['seat']]}個で勝ちました。" + _tally("ja", a)),
}, spec=SPEC, parent=ENGINE)
