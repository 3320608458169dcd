"""Whether the person at the screen may undo or redo now, and if not, why, in their language.

Undo goes back to the last moment new information appeared (the session's undo policy). The
session's refusal names the event that revealed something only when the person at the screen
may read it (their own draw, say), so in hot-seat play a refused undo never shows the other
player's secret; here it is worded in the player's language. At a shared screen only the person
who made a move may take it back, and nobody once the game is over. Nothing here imports Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from tabletop.engine.errors import UndoRefusedError

from .i18n import tr

if TYPE_CHECKING:
    from tabletop.engine import Session
    from tabletop.text import Speaker

    from .newgame import GameSetup


class _Match(Protocol):
    """What the answers read of the match."""

    session: Session
    setup: GameSetup
    lang: str
    viewing_seat: int | None
    awaiting_privacy: int | None

    speaker: Speaker

    def player_label(self, seat: int, lang: str | None = None) -> str: ...


def undo_state(match: _Match) -> tuple[bool, str]:
    """Whether the person at the screen may undo now, and if not, why (translated)."""
    if match.session.is_terminal():
        # A finished game stays finished: its result is filed (high scores, a campaign's
        # beaten enemy) the moment it ends, and a taken-back win would contradict it.
        return False, tr("undo.over", match.lang)
    reader = None if match.awaiting_privacy is not None else match.viewing_seat
    try:
        target = match.session.undo_target(reader)
    except UndoRefusedError as exc:
        return False, match.speaker.say(exc.msg, match.lang)
    owner = match.session.history[target].seat
    if len(match.setup.human_seats) > 1 and owner != match.viewing_seat:
        return False, tr("undo.other", match.lang, player=match.player_label(owner))
    return True, ""


def redo_state(match: _Match) -> tuple[bool, str]:
    """Whether a move taken back may be made again now, and if not, why (translated)."""
    if match.session.can_redo():
        return True, ""
    return False, tr("redo.nothing", match.lang)
