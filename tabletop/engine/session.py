"""A match in progress: the state, its history, seeded chance and the undo policy.

The Session is the only place where chance is resolved. Each chance node draws from its own
``random.Random`` seeded by ``(seed, ply)``, so a match is reproducible from its seed and
the decisions alone, and resuming a saved match continues exactly as the original would have.

Undo follows one rule for every game: a player may take back decisions freely until the last
moment new information appeared (a die rolled, a card drawn or revealed, another seat's hidden
choice). Past that point undo is refused with the reason. Taking back a human decision also
takes back the replies of AI seats that followed it.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalActionError, UndoRefusedError
from .game import CHANCE, JSON, TERMINAL, Event, Game, Observation
from .messages import Msg
from .spec import OptionValue


@dataclass
class Record:
    """One applied action: who took it (``CHANCE`` for chance), its text, and its events."""

    seat: int
    action: str
    events: list[Event] = field(default_factory=list)

    @property
    def reveals(self) -> bool:
        return self.seat == CHANCE or any(e.reveals for e in self.events)


def chance_rng(seed: int, ply: int) -> random.Random:
    """The generator for the chance node at ``ply``; independent of everything else."""
    return random.Random(f"tabletop/{seed}/{ply}")


def state_hash(game: Game[Any], state: Any, rules_version: str | None = None) -> str:
    """A stable digest of a state's JSON form, used to verify replays; with
    ``rules_version``, of the form those rules wrote (``Game.state_json_for_version``)."""
    form = (game.state_to_json(state) if rules_version is None
            else game.state_json_for_version(state, rules_version))
    text = json.dumps(form, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Session:
    """Owns one match: state, history and seeded chance resolution."""

    def __init__(
        self,
        game: Game[Any],
        num_players: int | None = None,
        options: Mapping[str, object] | None = None,
        seed: int = 0,
        human_seats: Iterable[int] | None = None,
    ) -> None:
        self.game = game
        n = game.spec.min_players if num_players is None else num_players
        game.spec.check_players(n)
        self.num_players = n
        self.options: dict[str, OptionValue] = game.spec.resolve_options(options)
        self.seed = int(seed)
        self.human_seats: frozenset[int] = frozenset(
            range(n) if human_seats is None else human_seats
        )
        self._initial = game.new_initial_state(n, self.options)
        self._states: list[Any] = [self._initial]
        self.history: list[Record] = []
        self._redo: list[Record] = []
        self.resolve_chance()

    # -- reading --------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current true state. Hand it to nobody but the engine: use ``observation``."""
        return self._states[-1]

    def current_player(self) -> int:
        return self.game.current_player(self.state)

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def legal_actions(self) -> list[str]:
        if self.current_player() < 0:
            return []
        return self.game.legal_actions(self.state)

    def observation(self, seat: int | None) -> Observation:
        return self.game.observation(self.state, seat)

    def returns(self) -> list[float]:
        return self.game.returns(self.state)

    def events_for(self, seat: int | None) -> list[Event]:
        """Every event so far that ``seat`` may read, in order."""
        return [e for r in self.history for e in r.events if e.visible_to(seat)]

    def decisions(self) -> list[str]:
        return [r.action for r in self.history]

    def state_hash(self) -> str:
        return state_hash(self.game, self.state)

    def state_at(self, ply: int) -> Any:
        """The true state after the first ``ply`` log entries (0: before any of them).

        For replay and analysis; the returned state belongs to the session and must not be
        changed. Raises ``IndexError`` outside ``0..len(history)``.
        """
        if not 0 <= ply <= len(self.history):
            raise IndexError(f"ply {ply} is outside 0..{len(self.history)}")
        return self._states[ply]

    def copy(self, state: Any = None) -> Session:
        """Another session of the same match, with its own history, undo and redo: what one
        changes, the other never sees. The recorded states are shared, since no one changes
        a state once it is recorded; so a copy costs a list, not a replay of the log.

        With ``state``, the copy's current state is ``state`` instead: a full state drawn by
        ``Game.resample`` from the observation of some seat, under the same history. Such a
        copy is for checks that compare what that seat is shown in positions it cannot tell
        apart (``tabletop.app.glasscheck``), never for play: its history led elsewhere.
        """
        new = Session.__new__(Session)
        new.game = self.game
        new.num_players = self.num_players
        new.options = dict(self.options)
        new.seed = self.seed
        new.human_seats = self.human_seats
        new._initial = self._initial
        new._states = list(self._states)
        new.history = list(self.history)
        new._redo = list(self._redo)
        if state is not None:
            new._states[-1] = state
        return new

    # -- acting ---------------------------------------------------------------------------
    def submit(self, seat: int, action: str) -> list[Event]:
        """Apply ``seat``'s action and resolve any chance that follows.

        Raises ``IllegalActionError`` (wrong turn, illegal move) or ``InvalidActionError``
        (malformed action) with the reason as a message code; the session is unchanged then.
        """
        player = self.current_player()
        if player == TERMINAL:
            raise IllegalActionError(Msg("game_over"), action)
        if seat != player:
            raise IllegalActionError(Msg("not_your_turn", player=player, seat=seat), action)
        new, events = self.game.apply(self.state, action)
        self._push(Record(seat, action, events), new)
        self._redo.clear()
        return events + self.resolve_chance()

    def resolve_chance(self) -> list[Event]:
        """Resolve chance nodes with the seeded generator until a player must act."""
        events: list[Event] = []
        while self.current_player() == CHANCE:
            rng = chance_rng(self.seed, len(self.history))
            outcome = self.game.sample_chance(self.state, rng)
            new = self.state.clone()
            evs = self.game.apply_in_place(new, outcome)
            self._push(Record(CHANCE, outcome, evs), new)
            events.extend(evs)
        return events

    def apply_recorded(self, seat: int, action: str) -> list[Event]:
        """Replay one recorded entry (decision or chance outcome) exactly as logged."""
        player = self.current_player()
        if seat != player:
            raise IllegalActionError(Msg("log_out_of_turn", action=action, seat=seat,
                                         player=player), action)
        if player == CHANCE:
            legal = [a for a, _ in self.game.chance_outcomes(self.state)]
            if action not in legal:
                raise IllegalActionError(Msg("not_a_chance_outcome", action=action), action)
            new = self.state.clone()
            events = self.game.apply_in_place(new, action)
        else:
            new, events = self.game.apply(self.state, action)
        self._push(Record(seat, action, events), new)
        return events

    def _push(self, record: Record, state: Any) -> None:
        self.history.append(record)
        self._states.append(state)

    # -- undo -----------------------------------------------------------------------------
    def undo_target(self, reader: int | None = None) -> int:
        """History length after an undo, or raise ``UndoRefusedError`` with the reason.

        The reason names the event that revealed something when ``reader`` (the seat of the
        person who asked; ``None``: anyone may be looking) may read it, so a refused undo
        never hands one seat's secret to whoever holds the screen.
        """
        i = len(self.history)
        while i > 0:
            rec = self.history[i - 1]
            if rec.reveals:
                raise UndoRefusedError(self._reveal_reason(rec, reader))
            if rec.seat in self.human_seats:
                return i - 1
            i -= 1
        raise UndoRefusedError(Msg("undo.nothing"))

    def can_undo(self, reader: int | None = None) -> tuple[bool, Msg | None]:
        try:
            self.undo_target(reader)
        except UndoRefusedError as exc:
            return False, exc.msg if isinstance(exc.msg, Msg) else None
        return True, None

    def undo(self) -> None:
        """Take back the last human decision and every AI reply after it."""
        target = self.undo_target()
        undone = self.history[target:]
        del self.history[target:]
        del self._states[target + 1:]
        self._redo.extend(reversed(undone))

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> list[Event]:
        """Re-apply what the last undo took back, up to and including the next human decision."""
        if not self._redo:
            raise UndoRefusedError(Msg("undo.no_redo"))
        events: list[Event] = []
        first = True
        while self._redo:
            rec = self._redo[-1]
            if not first and rec.seat in self.human_seats:
                break
            self._redo.pop()
            events.extend(self.apply_recorded(rec.seat, rec.action))
            first = False
        return events

    @staticmethod
    def _reveal_reason(rec: Record, reader: int | None) -> Msg:
        for e in rec.events:
            if e.reveals and e.visible_to(reader) and e.logged:
                return Msg("undo.past", what=e)
        return Msg("undo.past_hidden")  # a die, a card or a choice ``reader`` may not read

    # -- persistence ----------------------------------------------------------------------
    def to_json(self) -> JSON:
        """Everything needed to rebuild this match by replay (see DESIGN.md §4)."""
        return {
            "game": self.game.spec.id,
            "rules_version": self.game.spec.rules_version,
            "players": self.num_players,
            "options": dict(self.options),
            "seed": self.seed,
            "human_seats": sorted(self.human_seats),
            "log": [[r.seat, r.action] for r in self.history],
            "state_hash": self.state_hash(),
        }

    @classmethod
    def from_json(cls, game: Game[Any], data: Mapping[str, Any]) -> Session:
        """Rebuild a match by replaying its log; raise ``GameError`` subclasses on damage."""
        session = cls(
            game,
            int(data["players"]),
            data.get("options", {}),
            int(data.get("seed", 0)),
            data.get("human_seats"),
        )
        # The constructor resolved the opening chance with the same seed; drop it and replay.
        del session.history[:]
        del session._states[1:]
        for seat, action in data["log"]:
            session.apply_recorded(int(seat), str(action))
        return session
