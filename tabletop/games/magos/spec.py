"""The specs of Magos and its solo campaign: what the game chooser, the new-game dialog and the
registry read, kept apart from the rules models so that listing the games loads no rules (the
solo game's list of opponents comes from the card data)."""

from __future__ import annotations

from tabletop.api import GameSpec, OptionSpec

from .data import CAMPAIGN_ORDER, ENEMIES

FIRST_GAME = "first-game"
DRAFT = "draft"
TURN_LIMITS: tuple[int, ...] = (20, 30, 40, 60)
DEFAULT_TURN_LIMIT = 40  # MG-R42


SPELLS_EN = "Harmony, Pain, Fireball, Resonance and Healing"
SPELLS_JA = "調和・苦痛・火球・共鳴・治癒"

#: How the new-game dialog names each choice (``GameSpec.extra["choice_labels"]``).
CHOICE_LABELS = {
    "setup": {FIRST_GAME: {"en": "First game (the five starter spells)",
                           "ja": "初めての対戦(基本の5呪文)"},
              DRAFT: {"en": "Draft (keep 5 of 10 dealt spells)",
                      "ja": "ドラフト(配られた10枚から5枚)"}},
}

SPEC = GameSpec.from_file(__package__, "game.toml", "magos",
    options=(
        OptionSpec("setup", "Spells", "呪文の決め方", FIRST_GAME, (FIRST_GAME, DRAFT),
                   help_en=f"First game: both wizards use {SPELLS_EN}. Draft: each keeps "
                   "5 of 10 dealt cards.",
                   help_ja=f"初めての対戦:両者が{SPELLS_JA}を使う。"
                   "ドラフト:配られた10枚から5枚を選ぶ。"),
        OptionSpec("turn_limit", "Draw after turns", "引き分けまでのターン数",
                   DEFAULT_TURN_LIMIT, TURN_LIMITS,
                   help_en="The game is a draw when both players have taken this many "
                   "turns.", help_ja="両者がこのターン数を終えたら引き分け。"),
    ),
    extra={"choice_labels": CHOICE_LABELS})


# -- the solo campaign ---------------------------------------------------------------------------

GAME_ID = "magos-solo"
PATCH = "patch-v1.1"   # MG-T2 fixed enemy dice (default, MG-G14)
ROLLED = "rolled"      # the enemy rolls its dice
DICE_MODES: tuple[str, ...] = (PATCH, ROLLED)


def _enemy_choices_help() -> tuple[str, str]:
    """The opponents in campaign order, for the option's help: English, Japanese."""
    enemies = [ENEMIES[i] for i in CAMPAIGN_ORDER]
    return (", ".join(f"a-{e.number} {e.id}" for e in enemies),
            ", ".join(f"a-{e.number} {e.ja}" for e in enemies))


def _solo_choice_labels() -> dict[str, dict[str, dict[str, str]]]:
    """The new-game dialog's words for the solo game's choices: each opponent by its campaign
    number and name, the enemy's dice, the spells."""
    return {
        "enemy": {key: {"en": f"a-{ENEMIES[key].number} {ENEMIES[key].en}",
                        "ja": f"a-{ENEMIES[key].number} {ENEMIES[key].ja}"}
                  for key in CAMPAIGN_ORDER},
        "dice": {PATCH: {"en": "Patch v1.1 (fixed faces)", "ja": "パッチv1.1(固定の出目)"},
                 ROLLED: {"en": "Rolled", "ja": "振る"}},
        "setup": {FIRST_GAME: CHOICE_LABELS["setup"][FIRST_GAME],
                  DRAFT: {"en": "Draft (keep 5 of Harmony and 9 dealt spells)",
                          "ja": "ドラフト(調和と配られた9枚から5枚)"}},
    }


SOLO_SPEC = GameSpec.from_file(__package__, "game.toml", GAME_ID,
    options=(
        OptionSpec("enemy", "Opponent card", "対戦相手カード", CAMPAIGN_ORDER[0],
                   CAMPAIGN_ORDER,
                   help_en="The opponent, in campaign order: " + _enemy_choices_help()[0],
                   help_ja="対戦相手(キャンペーン順):" + _enemy_choices_help()[1]),
        OptionSpec("dice", "Enemy dice", "敵のダイス", PATCH, DICE_MODES,
                   help_en="Patch v1.1: the enemy's faces follow the fixed table of patch "
                   "v1.1. Rolled: the enemy rolls its dice.",
                   help_ja="パッチv1.1:敵の出目はパッチv1.1の固定表に従う。"
                   "振る:敵がダイスを振る。"),
        OptionSpec("setup", "Spells", "呪文の決め方", FIRST_GAME, (FIRST_GAME, DRAFT),
                   help_en=f"First game: {SPELLS_EN}. "
                   "Draft: keep 5 of Harmony plus 9 dealt cards.",
                   help_ja=f"初めての対戦:{SPELLS_JA}。"
                   "ドラフト:調和と配られた9枚から5枚を選ぶ。"),
        OptionSpec("hand", "Spells carried over", "引き継ぐ呪文", "",
                   help_en="Five spell ids separated by commas, fought with instead of the "
                   "setup (the campaign keeps its spells after a victory).",
                   help_ja="カンマ区切りの呪文ID5つ。指定するとこの5枚で戦う"
                   "(勝利後のキャンペーンは同じ呪文を引き継ぐ)。"),
        OptionSpec("turn_limit", "Draw after turns", "引き分けまでのターン数",
                   DEFAULT_TURN_LIMIT, TURN_LIMITS,
                   help_en="The battle is a draw when both sides have taken this many "
                   "turns.", help_ja="両者がこのターン数を終えたら引き分け。"),
    ),
    # The carried-over spells are the campaign page's to set, never asked in the dialog.
    extra={"choice_labels": _solo_choice_labels(), "internal_options": ("hand",)})
