"""Saboteur 2's words: every message code its rules use, in English and Japanese
(``tabletop.text`` formats them at the app's edge). Plain entries are in ``words.toml``; the
names of the cards and the sentences that need code are here."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tabletop.api import (
    ENGINE,
    Catalogue,
    Msg,
    Say,
    game_over_prompt,
    points_summary,
    words_file,
)

from .data import ROUNDS
from .spec import SPEC

#: The log line of each action card: its own sentence (whom it hit, what it mended or
#: removed), a template of ``words.toml``; the other cards say whom they were played on.
_PLAY_LINES = {"A-ROCK": "log.play.rockfall", "A-MAP": "log.play.map", "A-THF": "log.play.theft",
               "A-INS": "log.play.inspect", "A-SWH": "log.play.swap_hand",
               "A-HAT": "log.play.swap_hat", "A-FRE": "log.play.free",
               "A-HOF": "log.play.hands_off"}


def _play(a: Mapping[str, Any], say: Say) -> str:
    card = str(a["card"])
    code = "log.play.repair" if card.startswith("A-REP") else _PLAY_LINES.get(card,
                                                                               "log.play.on")
    return say(Msg.of(code, a), "")


def _result(lang: str) -> Any:
    def line(a: Mapping[str, Any], say: Say) -> str:
        winners = a["winners"]
        names = say(winners, "players") if winners else ("nobody" if lang == "en" else "なし")
        pay = [(p, v) for p, v in enumerate(a["pay"]) if v]
        if lang == "ja":
            paid = "、".join(f"{say(p, 'player')}に金{v}" for p, v in pay)
        else:
            paid = ", ".join(f"{v} to {say(p, 'player')}" for p, v in pay)
        if lang == "ja":
            why = {"gold": f"金塊に到達：{say(a['teams'], '@team,')}の金鉱掘りの勝ち",
                   "blocked": "金塊に到達したが、どの道も両色の扉でふさがれている：お邪魔者の勝ち",
                   "not_found": "金塊は見つからなかった：お邪魔者の勝ち"}[a["reason"]]
            return (f"{why}。勝者：{names}。クリスタル{a['crystals']}個。"
                    f"獲得：{paid or 'なし'}。")
        why = {"gold": f"The gold is reached: the {say(a['teams'], '@team,')} diggers win",
               "blocked": "The gold is reached but every way to it has doors of both "
                          "colours: the saboteurs win",
               "not_found": "The gold was not found: the saboteurs win"}[a["reason"]]
        return (f"{why}. Winners: {names}. Crystals in the maze: {a['crystals']}. "
                f"Gold paid: {paid or 'none'}.")
    return line


# -- a card turned round is named by the shape it then has ----------------------------------
#: The directions of a name and how they read turned round, in the order a name lists them:
#: the vertical pair, then the horizontal one.
_TURNED = {"en": ("NSWE", {"N": "S", "S": "N", "W": "E", "E": "W"}),
           "ja": ("上下左右", {"上": "下", "下": "上", "左": "右", "右": "左"})}
#: Runs of directions in a name: "N, S, E", "W–E–N", "S" / "上・下・右", "左–上", "左".
_RUNS = {"en": re.compile(r"\b[NESW](?:(?:–|, )[NESW])*\b"),
         "ja": re.compile(r"[上下左右](?:[・–][上下左右])*")}


def turned_name(name: str, lang: str) -> str:
    """A path card's name (``words.toml``, as the card lies in the hand) with its directions
    turned round 180°, the way the card then lies in the maze: "Dead end (N, S, E)" turned
    is "Dead end (N, S, W)", 「行き止まり(上・下・右)」 is 「行き止まり(上・下・左)」."""
    order, turn = _TURNED[lang]

    def listed(text: str) -> str:
        sep = next((sep for sep in ("–", ", ", "・") if sep in text), "")
        parts = text.split(sep) if sep else [text]
        return sep.join(sorted((turn[p] for p in parts), key=order.index))

    def turned(run: re.Match[str]) -> str:
        text = run.group(0)
        if "–" in text and "・" in text:  # "上–右–下・左": a way through, then another clause
            return "・".join(listed(part) for part in text.split("・"))
        return listed(text)

    return _RUNS[lang].sub(turned, name)


def _turned_entries(entries: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """``turned.<card>`` for each ``card.<card>``: its name turned round."""
    return {f"turned.{code[5:]}": (turned_name(str(en), "en"), turned_name(str(ja), "ja"))
            for code, (en, ja) in entries.items() if code.startswith("card.")}


def _tile(arg: str) -> Any:
    """The entry that names the card in the argument ``arg`` as it lies: turned round where
    the message's ``turned`` says so (``{card:?tile}`` in a template)."""
    def name(a: Mapping[str, Any], say: Say) -> str:
        family = "turned" if a.get("turned") else "card"
        return say(Msg(f"{family}.{a[arg]}"), "")
    return name


_FILE = words_file(__package__, "words.toml")

WORDS = Catalogue({
    **_FILE,
    **_turned_entries(_FILE),
    "tile": (_tile("card"), _tile("card")),
    "removed_tile": (_tile("removed"), _tile("removed")),
    "log.play": (_play, _play),
    "log.result": (_result("en"), _result("ja")),
    "prompt.over": game_over_prompt("gold", "金{best}"),
    "summary": points_summary("gold", "gold", "金{best}", "Gold", "金", rounds=ROUNDS),
}, spec=SPEC, parent=ENGINE)
