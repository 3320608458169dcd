"""Saboteur 2's words: every message code its rules use, in English and Japanese
(``tabletop.text`` formats them at the app's edge). Plain entries are in ``words.toml``; the
names of the cards and the sentences that need code are here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.api import (
    ENGINE,
    Catalogue,
    Msg,
    Say,
    game_over_prompt,
    per_seat,
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
        paid = per_seat(a["pay"], say, lang, skip_empty=True)
        if lang == "ja":
            why = {"gold": f"金塊に到達:{say(a['teams'], '@team,')}の金鉱掘りの勝ち",
                   "blocked": "金塊に到達したが、どの道も両色の扉でふさがれている:お邪魔者の勝ち",
                   "not_found": "金塊は見つからなかった:お邪魔者の勝ち"}[a["reason"]]
            return (f"{why}。勝者:{names}。クリスタル{a['crystals']}個。"
                    f"獲得:{paid or 'なし'}。")
        why = {"gold": f"The gold is reached: the {say(a['teams'], '@team,')} diggers win",
               "blocked": "The gold is reached but every way to it has doors of both "
                          "colours: the saboteurs win",
               "not_found": "The gold was not found: the saboteurs win"}[a["reason"]]
        return (f"{why}. Winners: {names}. Crystals in the maze: {a['crystals']}. "
                f"Gold paid: {paid or 'none'}.")
    return line


WORDS = Catalogue({
    **words_file(__package__, "words.toml"),
    "log.play": (_play, _play),
    "log.result": (_result("en"), _result("ja")),
    "prompt.over": game_over_prompt("gold", "金{best}"),
    "summary": points_summary("gold", "gold", "金{best}", "Gold", "金", rounds=ROUNDS),
}, spec=SPEC, parent=ENGINE)
