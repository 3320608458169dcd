"""The spec of Saboteur 2: what the game chooser, the new-game dialog and the registry read,
with the rule options. Kept apart from the rules model so that listing the games loads no
rules."""

from __future__ import annotations

from tabletop.api import GameSpec, OptionSpec

# Each option's first choice is the rules reference's decision and the default; the
# options' words are in game.toml.
OPT_CRYSTALS = "extra_crystals"      # SB-G07, SB-C4
OPT_GEOLOGISTS = "geologist_share"   # SB-G04
GEO_UNTRAPPED = "untrapped"
GEO_ALL = "all"
OPT_TRAPPED = "trapped_winners"      # SB-R28, SB-R29
TRAPPED_LEFT_OUT = "left-out"        # a trapped player is no winner: N counts the others
TRAPPED_COUNTED = "counted"          # he counts in N, but gets no gold

SPEC = GameSpec.from_file(__package__, "game.toml", "saboteur2",
    options=(
        OptionSpec.declare(OPT_CRYSTALS, True),
        OptionSpec.declare(OPT_GEOLOGISTS, GEO_UNTRAPPED, (GEO_UNTRAPPED, GEO_ALL)),
        OptionSpec.declare(OPT_TRAPPED, TRAPPED_LEFT_OUT, (TRAPPED_LEFT_OUT, TRAPPED_COUNTED)),
    ))
