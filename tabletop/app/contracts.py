"""What the app asks of its table and of its AI thinker: the two contracts as ``Protocol``s.

The window builds one table widget (``tabletop.table.TableWidget``) and one thinker
(``tabletop.ai.worker.AIThinker``) and hands them to every match's controller, which drives
them through these methods and signals only. Tests give the window stand-ins that keep the
same contracts (a thinker that answers at once, a table that records what it was shown).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from tabletop.engine import Game, Gesture, Layout, Observation

#: Why a drag from ``source`` onto ``target`` (or a click on ``source``) does nothing now.
ReasonProvider = Callable[[str, "str | None"], str]


class TableLike(Protocol):
    """The table a match is shown on and played at."""

    action_chosen: SignalInstance  # (action) a drop, click or key chose a legal action
    follow_up: SignalInstance  # (actions) that gesture goes on to make these once it is done
    move_refused: SignalInstance  # (reason) a drop matched nothing: the reason to show
    status_hint: SignalInstance  # (text) what hovering or dragging says, or "" to clear
    gestured: SignalInstance  # (sound name) a piece picked up, dropped, or sent back

    def sync(self, layout: Layout, gestures: list[Gesture], animate: bool = True) -> None: ...
    def set_interactive(self, on: bool) -> None: ...
    def set_language(self, lang: str) -> None: ...
    def set_reason_provider(self, fn: ReasonProvider | None) -> None: ...
    def show_hint(self, action: str) -> None: ...
    def fit_table(self) -> None: ...
    def zoom_in(self) -> None: ...
    def zoom_out(self) -> None: ...
    def set_hover_lens(self, on: bool) -> None: ...
    def forget_transient(self) -> None: ...


class ThinkerLike(Protocol):
    """The AI that chooses the computer seats' moves and the hints, off the GUI thread."""

    decided: SignalInstance  # (Decision) the answer to the question asked last
    failed: SignalInstance  # (message) the search raised

    def think(self, game: Game[Any], obs: Observation, seat: int, legal: Sequence[str],
              level: str, seed: int) -> None: ...
    def ponder(self, game: Game[Any], obs: Observation, seat: int, legal: Sequence[str],
               level: str) -> None: ...
    def cancel(self) -> None: ...
    def wait_done(self, msecs: int = -1) -> bool: ...
