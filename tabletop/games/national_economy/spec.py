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


SPEC = GameSpec.from_file(__package__, "game.toml", "national-economy",
    options=tuple(OptionSpec.declare(key, choices[0], choices) for key, choices in (
        (OPT_BUILT, (BUILT_SAME_ROUND, BUILT_NEXT_ROUND)),
        (OPT_FINAL_LIMIT, (FINAL_LIMIT_APPLY, FINAL_LIMIT_SKIP)),
        (OPT_TIE, (TIE_CASH, TIE_SHARED)),
        (OPT_BONUS, (BONUS_EACH, BONUS_ONE)),
        (OPT_GOODS, (GOODS_PARTIAL, GOODS_UNUSABLE)),
    )))

#: The options of the 2-4 player game, with their words from game.toml; the solo game takes all
#: but the tie-break.
RULE_OPTIONS: tuple[OptionSpec, ...] = SPEC.options
#: How the new-game dialog names each choice (``GameSpec.extra["choice_labels"]``).
CHOICE_LABELS: dict[str, dict[str, dict[str, str]]] = SPEC.extra["choice_labels"]


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

SOLO_SPEC = GameSpec.from_file(__package__, "game.toml", GAME_ID,
    options=(
        OptionSpec.declare("variant", VARIANT_A, VARIANTS),
        OptionSpec.declare("tax", TAX_ROUND_MINUS_ONE, TAX_MODES),
        OptionSpec.declare("wage_failure", GAME_OVER, WAGE_FAILURES),
        *SHARED_OPTIONS,
    ),
    extra={"choice_labels": {o.key: CHOICE_LABELS[o.key] for o in SHARED_OPTIONS}})
