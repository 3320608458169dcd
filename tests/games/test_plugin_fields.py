"""The plugin object of each game checked alike (Magos and Punimonyo check theirs with their
registration): its game and view are of the game's classes, and its spec has the game's id,
English and Japanese names, player counts, hidden information, rulebook and option defaults.
One row a game; each game's own plugin tests check its rulebooks and the plugin kit."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.games.buried_treasure import plugin as buried_treasure
from tabletop.games.buried_treasure.model import BuriedTreasureGame
from tabletop.games.buried_treasure.view import BuriedTreasureView
from tabletop.games.mr_sneaky import plugin as mr_sneaky
from tabletop.games.mr_sneaky.model import MrSneakyGame
from tabletop.games.mr_sneaky.view import MrSneakyView
from tabletop.games.not_my_fault import plugin as not_my_fault
from tabletop.games.not_my_fault.model import NotMyFaultGame
from tabletop.games.not_my_fault.view import NotMyFaultView
from tabletop.games.saboteur2 import plugin as saboteur2
from tabletop.games.saboteur2.model import Saboteur2Game
from tabletop.games.saboteur2.view import Saboteur2View
from tabletop.games.secret_agent import plugin as secret_agent
from tabletop.games.secret_agent.model import SecretAgentGame
from tabletop.games.secret_agent.view import SecretAgentView
from tabletop.games.sheep_and_thief import plugin as sheep_and_thief
from tabletop.games.sheep_and_thief.model import SheepAndThiefGame
from tabletop.games.sheep_and_thief.view import SheepAndThiefView
from tabletop.games.spymaster import plugin as spymaster
from tabletop.games.spymaster.model import SpymasterGame
from tabletop.games.spymaster.view import SpymasterView
from tabletop.testing.plugincheck import assert_plugin

#: The plugin, its game's and view's classes, (id, English name, Japanese name), the fewest
#: and the most players, and every option's default.
PLUGINS = [
    # Buried Treasure and Not My Fault! name no option: the decisions of their §6 are fixed.
    (buried_treasure.PLUGIN, BuriedTreasureGame, BuriedTreasureView,
     ("buried-treasure", "Buried Treasure", "埋蔵金"), (2, 6), {}),
    # "(仮)" only marked the title as provisional in the designer's post.
    (not_my_fault.PLUGIN, NotMyFaultGame, NotMyFaultView,
     ("not-my-fault", "Not My Fault!", "Not My Fault!"), (2, 5), {}),
    (mr_sneaky.PLUGIN, MrSneakyGame, MrSneakyView,
     ("mr-sneaky", "Mr. Sneaky", "ミスター・スニーキー"), (2, 2),
     {"first": "random", "traps": "1-1-2", "guard_cards": "4-4"}),
    (spymaster.PLUGIN, SpymasterGame, SpymasterView,
     ("spymaster", "Spymaster", "スパイマスター"), (2, 2), {"deck": "9-6-6", "may_stop": False}),
    (saboteur2.PLUGIN, Saboteur2Game, Saboteur2View,
     ("saboteur2", "Saboteur 2", "お邪魔者2"), (2, 12),
     {"extra_crystals": True, "geologist_share": "untrapped", "trapped_winners": "left-out"}),
    (secret_agent.PLUGIN, SecretAgentGame, SecretAgentView,
     ("secret-agent", "Secret Agent", "シークレットエージェント"), (3, 6),
     {"leader_abilities": False, "open_spies": False, "multi_defence": False, "tops_only": False,
      "auto_spy_discard": False, "refill_actions_only": False, "clash_high_loses": True,
      "peace_ends_war": False}),
    (sheep_and_thief.PLUGIN, SheepAndThiefGame, SheepAndThiefView,
     ("sheep-and-thief", "Sheep & Thief", "ひつじとどろぼう"), (2, 4),
     {"towns": "three", "dogs": "any-flock", "rivers": "strict", "house": "safe",
      "thief": "exact", "theft": "every-step"}),
]


@pytest.mark.parametrize(("plugin", "game", "view", "names", "players", "options"), PLUGINS,
                         ids=[row[3][0] for row in PLUGINS])
def test_plugin_fields(plugin: Any, game: type, view: type, names: tuple[str, str, str],
                       players: tuple[int, int], options: dict[str, Any]) -> None:
    assert_plugin(plugin, game, view, names=names, players=players, options=options)
