"""The spec of Secret Agent: what the game chooser, the new-game dialog and the registry read,
with the rule options. Kept apart from the rules model so that listing the games loads no
rules.

Each option's default is the reference's decision (§13, §15), so a game without options plays
the rules as decided; the other value is the alternative the reference names.
"""

from __future__ import annotations

from tabletop.api import GameSpec, OptionSpec

OPT_LEADERS = "leader_abilities"       # §11
OPT_OPEN_SPIES = "open_spies"          # SA-R23, SA-G01
OPT_MULTI = "multi_defence"            # SA-R26, SA-G02
OPT_TOPS = "tops_only"                 # SA-C2
OPT_AUTO_SPY = "auto_spy_discard"      # SA-C5
OPT_REFILL_ACTIONS = "refill_actions_only"  # SA-C7
OPT_CLASH_HIGH = "clash_high_loses"    # SA-G04

SPEC = GameSpec.from_file(__package__, "game.toml", "secret-agent",
    options=(
        OptionSpec(OPT_LEADERS, "Leader abilities", "首脳の特殊能力", False,
                   help_en="Optional rule: each leader card has its ability (President, "
                   "Chairman, Emperor, Colonel, Supreme Religious Leader, Prime Minister).",
                   help_ja="オプションルール:首脳カードの特殊能力を使う(大統領・議長・皇帝・"
                   "大佐・宗教上の最高指導者・首相)。"),
        OptionSpec(OPT_OPEN_SPIES, "Disaster spies face up", "災害攻撃のスパイを表向き", False,
                   help_en="Off (the default): in a disaster attack both sides add spies face "
                   "down and reveal them together. On: the attacker's spies are face up "
                   "before the defender answers.",
                   help_ja="オフ(標準):災害攻撃では両者がスパイを裏向きで出し、同時に公開する。"
                   "オン:攻撃側のスパイは表向きで、防御側はそれを見てから応じる。"),
        OptionSpec(OPT_MULTI, "Several spies to save a counter", "カウンター防御に複数のスパイ",
                   False,
                   help_en="Off (the default): against a counter destruction the defender "
                   "plays one spy at least as strong. On: several spies whose total is at "
                   "least as strong.",
                   help_ja="オフ(標準):カウンター破壊には、同じ強さ以上のスパイ1枚で守る。"
                   "オン:合計が同じ強さ以上になる複数のスパイで守れる。"),
        OptionSpec(OPT_TOPS, "Losses only from stack tops", "失う技術は山の一番上だけ", False,
                   help_en="Off (the default): War, Revolution, Coup and an assassination let "
                   "the owner discard any open technology card. On: only the top card of a "
                   "stack.",
                   help_ja="オフ(標準):戦争・革命・クーデター・暗殺では、持ち主が場の技術カードを"
                   "どれでも選んで捨てる。オン:各山の一番上のカードだけ。"),
        OptionSpec(OPT_AUTO_SPY, "Drawn spy always discarded", "引いたスパイは必ず捨てる",
                   False,
                   help_en="Off (the default): when a secret action draws a weaker spy, the "
                   "attacker chooses whether to discard it. On: it is always discarded.",
                   help_ja="オフ(標準):シークレットアクションで自分より弱いスパイを引いたとき、"
                   "捨てるかどうかは攻撃側が選ぶ。オン:必ず捨てる。"),
        OptionSpec(OPT_REFILL_ACTIONS, "Refill after actions only", "特別補充はアクションのみ",
                   False,
                   help_en="Off (the default): a hand brought down to 3 by another player's "
                   "turn, events included, may draw 1. On: only cards lost to another "
                   "player's action count.",
                   help_ja="オフ(標準):他人の手番(イベントを含む)で手札が3枚以下になったら1枚"
                   "補充できる。オン:他人のアクションで減ったときだけ。"),
        OptionSpec(OPT_CLASH_HIGH, "Clash: higher roll loses", "激突は大きい目が負け", True,
                   help_en="On (the default, as printed): in a clash of super spies the higher "
                   "roll loses. Off: the lower roll loses.",
                   help_ja="オン(標準・原文どおり):スーパースパイの激突では大きい目を出した方が"
                   "負け。オフ:小さい目を出した方が負け。"),
    ))
