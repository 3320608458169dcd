"""The specs of National Economy and its solo game: what the game chooser, the new-game dialog
and the registry read, with the rule options both share. Kept apart from the rules models so
that listing the games loads no rules."""

from __future__ import annotations

from tabletop.api import GameSpec, OptionSpec

# ---------------------------------------------------------------------------------------------
# Rule options: the spec's gap decisions ([D], §10) that have a playable alternative
# ---------------------------------------------------------------------------------------------
# Each option's first choice is the spec's decision and the default, so a game without options
# plays exactly as it always did. Option keys and values are what save files, the CLI
# (``--option tie_break=shared``) and the new-game dialog use.

OPT_BUILT = "built_buildings"        # NE-R26
BUILT_SAME_ROUND = "same-round"
BUILT_NEXT_ROUND = "next-round"
OPT_FINAL_LIMIT = "final_hand_limit"  # NE-G17
FINAL_LIMIT_APPLY = "apply"
FINAL_LIMIT_SKIP = "skip"
OPT_TIE = "tie_break"                # NE-G18
TIE_CASH = "cash"
TIE_SHARED = "shared"
OPT_BONUS = "bonus_copies"           # NE-R62
BONUS_EACH = "each"
BONUS_ONE = "one"
OPT_GOODS = "goods_shortage"         # NE-R3
GOODS_PARTIAL = "take-what-is-left"
GOODS_UNUSABLE = "unusable"


def _option(key: str, name_en: str, name_ja: str, choices: tuple[str, ...], help_en: str,
            help_ja: str) -> OptionSpec:
    return OptionSpec(key, name_en, name_ja, choices[0], choices, help_en=help_en,
                      help_ja=help_ja)


#: The options of the 2-4 player game; the solo game takes all but the tie-break.
# The help texts name the choices by their labels (``CHOICE_LABELS``), as the dialog shows them.
OPTION_BUILT = _option(
    OPT_BUILT, "New buildings work", "建てた建物が使えるのは", (BUILT_SAME_ROUND, BUILT_NEXT_ROUND),
    "In the round they are built (NE-R26, the default): a building you build can take one of "
    "your workers later in the same round. From the next round: it waits until then.",
    "建てたラウンドから(NE-R26・標準):建てた建物には同じラウンドのうちに自分の労働者を"
    "置ける。次のラウンドから:それまで使えない。")
OPTION_FINAL_LIMIT = _option(
    OPT_FINAL_LIMIT, "Hand limit after round 9", "ラウンド9後の手札上限",
    (FINAL_LIMIT_APPLY, FINAL_LIMIT_SKIP),
    "Discard down to the limit (NE-G17, the default): after round 9 players still discard down "
    "to their hand limit before scoring, which matters for the Farmers' Co-op. No discarding "
    "before scoring: hands are scored as they are.",
    "上限まで捨てる(NE-G17・標準):ラウンド9の後も得点計算の前に手札上限まで捨てる"
    "(農協に影響)。捨てずに得点計算:手札はそのまま得点計算する。")
OPTION_TIE = _option(
    OPT_TIE, "Tie on total assets", "総資産が同点のとき", (TIE_CASH, TIE_SHARED),
    "More cash wins (NE-G18, the default): still tied, the win is shared. Shared win: every "
    "player with the highest total assets shares the win.",
    "現金の多い方が勝ち(NE-G18・標準):それも同じなら勝利を分け合う。"
    "勝利を分け合う:総資産が最高のプレイヤー全員の勝ち。")
OPTION_BONUS = _option(
    OPT_BONUS, "Copies of a bonus building", "同じボーナス建物が複数あるとき",
    (BONUS_EACH, BONUS_ONE),
    "Every copy scores (NE-R62, the default): two Real Estate Agencies give two bonuses. Once "
    "per kind: an end-of-game bonus counts once however many copies you own.",
    "1枚ごとに得点(NE-R62・標準):不動産屋2枚ならボーナス2回。種類ごとに1回:同じ建物を"
    "何枚持っていても終了時ボーナスは1回だけ。")
OPTION_GOODS = _option(
    OPT_GOODS, "Consumer goods run out", "消費財が足りないとき", (GOODS_PARTIAL, GOODS_UNUSABLE),
    "Draw what is left (NE-R3, the default): a building that draws consumer goods gets what is "
    "left of the pile. Building cannot be used: only when the pile holds every card it draws "
    "(NE-R24's full-effect rule).",
    "残っている分だけ引く(NE-R3・標準):消費財を引く建物は山に残っている分だけ引く。"
    "その建物は使えない:引く枚数が山に残っているときだけ使える(NE-R24の、効果を完全に"
    "実行できる場合のみという原則)。")
RULE_OPTIONS: tuple[OptionSpec, ...] = (OPTION_BUILT, OPTION_FINAL_LIMIT, OPTION_TIE,
                                         OPTION_BONUS, OPTION_GOODS)

#: How the new-game dialog names each choice (``GameSpec.extra["choice_labels"]``).
CHOICE_LABELS: dict[str, dict[str, dict[str, str]]] = {
    OPT_BUILT: {
        BUILT_SAME_ROUND: {"en": "In the round they are built", "ja": "建てたラウンドから"},
        BUILT_NEXT_ROUND: {"en": "From the next round", "ja": "次のラウンドから"},
    },
    OPT_FINAL_LIMIT: {
        FINAL_LIMIT_APPLY: {"en": "Discard down to the limit", "ja": "上限まで捨てる"},
        FINAL_LIMIT_SKIP: {"en": "No discarding before scoring", "ja": "捨てずに得点計算"},
    },
    OPT_TIE: {
        TIE_CASH: {"en": "More cash wins", "ja": "現金の多い方が勝ち"},
        TIE_SHARED: {"en": "Shared win", "ja": "勝利を分け合う"},
    },
    OPT_BONUS: {
        BONUS_EACH: {"en": "Every copy scores", "ja": "1枚ごとに得点"},
        BONUS_ONE: {"en": "Once per kind", "ja": "種類ごとに1回"},
    },
    OPT_GOODS: {
        GOODS_PARTIAL: {"en": "Draw what is left", "ja": "残っている分だけ引く"},
        GOODS_UNUSABLE: {"en": "Building cannot be used", "ja": "その建物は使えない"},
    },
}


SPEC = GameSpec.from_file(__package__, "game.toml", "national-economy",
    options=RULE_OPTIONS,
    extra={"choice_labels": CHOICE_LABELS})


# -- the solo game ----------------------------------------------------------------------------

GAME_ID = "national-economy-solo"

VARIANT_A = "a"
VARIANT_B = "b"
VARIANTS: tuple[str, ...] = (VARIANT_A, VARIANT_B)

TAX_ROUND_MINUS_ONE = "round-minus-one"  # NE-G10: $0 in round 1 up to $8 in round 9
TAX_ROUND = "round"                      # a harder schedule: $1 up to $9
TAX_NONE = "none"
TAX_MODES: tuple[str, ...] = (TAX_ROUND_MINUS_ONE, TAX_ROUND, TAX_NONE)

GAME_OVER = "game-over"            # NE-R77, NE-G11
PENALTY_TOKENS = "penalty-tokens"  # NE-G11: the published solo's unpaid-wage tokens
WAGE_FAILURES: tuple[str, ...] = (GAME_OVER, PENALTY_TOKENS)

#: The 2-4 player game's rule options that make sense alone: all but the tie-break.
SHARED_OPTIONS = tuple(o for o in RULE_OPTIONS if o.key != OPT_TIE)
SOLO_CHOICE_LABELS: dict[str, dict[str, dict[str, str]]] = {
    "variant": {VARIANT_A: {"en": "a: Factory, tax, one building per type",
                            "ja": "a:工場・税金あり・同じ種類は1つまで"},
                VARIANT_B: {"en": "b: Farm, half-price sales, clear at 100",
                            "ja": "b:農場・売却は半額・100でクリア"}},
    "tax": {TAX_ROUND_MINUS_ONE: {"en": "Round − 1 ($0 to $8)", "ja": "ラウンド−1($0〜$8)"},
            TAX_ROUND: {"en": "Round number ($1 to $9)", "ja": "ラウンド数($1〜$9)"},
            TAX_NONE: {"en": "No tax", "ja": "税金なし"}},
    "wage_failure": {GAME_OVER: {"en": "Game over", "ja": "ゲームオーバー"},
                     PENALTY_TOKENS: {"en": "Penalty tokens", "ja": "未払い給料罰符"}},
    **{o.key: CHOICE_LABELS[o.key] for o in SHARED_OPTIONS},
}


SOLO_SPEC = GameSpec.from_file(__package__, "game.toml", GAME_ID,
    options=(
        OptionSpec("variant", "Solo rules", "ソロルール", VARIANT_A, VARIANTS,
                   help_en="a: a Factory starts in the public area, one building per type "
                   "may be public, a tax is due every round. b: a Farm starts there, "
                   "sales pay half, no tax, and 100 total assets clear the game.",
                   help_ja="a:工場から始まり、共有建物置き場には同じ種類の建物は1つまで、"
                   "毎ラウンド税金がかかる。b:農場から始まり、売却は半額、税金なし、"
                   "総資産100以上でクリア。"),
        OptionSpec("tax", "Tax (rules a)", "税金(ルールa)", TAX_ROUND_MINUS_ONE,
                   TAX_MODES,
                   help_en="Tax paid to the supply at each round's end under rules a. "
                   "round-minus-one: $0 in round 1 up to $8 in round 9. round: $1 up to "
                   "$9. none: no tax. Rules b never have a tax.",
                   help_ja="ルールaで各ラウンドの終わりにサプライへ払う税金。"
                   "round-minus-one:ラウンド1の$0からラウンド9の$8まで。"
                   "round:$1から$9まで。none:税金なし。ルールbには税金はない。"),
        OptionSpec("wage_failure", "Unpaid wages", "賃金を払えないとき", GAME_OVER,
                   WAGE_FAILURES,
                   help_en="game-over: if wages and tax cannot be paid after selling "
                   "everything sellable, the game is lost. penalty-tokens: pay what you "
                   "can and take an unpaid-wage token (−3 points) per dollar missing.",
                   help_ja="game-over:売れる建物をすべて売っても賃金と税金を払えなければ"
                   "ゲームオーバー。penalty-tokens:払えるだけ払い、足りない$1ごとに"
                   "未払い給料罰符(−3点)を受け取る。"),
        *SHARED_OPTIONS,
    ),
    extra={"choice_labels": SOLO_CHOICE_LABELS})
