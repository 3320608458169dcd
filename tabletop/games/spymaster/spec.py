"""The spec of Spymaster: what the game chooser, the new-game dialog and the registry read.
It is kept apart from the rules model so that listing the games loads no rules."""

from __future__ import annotations

from tabletop.api import GameSpec, OptionSpec

from .data import DECK_MIXES, DEFAULT_MIX


def _deck_labels() -> dict[str, dict[str, str]]:
    """Words for the deck-mix choices in the new-game dialog (the keys alone read "9 6 6"),
    which count the cards of each mix; the other words of the options are in game.toml."""
    mixes: dict[str, dict[str, str]] = {}
    for key, m in DECK_MIXES.items():
        default = key == DEFAULT_MIX
        mixes[key] = {
            "en": f"Spies {m.spies} · Forces {m.forces} · Hackers {m.hackers}"
                  + (" (standard)" if default else ""),
            "ja": f"スパイ{m.spies}・特殊部隊{m.forces}・ハッカー{m.hackers}"
                  + ("（標準）" if default else ""),
        }
    return mixes


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


SPEC = GameSpec.from_file(__package__, "game.toml", "spymaster",
    options=(
        OptionSpec.declare("deck", DEFAULT_MIX, tuple(DECK_MIXES)),
        OptionSpec.declare("may_stop", False),
    ),
    extra={"choice_labels": {"deck": _deck_labels()}})
