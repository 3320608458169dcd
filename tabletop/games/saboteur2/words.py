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
    who_wins,
    words_file,
)

from .data import ROUNDS
from .spec import SPEC

# Card names (SB §10): English, Japanese. Path cards are named by their shape.
_CARD_NAMES: dict[str, tuple[str, str]] = {
    "START": ("Start card", "スタートカード"),
    "G-GOLD": ("Gold", "金塊"),
    "G-STONE-A": ("Stone", "石ころ"),
    "G-STONE-B": ("Stone", "石ころ"),
    "B-P01": ("Straight (N–S)", "通路(縦)"),
    "B-P02": ("Straight (W–E)", "通路(横)"),
    "B-P03": ("Curve (S–E)", "通路(カーブ 下–右)"),
    "B-P04": ("Curve (S–W)", "通路(カーブ 下–左)"),
    "B-P05": ("T (N–S–E)", "通路(T字 上–下–右)"),
    "B-P06": ("T (W–E–N)", "通路(T字 左–右–上)"),
    "B-P07": ("Crossing", "通路(十字)"),
    "B-D01": ("Dead end (S)", "行き止まり(下)"),
    "B-D02": ("Dead end (W)", "行き止まり(左)"),
    "B-D03": ("Dead end (N, S)", "行き止まり(上・下)"),
    "B-D04": ("Dead end (W, E)", "行き止まり(左・右)"),
    "B-D05": ("Dead end (S, E)", "行き止まり(下・右)"),
    "B-D06": ("Dead end (S, W)", "行き止まり(下・左)"),
    "B-D07": ("Dead end (N, S, E)", "行き止まり(上・下・右)"),
    "B-D08": ("Dead end (N, W, E)", "行き止まり(上・左・右)"),
    "B-D09": ("Dead end (all four)", "行き止まり(四方)"),
    "X-BR": ("Bridge", "橋"),
    "X-DC": ("Double curve", "ダブルカーブ"),
    "X-L01": ("Ladder (N)", "はしご付き通路(上)"),
    "X-L02": ("Ladder (W)", "はしご付き通路(左)"),
    "X-L03": ("Ladder curve (W–N)", "はしご付き通路(左–上)"),
    "X-L04": ("Ladder curve (W–S)", "はしご付き通路(左–下)"),
    "X-G01": ("Blue door (N–S)", "青の扉付き通路(縦)"),
    "X-G02": ("Blue door (W–E)", "青の扉付き通路(横)"),
    "X-G03": ("Blue door curve (W–S)", "青の扉付き通路(左–下)"),
    "X-G04": ("Green door (N–S, dead end W)", "緑の扉付き通路(縦・左は行き止まり)"),
    "X-G05": ("Green door (W–E)", "緑の扉付き通路(横)"),
    "X-G06": ("Green door curve (W–N)", "緑の扉付き通路(左–上)"),
    "X-C01": ("Crystal dead end (N)", "クリスタルの行き止まり(上)"),
    "X-C02": ("Crystal dead end (W)", "クリスタルの行き止まり(左)"),
    "X-C03": ("Crystal crossing", "クリスタル通路(十字)"),
    "X-C04": ("Crystal T (W–N–E)", "クリスタル通路(T字 左–上–右)"),
    "X-C05": ("Crystal T (N–E–S)", "クリスタル通路(T字 上–右–下)"),
    "X-C06": ("Crystal T (N–E–S, dead end W)", "クリスタル通路(T字 上–右–下・左は行き止まり)"),
    "X-C07": ("Crystal T (W–N–E, dead end S)", "クリスタル通路(T字 左–上–右・下は行き止まり)"),
    "X-C08": ("Crystal straight (W–E, dead end N)", "クリスタル通路(横・上は行き止まり)"),
    "X-P01": ("Crystal straight (W–E)", "クリスタル通路(横)"),
    "X-P02": ("Crystal straight (N–S)", "クリスタル通路(縦)"),
    "X-P03": ("Crystal curve (S–E)", "クリスタル通路(カーブ 下–右)"),
    "X-P04": ("Crystal curve (S–W)", "クリスタル通路(カーブ 下–左)"),
    "X-P05": ("Crystal crossing (2)", "クリスタル通路(十字・2)"),
    "A-BRK-P": ("Broken pickaxe", "道具破壊:つるはし"),
    "A-BRK-L": ("Broken lantern", "道具破壊:ランプ"),
    "A-BRK-C": ("Broken mine cart", "道具破壊:トロッコ"),
    "A-REP-P": ("Repair pickaxe", "道具修理:つるはし"),
    "A-REP-L": ("Repair lantern", "道具修理:ランプ"),
    "A-REP-C": ("Repair mine cart", "道具修理:トロッコ"),
    "A-REP-PL": ("Repair pickaxe or lantern", "道具修理:つるはしかランプ"),
    "A-REP-PC": ("Repair pickaxe or mine cart", "道具修理:つるはしかトロッコ"),
    "A-REP-LC": ("Repair lantern or mine cart", "道具修理:ランプかトロッコ"),
    "A-ROCK": ("Rockfall", "落石"),
    "A-MAP": ("Map", "地図"),
    "A-THF": ("Theft", "泥棒"),
    "A-HOF": ("Hands Off", "手を離せ"),
    "A-SWH": ("Swap Your Hand", "手札交換"),
    "A-INS": ("Inspection", "調査"),
    "A-HAT": ("Swap Your Hats", "役割の変更"),
    "A-TRP": ("Trapped!", "罠"),
    "A-FRE": ("Free at last!", "ついに解放"),
}


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


def _tally(a: Mapping[str, Any], say: Say, lang: str) -> str:
    return per_seat(a["gold"], say, lang)


WORDS = Catalogue({
    **words_file(__package__, "words.toml"),
    **{f"card.{c}": names for c, names in _CARD_NAMES.items()},
    "log.play": (_play, _play),
    "log.result": (_result("en"), _result("ja")),
    "log.end": (lambda a, say: f"Game over after {ROUNDS} rounds. Gold: {_tally(a, say, 'en')}. "
                               f"{who_wins(a['winners'], say)}.",
                lambda a, say: f"{ROUNDS}ラウンドでゲーム終了。金:{_tally(a, say, 'ja')}。"
                               f"{say(a['winners'], 'players')}の勝ち。"),
    "prompt.over": game_over_prompt("gold", "金{best}"),
    "summary": points_summary("gold", "gold", "金{best}", "Gold", "金", rounds=ROUNDS),
}, spec=SPEC, parent=ENGINE)
