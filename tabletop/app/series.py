"""The numbers of a match for its end-of-game chart, sampled after every decision.

After each change the view's ``series`` (HP, mana, money...) is sampled, worded in both languages,
against the number of decisions so far; an undo drops the samples of the decisions it took back.
The chart shows them against the move number, or against the round when the view gives every
sample one. Nothing here imports Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine.game import CHANCE
from tabletop.engine.layout import GameView
from tabletop.text import LANGS, Say

from .i18n import tr

if TYPE_CHECKING:
    from tabletop.engine import Session


class Series:
    """The samples of one match, taken from ``view``."""

    def __init__(self, view: GameView[Any], say: Say) -> None:
        self.view = view
        self.say = say
        # (decisions so far, the view's round of that state or None, the series per language)
        self._samples: list[tuple[int, int | None, dict[str, dict[str, float]]]] = []

    def record(self, session: Session, decisions: int) -> None:
        """Sample the state ``session`` stands at, ``decisions`` decisions into the match.
        The first sample of a match that comes with a history (a save resumed, a position
        opened) first samples that history, so the chart shows the whole match."""
        if not self._samples and decisions > 0:
            self._backfill(session)
        self._sample(session, session.state, decisions)

    def _backfill(self, session: Session) -> None:
        """A sample before the first decision of the history, and after each decision and the
        chance that followed it."""
        history = session.history
        first = next((i for i, r in enumerate(history) if r.seat != CHANCE), len(history))
        self._sample(session, session.state_at(first), 0)
        decisions = 0
        for ply, record in enumerate(history, start=1):
            if record.seat == CHANCE:
                continue
            decisions += 1
            end = ply
            while end < len(history) and history[end].seat == CHANCE:
                end += 1
            self._sample(session, session.state_at(end), decisions)

    def _sample(self, session: Session, state: Any, decisions: int) -> None:
        game = session.game
        obs = game.observation(state, None)
        sample: dict[str, dict[str, float]] = {}
        # Each seat's observation is worked out only for a view that charts from them.
        seen = ([game.observation(state, p) for p in range(session.num_players)]
                if type(self.view).series_from_seats is not GameView.series_from_seats else [])
        from_seats = self.view.series_from_seats(obs, seen) if seen else None
        figures = self.view.series(obs) if from_seats is None else from_seats
        for lang in LANGS:
            sample[lang] = {self.say(name, lang): float(value) for name, value in figures}
        while self._samples and self._samples[-1][0] >= decisions:
            self._samples.pop()
        self._samples.append((decisions, self.view.series_round(obs), sample))

    def _by_round(self) -> bool:
        return bool(self._samples) and all(r is not None for _, r, _ in self._samples)

    def points(self, lang: str) -> list[tuple[int, dict[str, float]]]:
        """``view.series`` after every decision so far, in ``lang``, against the decision
        count, or against the round when the view gives every sample one.

        A sample counts for the round its decision was made in, which is the round of the
        sample before: the last decision of a round already shows the next one, yet its
        sample (with the round's end, a payday say) is how that round ended.
        """
        by_round = self._by_round()
        out: list[tuple[int, dict[str, float]]] = []
        made_in: int | None = None
        for d, r, s in self._samples:
            x = d
            if by_round and r is not None:
                x = made_in if made_in is not None else r
            made_in = r
            out.append((x, s.get(lang) or s.get("en", {})))
        return out

    def axis(self, lang: str) -> str:
        """The label of the x axis of ``points``: moves, or rounds (in the view's word)."""
        if not self._by_round():
            return tr("summary.x", lang)
        word = self.view.series_axis()
        return tr("summary.x_round", lang) if word is None else self.say(word, lang)

    def colours(self, lang: str) -> list[tuple[str, str]]:
        """The view's colours for what the chart counts; empty to colour by player."""
        return [(self.say(words, lang), colour) for words, colour in self.view.series_colours()]

    def panels(self, lang: str) -> list[tuple[str, tuple[str, ...]]]:
        """The view's charts for the summary; empty for one chart of everything."""
        return [(self.say(title, lang), tuple(self.say(w, lang) for w in words))
                for title, words in self.view.series_panels()]
