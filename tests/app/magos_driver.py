"""Scripted play for app tests of Magos solo: a greedy policy that beats the early opponents
and a passive one that always loses, both driving a ``GameController`` like a person would."""

from __future__ import annotations

from typing import Any

from tabletop.registry import load_plugins

PLUGINS, _FAILURES = load_plugins(include_entry_points=False)
SOLO = "magos-solo"
PREFERRED = ("cast:fireball", "cast:pain", "cast:resonance", "cast:harmony", "cast:healing")


def solo_plugins() -> dict[str, Any]:
    return {SOLO: PLUGINS[SOLO]}


def greedy(legal: list[str]) -> str:
    """Cast what hurts most, place dice, take the largest X; end the turn only when nothing
    else is left."""
    for prefix in PREFERRED:
        for a in legal:
            if a.startswith(prefix):
                return a
    rest = [a for a in legal if a != "end"]
    if rest:
        return max(rest, key=lambda a: int(a[2:]) if a.startswith("x:") else 0)
    return legal[0]


def passive(legal: list[str]) -> str:
    """Only ends the turn (keeping the first spells offered in a draft)."""
    return "end" if "end" in legal else legal[0]


def play_out(controller: Any, policy: Any = greedy, limit: int = 400) -> None:
    """Submit the policy's choices as the human seat until the battle is over."""
    for _ in range(limit):
        if controller.over:
            return
        assert controller.submit_human(policy(controller.session.legal_actions()))
    raise AssertionError("the battle did not end")
