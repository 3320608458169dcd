"""The spec of Punimonyo: what the game chooser, the new-game dialog and the registry read.
It is kept apart from the rules model so that listing the games loads no rules."""

from __future__ import annotations

from tabletop.api import GameSpec, OptionSpec

from .data import AI_K_CHOICES, BEAT_MS_CHOICES, BEAT_MS_DEFAULT


def _choice_labels() -> dict[str, dict[str, dict[str, str]]]:
    """The new-game dialog's words for the beats and the values of k, from the game's numbers;
    the other words of the options are in game.toml."""
    beats = {str(v): {"en": f"{v} ms" + (" (default)" if v == BEAT_MS_DEFAULT else ""),
                      "ja": f"{v}ミリ秒" + ("（標準）" if v == BEAT_MS_DEFAULT else "")}
             for v in BEAT_MS_CHOICES}
    ks = {k: {"en": f"k = {k} for every AI", "ja": f"全AI共通 k = {k}"} for k in AI_K_CHOICES[1:]}
    return {"beat_ms": beats, "ai_k": ks}


SPEC = GameSpec.from_file(__package__, "game.toml", "punimonyo",
    options=(
        OptionSpec.declare("beat_ms", BEAT_MS_DEFAULT, BEAT_MS_CHOICES),
        OptionSpec.declare("ai_k", "level", AI_K_CHOICES),
        OptionSpec.declare("tiebreak", False),
        OptionSpec.declare("practice", False),
        OptionSpec.declare("show_calls", False),
        OptionSpec.declare("sound", False),
    ),
    extra={"choice_labels": _choice_labels()})
