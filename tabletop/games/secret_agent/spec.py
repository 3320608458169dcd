"""The spec of Secret Agent: what the game chooser, the new-game dialog and the registry read,
with the rule options. Kept apart from the rules model so that listing the games loads no
rules.

Each option's default is the reference's decision (§13, §15), so a game without options plays
the rules as decided; the other value is the alternative the reference names, or the other
reading of the source (Peace against War). The options' words are in game.toml.
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
OPT_PEACE_WAR = "peace_ends_war"       # SA-R46: Peace against War (「…「平和」で回避出来ます」)

SPEC = GameSpec.from_file(__package__, "game.toml", "secret-agent",
    options=(
        OptionSpec.declare(OPT_LEADERS, False),
        OptionSpec.declare(OPT_OPEN_SPIES, False),
        OptionSpec.declare(OPT_MULTI, False),
        OptionSpec.declare(OPT_TOPS, False),
        OptionSpec.declare(OPT_AUTO_SPY, False),
        OptionSpec.declare(OPT_REFILL_ACTIONS, False),
        OptionSpec.declare(OPT_CLASH_HIGH, True),
        OptionSpec.declare(OPT_PEACE_WAR, False),
    ))
