"""Whether the person at the screen may undo or redo now, and if not, why, in their language.

Undo goes back to the last moment new information appeared (the session's undo policy). The
session's own refusal is English and names only public events; here the event is named, in the
player's language, whenever the viewing seat may read it (its own draw, say), and in hot-seat
play a refused undo never shows the other player's secret. At a shared screen only the person
who made a move may take it back. Nothing here imports Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from tabletop.engine.errors import UndoRefusedError

from .i18n import tr

if TYPE_CHECKING:
    from tabletop.engine import Session

    from .newgame import GameSetup


class _Match(Protocol):
    """What the answers read of the match."""

    session: Session
    setup: GameSetup
    lang: str
    viewing_seat: int | None
    awaiting_privacy: int | None

    def player_label(self, seat: int, lang: str | None = None) -> str: ...


def undo_state(match: _Match) -> tuple[bool, str]:
    """Whether the person at the screen may undo now, and if not, why (translated)."""
    try:
        target = match.session.undo_target()
    except UndoRefusedError:
        return False, _undo_reason(match)
    owner = match.session.history[target].seat
    if len(match.setup.human_seats) > 1 and owner != match.viewing_seat:
        return False, tr("undo.other", match.lang, player=match.player_label(owner))
    return True, ""


def redo_state(match: _Match) -> tuple[bool, str]:
    """Whether a move taken back may be made again now, and if not, why (translated)."""
    if match.session.can_redo():
        return True, ""
    return False, tr("redo.nothing", match.lang)


def _undo_reason(match: _Match) -> str:
    """Why the session refused to undo: the last event that revealed something, named when the
    reader may see it."""
    lang = match.lang
    session = match.session
    reader = None if match.awaiting_privacy is not None else match.viewing_seat
    for rec in reversed(session.history):
        if rec.reveals:
            seen = [e for e in rec.events if e.reveals and e.visible_to(reader)]
            what = seen[0].describe(lang) if seen else tr("undo.hidden", lang)
            return tr("undo.revealed", lang, what=what)
        if rec.seat in session.human_seats:
            break
    return tr("undo.nothing", lang)
