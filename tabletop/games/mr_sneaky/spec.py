"""The spec of Mr. Sneaky: what the game chooser, the new-game dialog and the registry read.
It is kept apart from the rules model so that listing the games loads no rules."""

from __future__ import annotations

from tabletop.api import GameSpec, OptionSpec

from .data import DEFAULT_GUARDS, DEFAULT_TRAPS, GUARD_MIXES, TRAP_MIXES


def _guard_labels() -> dict[str, dict[str, str]]:
    """The new-game dialog's words for the guard-card mixes, which count the cards of each
    (the other options' words are in game.toml)."""
    return {mix: {"en": f"{y} yellow (無) + {b} blue (罠)"
                        + (" (default)" if mix == DEFAULT_GUARDS else ""),
                  "ja": f"黄（無）{y}枚+青（罠）{b}枚"
                        + ("（既定）" if mix == DEFAULT_GUARDS else "")}
            for mix, (y, b) in GUARD_MIXES.items()}


SPEC = GameSpec.from_file(__package__, "game.toml", "mr-sneaky",
    options=(
        OptionSpec.declare("first", "random", ("random", "1", "2")),
        OptionSpec.declare("traps", DEFAULT_TRAPS, tuple(TRAP_MIXES)),
        OptionSpec.declare("guard_cards", DEFAULT_GUARDS, tuple(GUARD_MIXES)),
    ),
    extra={"choice_labels": {"guard_cards": _guard_labels()}})
