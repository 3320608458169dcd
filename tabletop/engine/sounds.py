"""The table's sounds by name: what a view may say an event sounds like, and the usual kinds.

Sounds follow what happens on the table, never the rules: a game's view names the sounds of its
events (``GameView.sounds``), the table names those of a person's gestures, and the app plays
them. Nothing here plays anything or knows Qt; a name is just a word the app's player looks up
(``resources/sounds/<name>.wav``, or a game's own ``sounds/<name>.wav`` beside its modules).

Every sound repeats something the screen already shows (a die's new face, a card on the table,
the status line's "your turn", a result's panel): nothing depends on hearing it.
"""

from __future__ import annotations

from collections.abc import Mapping

# Gestures at the table (``tabletop.table``): a piece lifted, put down, sent back.
PICK_UP = "pick_up"
DROP = "drop"
SNAP_BACK = "snap_back"  # an illegal drop: the piece goes back where it was
# Things on the table.
DIE = "die"  # a die rolled
DEAL = "deal"  # a card dealt or drawn
CARD = "card"  # a card turned face up (revealed, shown)
SHUFFLE = "shuffle"
TILE = "tile"  # a tile laid or turned
COIN = "coin"  # money taken or paid
TOKEN = "token"  # a wooden token moved: a sheep, a guard, a marker
# The match.
YOUR_TURN = "your_turn"
HANDOVER = "handover"  # the screen is to be handed to the next person
ROUND_END = "round_end"
WIN = "win"
LOSE = "lose"
# A game played to a beat.
BEAT = "beat"  # a quiet click on every beat
RIGHT = "right"  # an answer judged right
WRONG = "wrong"  # an answer judged wrong

#: Every sound the app itself has (``resources/sounds``); a game may add its own.
TABLE_SOUNDS: tuple[str, ...] = (
    PICK_UP, DROP, SNAP_BACK, DIE, DEAL, CARD, SHUFFLE, TILE, COIN, TOKEN, YOUR_TURN,
    HANDOVER, ROUND_END, WIN, LOSE, BEAT, RIGHT, WRONG)

#: The gestures of the table that make a sound.
GESTURE_SOUNDS: tuple[str, ...] = (PICK_UP, DROP, SNAP_BACK)

#: The sound of an event by its kind, for the kinds most games share (a view's ``sound_of``
#: comes first). A kind not named here is silent.
SOUND_OF_KIND: Mapping[str, tuple[str, ...]] = {
    "roll": (DIE,), "reroll": (DIE,),
    "deal": (DEAL,), "dealt": (DEAL,), "draw": (DEAL,), "drew": (DEAL,), "drawn": (DEAL,),
    "reveal": (CARD,), "goal_shown": (CARD,),
    "reshuffle": (SHUFFLE,), "shuffle": (SHUFFLE,),
    "round_end": (ROUND_END,),
}
