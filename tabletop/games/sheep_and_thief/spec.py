"""The spec of Sheep & Thief: what the game chooser, the new-game dialog and the registry read.
It is kept apart from the rules model so that listing the games loads no rules.

The options are the readings the rules reference names as alternatives to its defaults
(ST-C1 towns, ST-C2 dogs, ST-C4 rivers); each option's first choice is the default. Their
words (names, help, the choices' labels) are in game.toml.
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

SPEC = GameSpec.from_file(__package__, "game.toml", "sheep-and-thief",
    options=(
        OptionSpec.declare(OPT_TOWNS, TOWNS_THREE, (TOWNS_THREE, TOWNS_TWO)),
        OptionSpec.declare(OPT_DOGS, DOGS_ANY, (DOGS_ANY, DOGS_ONE)),
        OptionSpec.declare(OPT_RIVERS, RIVERS_STRICT, (RIVERS_STRICT, RIVERS_LENIENT)),
    ))
