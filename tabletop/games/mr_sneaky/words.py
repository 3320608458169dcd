"""Mr. Sneaky's words: every message code its rules and table use, in English and Japanese
(``tabletop.api`` formats them at the app's edge)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.api import ENGINE, Catalogue, Say

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
        return (f"あなたの家(あなただけが見ています):{doors}。" if lang == "ja"
                else f"Your house (only you see it): {doors}.")
    return part


def _round_end(lang: str) -> Any:
    def part(a: Mapping[str, Any], say: Say) -> str:
        en, ja = _ROUND_END[a["how"]]
        who, role = say(a["winner"], "player"), say(a["role"], "@role")
        if lang == "ja":
            return (f"第{a['round']}ラウンド終了({ja}):{who}({role})が宝石"
                    f"+{a['jewels']}。")
        return f"Round {a['round']} ends ({en}): {who} ({role}) +{a['jewels']} jewels."
    return part


def _tally(lang: str, a: Mapping[str, Any]) -> str:
    j, g, rounds = a["jewels"], a["agents"], a["rounds"]
    if lang == "ja":
        return f"宝石 {j[0]} – {j[1]}、エージェント {g[0]} – {g[1]}({rounds}ラウンド)。"
    return (f" Jewels {j[0]} – {j[1]}, agents {g[0]} – {g[1]}, after {rounds} "
            f"round{'s' if rounds != 1 else ''}.")


WORDS = Catalogue({
    # -- tiles, cards and roles ---------------------------------------------------------
    **{f"tile.{code}": names for code, names in TILE_NAMES.items()},
    **{f"card.{c}": card_names(c) for c in CARDS},
    "role.rich": ("Rich Man", "富豪"),
    "role.thief": ("Thief", "泥棒"),
    # -- the log ------------------------------------------------------------------------
    "log.first": ("{seat:player} is the first Rich Man.", "最初の富豪は{seat:player}です。"),
    "log.round": (lambda a, say: f"Round {a['round']}: {say(a['rich'], 'player')} is the Rich "
                  f"Man, {say(1 - a['rich'], 'player')} the Thief.",
                  lambda a, say: f"第{a['round']}ラウンド:富豪は{say(a['rich'], 'player')}、"
                  f"泥棒は{say(1 - a['rich'], 'player')}です。"),
    "log.deal": ("The eight doors are shuffled and laid face down.",
                 "8枚の扉タイルを混ぜて伏せて並べました。"),
    "log.house": (_house("en"), _house("ja")),
    "log.draw": ("{seat:player} draws {card:@card}.", "{seat:player}が{card:@card}を引きました。"),
    "log.aside": ("{card:@card} matches no closed door: set aside, draw again.",
                  "{card:@card}はどの閉じた扉にも合わないので脇に置いて引き直します。"),
    "log.reshuffle": ("The deck is empty: the {cards} discarded cards are shuffled into a new "
                      "deck.",
                      "山札が尽きたので、捨て札{cards}枚を混ぜて新しい山札にしました。"),
    "log.blocked": ("{card:@card} cannot be placed on any door.",
                    "{card:@card}はどの扉にも置けません。"),
    "log.nocards": ("No card is left to draw: the Rich Man cannot place.",
                    "引けるカードがないので、富豪はカードを置けません。"),
    "log.place": ("{seat:player} places {card:@card} on {door}.",
                  "{seat:player}が{card:@card}を{door}に置きました。"),
    "log.move": (f"{{seat:player}} sneaks from {{from}} to {{to}} (start card "
                 f"{{moves}}/{STEAL_EVERY}).",
                 f"{{seat:player}}が{{from}}から{{to}}へ移動(スタートカード "
                 f"{{moves}}/{STEAL_EVERY})。"),
    "log.forced": ("The start card has turned a full circle: {seat:player} must steal.",
                   "スタートカードが一周したので、{seat:player}は盗まなければなりません。"),
    "log.pass": ("{seat:player} does nothing.", "{seat:player}は何もしません。"),
    "log.steal": ("{seat:player} steals at {door}: {face:@tile}!",
                  "{seat:player}が{door}で盗みました:{face:@tile}!"),
    "log.guard": ("The Thief takes {n} {n:plural:guard:guards} ({guards}/4).",
                  "泥棒は警備コマを{n}個受け取りました({guards}/4)。"),
    "log.half": ("Nothing door #{count}: half a guard.", "{count}枚目の無:警備½。"),
    "log.match": ("{card:@card} matches: {seat:player} benefits.",
                  "{card:@card}が一致:{seat:player}に効果。"),
    "log.miss": ("{card:@card} does not match and is discarded.",
                 "{card:@card}は一致しないので捨て札になりました。"),
    "log.round_end": (_round_end("en"), _round_end("ja")),
    "log.win": (lambda a, say: (
        f"{say(1 - a['winner'], 'player')} holds {AGENTS_TO_LOSE} or more agents and loses: "
        f"{say(a['winner'], 'player')} wins." if a["how"] == "agents" else
        f"{say(a['winner'], 'player')} has {JEWELS_TO_WIN} jewels and wins."),
        lambda a, say: (
        f"{say(1 - a['winner'], 'player')}のエージェントが{AGENTS_TO_LOSE}以上になり負け:"
        f"{say(a['winner'], 'player')}の勝ちです。" if a["how"] == "agents" else
        f"{say(a['winner'], 'player')}が宝石{JEWELS_TO_WIN}個を集めて勝ちました。")),
    # -- moves --------------------------------------------------------------------------
    "move.place": ("Place {card:@card} on {door}", "{card:@card}を{door}に置く"),
    "move.place_card": ("Place the card on {door}", "カードを{door}に置く"),
    "move.move": ("Move to {door}", "{door}へ移動"),
    "move.steal": ("Steal", "盗む"),
    "move.pass": ("Do nothing", "何もしない"),
    "move.draw": ("Draw {card:@card}", "{card:@card}を引く"),
    "move.deal": ("Deal the doors", "扉を配る"),
    "move.first": ("{seat:player} is the first Rich Man", "{seat:player}が最初の富豪"),
    # -- refusals -------------------------------------------------------------------------
    "refuse.deck": ("Only the shuffle decides that.", "それは山札が決めることです。"),
    "refuse.shuffling": ("The cards and doors are being shuffled.", "カードと扉を混ぜています。"),
    "refuse.place_when": ("The Rich Man places a card only at the start of a turn, before the "
                          "Thief moves.",
                          "富豪がカードを置くのは手番の最初、泥棒が動く前だけです。"),
    "refuse.rich_first": ("Wait: the Rich Man ({seat:player}) places a card first.",
                          "お待ちください:先に富豪({seat:player})がカードを置きます。"),
    "refuse.steal_first": ("First steal or do nothing.",
                           "先に「盗む」か「何もしない」を選んでください。"),
    "refuse.wait_place": ("Wait: the Rich Man places a card first.",
                          "お待ちください:先に富豪がカードを置きます。"),
    "refuse.steal_when": ("The Thief steals (or not) right after moving onto a closed door.",
                          "盗むかどうかは、閉じた扉に移動した直後に決めます。"),
    "refuse.door_open": ("{door} is already open: cards go only on closed doors.",
                         "{door}はもう開いています。カードは閉じた扉にだけ置けます。"),
    "refuse.door_full": (f"{{door}} already holds {CARDS_PER_DOOR} cards.",
                         f"{{door}}にはもう{CARDS_PER_DOOR}枚置かれています。"),
    "refuse.door_treasure": (f"{{door}} already holds {TREASURE_PER_DOOR} treasure cards.",
                             f"{{door}}にはもう宝カードが{TREASURE_PER_DOOR}枚あります。"),
    "refuse.move_away": ("The Thief must move to another door.",
                         "泥棒は別の扉へ移動しなければなりません。"),
    "refuse.move_to": (lambda a, say: f"From {a['from']} the Thief can move only to "
                       f"{_doors(a['doors'], 'en')}.",
                       lambda a, say: f"{a['from']}からは{_doors(a['doors'], 'ja')}にしか"
                       "移動できません。"),
    "refuse.must_steal": ("The start card has turned a full circle: move onto a closed door "
                          "and steal.",
                          "スタートカードが一周しました。閉じた扉へ移動して盗んでください。"),
    # -- the table ------------------------------------------------------------------------
    "table.thief_only": ("Only the Thief moves the thief piece.",
                         "泥棒コマを動かせるのは泥棒だけです。"),
    "table.drag_thief": ("Drag the thief onto a neighbouring door.",
                         "泥棒コマを隣の扉へドラッグしてください。"),
    "table.thief_doors": ("The thief moves only onto doors.",
                          "泥棒コマは扉の上にしか移動できません。"),
    "table.drag_card": ("Drag the card onto a closed door.",
                        "カードを閉じた扉へドラッグしてください。"),
    "table.card_doors": ("Cards go only onto doors.", "カードは扉の上にだけ置けます。"),
    "table.steal_here": ("You can steal only where the thief stands: {door}.",
                         "盗めるのは泥棒コマのいる扉({door})だけです。"),
    "table.placed": ("Placed cards stay on their door until it is opened.",
                     "置かれたカードは扉が開くまでそのままです。"),
    "table.deck": ("Cards are drawn for the Rich Man automatically.",
                   "カードは富豪のために自動で引かれます。"),
    "table.start": ("The start card turns by itself each time the Thief moves.",
                    "スタートカードは泥棒が移動するたびに自動で回ります。"),
    "table.guards": ("Guards come only from opened doors and guard cards.",
                     "警備コマは開いた扉と警備カードからだけ受け取ります。"),
    "table.jewels": ("Jewels are paid by the rules at the end of a steal or a round.",
                     "宝石は盗みやラウンドの終わりにルールに従って支払われます。"),
    "table.agents": ("Agent cards stay with their holder until the end of the game.",
                     "エージェントカードはゲーム終了まで持ち主の前に置かれます。"),
    "table.wait_shuffle": ("Wait: cards are being shuffled.", "お待ちください:混ぜています。"),
    "table.wait_place": ("Wait: the Rich Man ({seat:player}) is placing a card.",
                         "お待ちください:富豪({seat:player})がカードを置いています。"),
    "table.wait_steal": ("Wait: the Thief ({seat:player}) is deciding whether to steal.",
                         "お待ちください:泥棒({seat:player})が盗むか考えています。"),
    "table.wait_move": ("Wait: the Thief ({seat:player}) is moving.",
                        "お待ちください:泥棒({seat:player})が移動しています。"),
    "series.jewels": ("P{number} jewels", "P{number} 宝石"),
    # -- prompts --------------------------------------------------------------------------
    "prompt.won": ("{seat:player} wins.", "{seat:player}の勝ちです。"),
    "prompt.shuffling": ("Shuffling…", "混ぜています…"),
    "prompt.placing": ("The Rich Man ({seat:player}) is placing a card.",
                       "富豪({seat:player})がカードを置いています。"),
    "prompt.place": ("Drag the drawn card onto a closed door (or click the door).",
                     "引いたカードを閉じた扉へドラッグしてください(扉のクリックでも可)。"),
    "prompt.moving": ("The Thief ({seat:player}) is moving.", "泥棒({seat:player})が移動します。"),
    "prompt.forced": ("The start card completes its circle: drag the thief onto a closed "
                      "door to steal there.",
                      "スタートカードが一周します:閉じた扉へ泥棒をドラッグして盗んでください。"),
    "prompt.move": ("Drag the thief to a neighbouring door (or click the door).",
                    "泥棒コマを隣の扉へドラッグしてください(扉のクリックでも可)。"),
    "prompt.deciding": ("The Thief ({seat:player}) is deciding whether to steal.",
                        "泥棒({seat:player})が盗むか考えています。"),
    "prompt.steal": ("Steal here (S) or do nothing (N)? You must steal within {left} more "
                     "{left:plural:move:moves}.",
                     "この扉で盗みますか?(S:盗む/N:何もしない。あと{left}回の移動までに"
                     "盗むこと)"),
    # -- the end ------------------------------------------------------------------------
    "summary.agents": (lambda a, say: f"{say(a['seat'], 'player')} wins: "
                       f"{say(1 - a['seat'], 'player')} holds {AGENTS_TO_LOSE} or more "
                       "agents." + _tally("en", a),
                       lambda a, say: f"{say(a['seat'], 'player')}の勝ち:"
                       f"{say(1 - a['seat'], 'player')}のエージェントが{AGENTS_TO_LOSE}以上に"
                       "なりました。" + _tally("ja", a)),
    "summary.jewels": (lambda a, say: f"{say(a['seat'], 'player')} wins with "
                       f"{a['jewels'][a['seat']]} jewels." + _tally("en", a),
                       lambda a, say: f"{say(a['seat'], 'player')}が宝石"
                       f"{a['jewels'][a['seat']]}個で勝ちました。" + _tally("ja", a)),
}, spec=SPEC, parent=ENGINE)
