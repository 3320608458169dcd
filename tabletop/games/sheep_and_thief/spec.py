"""The spec of Sheep & Thief: what the game chooser, the new-game dialog and the registry read.
It is kept apart from the rules model so that listing the games loads no rules.

The options are the readings the rules reference names as alternatives to its defaults
(ST-C1 towns, ST-C2 dogs, ST-C4 rivers) and the other readings of the source where the
reference decided (ST-G11 the house, ST-G09 the thief's steps, ST-G10 where it steals); each
option's first choice is the default. Their words (names, help, the choices' labels) are in
game.toml.
"""

from __future__ import annotations

from tabletop.api import GameSpec, OptionSpec

OPT_TOWNS = "towns"      # ST-C1
TOWNS_THREE = "three"
TOWNS_TWO = "two"
OPT_DOGS = "dogs"        # ST-C2
DOGS_ANY = "any-flock"
DOGS_ONE = "one-flock"
OPT_RIVERS = "rivers"    # ST-C4
RIVERS_STRICT = "strict"
RIVERS_LENIENT = "lenient"
OPT_HOUSE = "house"      # ST-G11
HOUSE_SAFE = "safe"      # the house shelters its sheep as a hut does
HOUSE_OPEN = "open"      # only hut cards do (the source's words)
OPT_THIEF = "thief"      # ST-G09
THIEF_EXACT = "exact"    # every step taken
THIEF_UP_TO = "up-to"    # the thief may stop early, as the dogs may
OPT_THEFT = "theft"      # ST-G10
THEFT_EVERY = "every-step"
THEFT_LAST = "last-step"  # only on the cell the thief moves to

SPEC = GameSpec.from_file(__package__, "game.toml", "sheep-and-thief",
    options=(
        OptionSpec.declare(OPT_TOWNS, TOWNS_THREE, (TOWNS_THREE, TOWNS_TWO)),
        OptionSpec.declare(OPT_DOGS, DOGS_ANY, (DOGS_ANY, DOGS_ONE)),
        OptionSpec.declare(OPT_RIVERS, RIVERS_STRICT, (RIVERS_STRICT, RIVERS_LENIENT)),
        OptionSpec.declare(OPT_HOUSE, HOUSE_SAFE, (HOUSE_SAFE, HOUSE_OPEN)),
        OptionSpec.declare(OPT_THIEF, THIEF_EXACT, (THIEF_EXACT, THIEF_UP_TO)),
        OptionSpec.declare(OPT_THEFT, THEFT_EVERY, (THEFT_EVERY, THEFT_LAST)),
    ))
