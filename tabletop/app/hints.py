"""The Hint button: the move the strongest search would make, from the viewing seat's view.

A hint is asked of the same thinker as the computer seats' moves (``thinking``), from the
observation of the seat to move, never the true state. It is offered on a person's turn and not
while the game runs to a beat: a search would outlast the beat, and in a memory game it would
give the answer away. The suggested move glows on the table and is named on the status line
with the seat's chances after it and the next moves the search found worth a look.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .i18n import tr
from .status import INFO, THINKING, WARNING
from .thinking import HINT

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from tabletop.ai.base import Decision
    from tabletop.engine import Game, Session
    from tabletop.text import Speaker

    from .contracts import TableLike
    from .tempo import Beat
    from .thinking import Thinking

HINT_LEVEL = "hard"
#: The moves a hint names: the suggested one and the next two worth a look.
HINT_MOVES = 3


class _Match(Protocol):
    """What hints read of the match."""

    game: Game[Any]
    session: Session
    speaker: Speaker
    table: TableLike
    lang: str
    beat: Beat
    thinking: Thinking
    status_changed: SignalInstance
    hint_shown: SignalInstance

    def is_human_turn(self) -> bool: ...


class Hints:
    """Asks for hints for ``match`` and shows them."""

    def __init__(self, match: _Match) -> None:
        self._match = match

    def available(self) -> bool:
        """Whether Hint may be asked now: on a person's turn, and not to a beat."""
        return self._match.is_human_turn() and self._match.beat.tempo is None

    def prepare(self) -> None:
        """On a person's turn, let the hint's level work ahead while they think
        (``Thinking.ponder``): where the game solves positions exactly (``solved_action``),
        the hint then gives exact chances at once, not the search's estimate from a solve cut
        short by its time cap. Elsewhere it costs nothing."""
        m = self._match
        if self.available() and m.thinking.pending is None:
            m.thinking.ponder(m.session.current_player(), HINT_LEVEL)

    def ask(self) -> bool:
        """Ask the strongest search for the viewing seat's best move."""
        m = self._match
        if not self.available() or m.thinking.pending is not None:
            return False
        seat = m.session.current_player()
        m.thinking.ask(seat, HINT, HINT_LEVEL)
        m.status_changed.emit(tr("status.hint_thinking", m.lang), THINKING)
        return True

    def show(self, decision: Decision) -> None:
        """The search suggests ``decision.action``: it glows on the table, and the status line
        names it with the seat's chances after it and the next moves worth a look (the search's
        own estimates, from the seat's observation alone)."""
        m = self._match
        action = str(decision.action)
        m.table.show_hint(action)
        m.status_changed.emit(self.explain(decision), INFO)
        m.hint_shown.emit(action)
        self.prepare()  # a solve the hint's time cap cut short goes on

    def explain(self, decision: Decision) -> str:
        """The hint's words: the move, and where the search estimated them, the chances;
        the next moves are called about as good where the search's own margin
        (``Decision.margins``) cannot tell them from it, else worth a look."""
        m = self._match
        state, lang = m.session.state, m.lang

        def move(action: str) -> str:
            return m.speaker.describe(state, action, lang)

        ranked = decision.ranked(most=len(decision.values))
        if not ranked:  # a move the level plays by rule: no estimate to give
            return tr("status.hint", lang, move=move(str(decision.action)))
        # Two actions may be one move to the player (a card that is the same turned round):
        # each move is named once, by its best estimate.
        named: dict[str, tuple[float, str]] = {}
        for a, c in ranked:
            named.setdefault(move(a), (c, a))
            if len(named) == HINT_MOVES:
                break
        (best, (chance, _)), *rest = named.items()
        text = tr("status.hint_chance", lang, move=best, pct=round(100 * chance))
        # A move the search cannot tell from the suggested one is "about as good": ranking it
        # lower would rank the search's noise.
        close: list[tuple[str, float]] = []
        others: list[tuple[str, float]] = []
        for words, (c, a) in rest:
            margin = decision.margins.get(a)
            (close if margin is not None and chance - c <= margin else others).append((words, c))
        for key, moves in (("status.hint_close", close), ("status.hint_also", others)):
            if moves:
                text += tr(key, lang, moves=tr("status.hint_sep", lang).join(
                    tr("status.hint_other", lang, move=m, pct=round(100 * c)) for m, c in moves))
        return text

    def failed(self, message: str) -> None:
        self._match.status_changed.emit(message, WARNING)
