"""The end of a match: the summary dialog, and a solo game's place in its high-score list.

When a match ends, the game's front page that started it may take care of the ending itself
(a campaign records the battle and shows its own result); otherwise the summary opens: who won
and why, the score breakdown, the charts (``summary``, which loads pyqtgraph on first use) and,
for a solo game, its high-score list with the new entry, filed once per match. Every match with
a person at the table is added to the game records once (``tabletop.records``; the Statistics
window reads them). From the summary the player can play again, replay the match or go back to
the game list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from tabletop.engine.files import local_time

from .i18n import spec_name, tr

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from .controller import GameController
    from .files import Files
    from .front_pages import FrontPages
    from .newgame import GameSetup


class _Window(Protocol):
    """What the ending uses of the main window."""

    lang: str
    controller: GameController | None
    front_pages: FrontPages
    files: Files

    def show_message(self, title: str, text: str) -> Any: ...
    def start_game(self, setup: GameSetup) -> Any: ...
    def back_to_chooser(self) -> bool: ...


class Ending:
    """Ends the matches of ``window``; ``parent`` (the window as a widget) owns the summary."""

    def __init__(self, window: _Window, parent: QWidget) -> None:
        self._window = window
        self._parent = parent
        self.summary_dialog: Any = None

    def game_over(self) -> None:
        """The match on screen has ended: its page's ending, or the summary."""
        from .summary import SummaryDialog  # pyqtgraph loads only when a game ends

        c = self._window.controller
        if c is None:
            return
        self.close()
        self._record(c)
        if self._window.front_pages.match_over(c):
            return  # the game's page that started the match showed its own ending
        lang = self._window.lang
        names = [c.player_label(s) for s in range(c.setup.players)]
        high_scores = self._file_high_score(c)
        cells = c.view.score_table(c.session.observation(None))
        table = (None if cells is None
                 else [[c.speaker.say(cell, lang) for cell in row] for row in cells])
        text = c.summary_text()
        if table is not None:  # the table holds the breakdown: keep only the headline
            text = text.splitlines()[0] if text else text
        dialog = SummaryDialog(spec_name(c.game.spec, lang), text, c.chart.points(lang),
                               names, lang, self._parent, score_table=table,
                               x_label=c.chart.axis(lang), panels=c.chart.panels(lang),
                               colours=c.chart.colours(lang),
                               high_scores=high_scores)
        dialog.play_again.connect(self._play_again)
        dialog.back_to_chooser.connect(self._window.back_to_chooser)
        dialog.replay_requested.connect(self._window.files.replay_current)
        dialog.review_requested.connect(self._window.files.review_current)
        self.summary_dialog = dialog
        dialog.show()

    def _record(self, c: GameController) -> None:
        """Add the finished match to the game records (``tabletop.records``), once per match
        and only with a person at the table: matches between computer players are not
        recorded. A record that cannot be written, or a damaged record file (set aside), is
        told in a message; the game goes on either way."""
        if c.record_filed:
            return
        c.record_filed = True
        if not c.setup.human_seats:
            return
        from tabletop.records import GameRecord, RecordStore

        session = c.session
        outcome, score = "", None
        try:  # the game's own hooks: a fault in them costs the score, never the record
            word, score = c.game.final_result(session.state)
            outcome = word or ""
            if score is None:
                entry = c.view.high_score(session.observation(None))
                score = None if entry is None else float(entry.score)
        except Exception:
            score = None
        record = GameRecord.finished(
            c.game.spec.id, c.setup.seats, session.returns(), options=dict(session.options),
            scores=[score], outcome=outcome, decisions=len(c.moves()), started=c.created,
            seed=c.setup.seed)
        lang = self._window.lang
        try:
            added = RecordStore().add(record)
        except OSError as exc:
            self._window.show_message(tr("stats.title", lang),
                                      tr("stats.save_failed", lang, error=str(exc)))
            return
        if added.damaged is not None:
            kept = added.damaged.kept
            self._window.show_message(
                tr("stats.title", lang),
                tr("stats.damaged", lang, problem=added.damaged.problem,
                   file=str(kept if kept is not None else added.damaged.path)))

    def _file_high_score(self, c: GameController
                         ) -> tuple[str, list[list[str]], int | None] | None:
        """File a finished solo game in its high-score list (once per match) and return the
        list for the summary: its title, rows (header first) and the new entry's row."""
        from dataclasses import replace

        from tabletop.highscores import HighScoreStore

        entry = c.view.high_score(c.session.observation(None))
        if entry is None or c.high_score_filed:
            return None
        c.high_score_filed = True
        lang = self._window.lang
        show_message = self._window.show_message
        try:
            filed = HighScoreStore().add(c.game.spec.id, replace(entry, seed=c.setup.seed))
        except OSError as exc:
            show_message(tr("scores.error_title", lang),
                         tr("scores.save_failed", lang, error=str(exc)))
            return None
        if filed.damaged is not None:
            kept = filed.damaged.kept
            show_message(tr("scores.error_title", lang),
                         tr("scores.damaged", lang, problem=filed.damaged.problem,
                            file=str(kept if kept is not None else filed.damaged.path)))
        rows = [[tr("scores.rank", lang), tr("scores.score", lang), tr("scores.result", lang),
                 tr("scores.date", lang)]]
        for i, e in enumerate(filed.entries):
            rows.append([str(i + 1), str(e.score), e.result(lang), local_time(e.date)])
        title = tr("scores.title", lang, rules=filed.entry.title(lang))
        return title, rows, filed.place

    def close(self) -> None:
        """Close the summary (a new match, an undo, leaving the match)."""
        if self.summary_dialog is not None:
            self.summary_dialog.close()
            self.summary_dialog.deleteLater()
            self.summary_dialog = None

    def _play_again(self) -> None:
        c = self._window.controller
        if c is not None:
            self._window.start_game(c.setup.again())
