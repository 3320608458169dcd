"""The spec of Not My Fault!: what the game chooser, the new-game dialog and the registry read.
It is kept apart from the rules model so that listing the games loads no rules."""

from __future__ import annotations

from tabletop.api import GameSpec

SPEC = GameSpec(
    id="not-my-fault",
    name_en="Not My Fault!",
    name_ja="Not My Fault!",
    min_players=2,
    max_players=5,
    rules_version="1",
    options=(),
    summary_en="A 15-20 minute bluffing game for 2-5: put progress cards face down, "
    "declare ever higher milestones, and audit the claim you do not believe. Three "
    "reprimands and you lose.",
    summary_ja="2〜5人・15〜20分のブラフゲーム。進捗カードを伏せて、より高いマイルストーンを"
    "申告するか、怪しければ監査!戒告を3枚受けた人の負け。",
    has_hidden_information=True,
    rules_file="not-my-fault",
)

