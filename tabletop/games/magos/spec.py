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


SPEC = GameSpec.from_file(__package__, "game.toml", "magos",
    options=(
        OptionSpec.declare("setup", FIRST_GAME, (FIRST_GAME, DRAFT)),
        OptionSpec.declare("turn_limit", DEFAULT_TURN_LIMIT, TURN_LIMITS),
    ))


# -- the solo campaign ---------------------------------------------------------------------------

GAME_ID = "magos-solo"
PATCH = "patch-v1.1"   # MG-T2 fixed enemy dice (default, MG-G14)
ROLLED = "rolled"      # the enemy rolls its dice
DICE_MODES: tuple[str, ...] = (PATCH, ROLLED)


def _enemy_option() -> tuple[OptionSpec, dict[str, dict[str, str]]]:
    """The opponent option, worded from the card data (its name is in game.toml): its help lists
    the opponents in campaign order, and the new-game dialog names each by its campaign number
    and name."""
    enemies = [ENEMIES[key] for key in CAMPAIGN_ORDER]
    option = OptionSpec(
        "enemy", "", "", CAMPAIGN_ORDER[0], CAMPAIGN_ORDER,
        help_en="The opponent, in campaign order: "
        + ", ".join(f"a-{e.number} {e.id}" for e in enemies),
        help_ja="対戦相手（キャンペーン順）：" + ", ".join(f"a-{e.number} {e.ja}" for e in enemies))
    labels = {e.id: {"en": f"a-{e.number} {e.en}", "ja": f"a-{e.number} {e.ja}"}
              for e in enemies}
    return option, labels


_ENEMY, _ENEMY_LABELS = _enemy_option()

SOLO_SPEC = GameSpec.from_file(__package__, "game.toml", GAME_ID,
    options=(
        _ENEMY,
        OptionSpec.declare("dice", PATCH, DICE_MODES),
        OptionSpec.declare("setup", FIRST_GAME, (FIRST_GAME, DRAFT)),
        OptionSpec.declare("hand", ""),
        OptionSpec.declare("turn_limit", DEFAULT_TURN_LIMIT, TURN_LIMITS),
    ),
    # The carried-over spells are the campaign page's to set, never asked in the dialog.
    extra={"choice_labels": {"enemy": _ENEMY_LABELS}, "internal_options": ("hand",)})
