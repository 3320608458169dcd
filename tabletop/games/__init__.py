"""Built-in games. ``BUILTIN`` is the one list the app, the CLI and the packaging spec read."""

BUILTIN: tuple[str, ...] = (
    "tabletop.games.magos.plugin:PLUGIN",
    "tabletop.games.national_economy.plugin:PLUGIN",
    "tabletop.games.national_economy.plugin:SOLO_PLUGIN",
    "tabletop.games.spymaster.plugin:PLUGIN",
    "tabletop.games.mr_sneaky.plugin:PLUGIN",
    "tabletop.games.not_my_fault.plugin:PLUGIN",
    "tabletop.games.buried_treasure.plugin:PLUGIN",
    "tabletop.games.punimonyo.plugin:PLUGIN",
    "tabletop.games.magos.plugin:SOLO_PLUGIN",
    "tabletop.games.saboteur2.plugin:PLUGIN",
    "tabletop.games.secret_agent.plugin:PLUGIN",
    "tabletop.games.sheep_and_thief.plugin:PLUGIN",
)
