"""The game author's test kit, shipped with Tabletop so that a game in a package of its own is
tested as the built-in ones are. It needs the test extra (``pip install "tabletop[test]"``:
pytest, and pytest-qt for the table driver); nothing in the app imports it.

- ``check_game`` and ``check_hidden_differential`` (from ``tabletop.engine``, re-exported
  here): the conformance kit, seeded playouts, round trips, resamples held to the field
  table's promises, and what a seat sees after a step following from what it saw before.
- ``tabletop.plugin_check``: the plugin kit, every message code worded in both languages and
  the view's gestures against the legal actions (``tabletop-cli check-plugin`` runs it).
- ``tabletop.testing.build``: ``RulesKit``, the words of a message and of a refusal, checked
  play of a list of actions, the positions of seeded random games.
- ``tabletop.testing.plugincheck``: ``assert_plugin`` and ``assert_rulebooks``, what a game's
  plugin test checks of its spec, view and two rulebooks.
- ``tabletop.testing.aicheck``: ``fairness_test`` (no agent's choice changes between two
  positions that look the same to it) and ``strength_tests`` (hard against random play over
  seeded matches, with the bar shown to be beyond luck at the game's own random-play rate).
- ``tabletop.testing.table_driver``: a match played in the real window by mouse and key events
  (``play_through_table``, ``start_seeded``), in windows whose settings and saves live in a
  temporary folder (``window_fixture``).
"""

from __future__ import annotations

from tabletop.engine.conformance import check_game, check_hidden_differential

__all__ = ["check_game", "check_hidden_differential"]
