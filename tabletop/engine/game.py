"""The contract every rules model implements, in the spirit of OpenSpiel.

A game is a stateless object of rules; a *state* holds one position and can clone itself.
Play proceeds by atomic actions: short, stable text forms such as ``cast:fireball:4`` or
``end``. The current player is a seat number, ``CHANCE`` when dice or cards must be resolved,
or ``TERMINAL`` when the game is over. Chance outcomes are actions too, so a match is replayed
exactly from its action list.

Only ``observation(state, seat)`` may leave the engine towards a player, the table or an AI.
``resample(observation, seat, rng)`` builds a full state consistent with an observation; an AI
searches over such states and never sees the true one.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypedDict, TypeVar, cast

from .actions import ActionForms, Dispatch, handler_name
from .errors import IllegalActionError, InvalidActionError
from .fields import FieldError
from .messages import Msg
from .spec import GameSpec, OptionValue

if TYPE_CHECKING:
    from .fields import StateFields

CHANCE = -1
TERMINAL = -4

Observation = Mapping[str, Any]


class ObservationBase(TypedDict):
    """The keys every game's observation holds; a game's own ``TypedDict`` extends it: the
    game's id, the seat whose view it is (``None`` for a spectator), the phase and the seat to
    move (or ``CHANCE`` / ``TERMINAL``)."""

    game: str
    seat: int | None
    phase: str
    to_move: int
JSON = dict[str, Any]


class State(Protocol):
    """What the engine needs of a state: a cheap, hand-written deep copy."""

    def clone(self) -> State: ...


class Turns(Protocol):
    """Who moves in each phase, as a game declares it: a ``tabletop.engine.phases.PhaseTable``
    (named here by what it does, as that module builds on this one)."""

    @property
    def current_player(self) -> Callable[[Any, Any], int]:
        """The table as a ``Game.current_player`` method."""

    def __call__(self, state: Any, /) -> int: ...


class Seated(Protocol):
    """A state that keeps its number of seats as ``n`` (``Game.num_players`` reads it)."""

    @property
    def n(self) -> int: ...


S = TypeVar("S", bound=State)


class Event:
    """Something that happened, for the game log and for animations.

    ``kind`` and ``data`` are machine-readable. The log line is a message code (``msg``):
    by default ``log.<kind>`` with ``data`` as its arguments, so most events need nothing
    more; an event whose line needs other words or arguments passes ``msg``. ``seats`` limits
    who may read it (``None``: everyone). ``reveals`` marks new information (a die rolled, a
    card drawn or shown); undo never crosses such an event. Read its words through
    ``tabletop.text`` (the game's catalogue).

    An event made with ``logged=False`` writes no line in the log: it still tells the seats
    that may read it what its ``data`` says. Games use it for what a seat is shown but nobody
    needs to read about, such as each card of a deal whose hands are logged once the deal is
    done, or the word called on a beat.
    """

    __slots__ = ("_msg", "data", "kind", "logged", "reveals", "seats")

    def __init__(
        self,
        kind: str,
        data: dict[str, Any] | None = None,
        *,
        seats: frozenset[int] | None = None,
        reveals: bool = False,
        msg: Msg | None = None,
        logged: bool = True,
    ) -> None:
        self.kind = kind
        self.data: dict[str, Any] = {} if data is None else data
        self._msg = msg
        self.logged = logged
        self.seats = seats
        self.reveals = reveals

    @property
    def msg(self) -> Msg:
        """The log line as a message code (``log.<kind>`` over ``data`` unless given)."""
        return self._msg if self._msg is not None else Msg.of("log." + self.kind, self.data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.data, self.msg, self.logged, self.seats, self.reveals) == (
            other.kind, other.data, other.msg, other.logged, other.seats, other.reveals)

    __hash__ = None  # type: ignore[assignment]  # mutable, so not hashable

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, data={self.data!r}, msg={self.msg!r}, "
                f"seats={self.seats!r}, reveals={self.reveals!r})")

    def visible_to(self, seat: int | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self) -> JSON:
        out: JSON = {"kind": self.kind, "data": self.data, "msg": self.msg.to_json()}
        if not self.logged:
            out["logged"] = False
        if self.seats is not None:
            out["seats"] = sorted(self.seats)
        if self.reveals:
            out["reveals"] = True
        return out


def action_kind(action: str) -> str:
    """The part of an action text before the first colon (``cast`` in ``cast:fireball:4``)."""
    return action.split(":", 1)[0]


def winner_returns(n: int, winners: Collection[int], over: bool = True) -> list[float]:
    """The returns of a game that some seats win and the others lose: 1 for each of
    ``winners`` (a shared win too), -1 for every other seat of ``n``; 0 for all while the game
    is not ``over``."""
    if not over:
        return [0.0] * n
    return [1.0 if p in winners else -1.0 for p in range(n)]


def random_action(game: Game[S], state: S, rng: random.Random) -> str:
    """The next action of a uniformly random game: a chance outcome the game draws, or any of
    the legal actions with equal odds. The one definition of a random move that the
    conformance kit, the plugin check, the CLI's playout count and the tests share (the AI's
    own playouts inline the same draw for speed, in ``tabletop.ai.tree.playout``)."""
    if game.current_player(state) == CHANCE:
        return game.sample_chance(state, rng)
    legal = game.legal_actions(state)
    return legal[rng.randrange(len(legal))]


def random_play(game: Game[S], state: S, rng: random.Random) -> Iterator[S]:
    """Play ``state`` on in place with ``random_action`` to the end, yielding it before every
    move (the caller may read it, but must not change it)."""
    while game.current_player(state) != TERMINAL:
        yield state
        game.apply_in_place(state, random_action(game, state, rng))


class Game(ABC, Generic[S]):
    """Rules of one game. Stateless: every method takes the state it works on."""

    spec: GameSpec

    # -- set-up ---------------------------------------------------------------------------
    @abstractmethod
    def new_initial_state(
        self, num_players: int, options: Mapping[str, OptionValue]
    ) -> S:
        """The position before the first action; ``options`` are already resolved."""

    def new_game(self, num_players: int | None = None,
                 options: Mapping[str, object] | None = None) -> S:
        """Validated convenience wrapper around ``new_initial_state``."""
        n = self.spec.min_players if num_players is None else num_players
        self.spec.check_players(n)
        return self.new_initial_state(n, self.spec.resolve_options(options))

    def num_players(self, state: S) -> int:
        """How many seats play in ``state``: the spec's number for a game of one number of
        players, else the state's ``n``, where every game for several numbers keeps it. A state
        that keeps it otherwise needs its game to say so here."""
        spec = self.spec
        if spec.min_players == spec.max_players:
            return spec.min_players
        return cast(Seated, state).n

    # -- flow -----------------------------------------------------------------------------
    #: Who moves in each phase (``tabletop.engine.phases.PhaseTable``), where the game keeps
    #: its turns in such a table: ``current_player`` then answers from it.
    turns: Turns | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        turns = cls.__dict__.get("turns")
        if turns is not None and "current_player" not in cls.__dict__:
            # The table's own method rather than one that asks the table: search asks who
            # moves twice a move, and the extra call would cost more than the answer.
            cls.current_player = turns.current_player  # type: ignore[method-assign]
        _dispatch_by_kind(cls)

    def current_player(self, state: S) -> int:
        """A seat, ``CHANCE`` or ``TERMINAL``: by default what ``turns`` says; a game without
        that table gives this method."""
        if self.turns is None:
            raise NotImplementedError(f"{type(self).__name__} gives no current_player nor turns")
        return self.turns(state)

    def is_terminal(self, state: S) -> bool:
        return self.current_player(state) == TERMINAL

    @abstractmethod
    def legal_actions(self, state: S) -> list[str]:
        """Legal actions of the current player in a stable, sorted order.

        At a chance node: the possible outcomes. At a terminal state: empty.
        """

    @abstractmethod
    def chance_outcomes(self, state: S) -> list[tuple[str, float]]:
        """Outcomes and probabilities at a chance node (they sum to 1)."""

    def sample_chance(self, state: S, rng: random.Random) -> str:
        """One outcome drawn from ``chance_outcomes``; games may override for speed."""
        outcomes = self.chance_outcomes(state)
        r = rng.random()
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if r < acc:
                return action
        return outcomes[-1][0]

    def apply_in_place(self, state: S, action: str) -> list[Event]:
        """Apply a *legal* action to ``state`` itself and return what happened. Callers check
        legality first.

        A game that declares ``actions`` and gives a method ``_apply_<kind>`` for every kind
        of it gets this method made for it: each action goes to the method of its kind, with
        its argument read and a list of events to append to (``bid:7`` calls
        ``self._apply_bid(state, 7, events)``, ``pass`` ``self._apply_pass(state, events)``),
        then ``settle`` runs where the game gives one, and the list is returned. A game that
        writes this method keeps its own."""
        raise NotImplementedError(f"{type(self).__name__} gives no apply_in_place nor an "
                                  "_apply_ method for each kind of its actions")

    def settle(self, state: S, events: list[Event]) -> None:
        """The steps nobody decides that follow every action (a deck reshuffled once it is
        empty, a phase passed by when nobody has anything to do in it), appending their
        events: called after the method of the action's kind by the ``apply_in_place`` made
        for a game that gives ``_apply_<kind>`` methods, and only where the game gives this
        method (the default does nothing and is never called)."""

    #: The game's action forms (``tabletop.engine.actions.ActionForms``), where it declares
    #: them: ``is_well_formed`` then answers from the table.
    actions: ActionForms | None = None

    def is_well_formed(self, action: str) -> bool:
        """Whether ``action`` is an action text this game understands at all."""
        if self.actions is not None:
            return self.actions.is_well_formed(action)
        return bool(action) and action == action.strip()

    # -- refusals -------------------------------------------------------------------------
    #: The action kinds that only chance takes (``deal`` of ``deal:3``, a card dealt).
    chance_kinds: Collection[str] = ()
    #: The message codes of the refusals ``reason`` gives before the game's own: the game is
    #: over; the action is one only chance takes (a kind of ``chance_kinds``); chance is to act
    #: now (``None``: the game's ``refuse`` answers then too).
    over_refusal: str = "game_over"
    chance_refusal: str = "refuse.chance"
    waiting_refusal: str | None = "refuse.dealing"

    def reason(self, state: S, action: str) -> Msg | None:
        """Why a well-formed action is not legal now, as a message code; ``None`` when it is
        legal. Worked out from what the mover may see, so a refusal never tells a secret and
        the table, which holds only an observation, can ask the same question.

        The refusals every game gives come first, in this order: the game is over, the
        action is chance's, chance is to act (the codes above); then the game's ``refuse``."""
        if action in self.legal_actions(state):
            return None
        if self.is_terminal(state):
            return Msg(self.over_refusal)
        if action_kind(action) in self.chance_kinds:
            return Msg(self.chance_refusal)
        if self.waiting_refusal is not None and self.current_player(state) == CHANCE:
            return Msg(self.waiting_refusal)
        return self.refuse(state, action)

    def refuse(self, state: S, action: str) -> Msg | None:
        """Why ``action`` is not legal in ``state`` by the game's own rules, once ``reason``
        has ruled out the refusals every game gives (the game goes on, the action is not
        chance's). ``not_possible``, the default, names no rule; ``None`` says nothing more
        (``check_action`` then refuses with ``not_possible``).

        A game that declares ``actions`` and gives ``_refuse_<kind>`` methods gets this method
        made for it: each action goes to the method of its kind with its argument read
        (``self._refuse_bid(state, 7)``), and a kind without one gets ``not_possible``."""
        return _not_possible(action)

    def check_action(self, state: S, action: str) -> None:
        """Raise ``InvalidActionError`` or ``IllegalActionError``; return if legal."""
        if not isinstance(action, str) or not self.is_well_formed(action):
            raise InvalidActionError(Msg("not_an_action", action=str(action),
                                         game=Msg("game.name")))
        if self.is_terminal(state):
            raise IllegalActionError(Msg("game_over"), action)
        if action not in self.legal_actions(state):
            raise IllegalActionError(self.reason(state, action)
                                     or Msg("not_possible", action=action), action)

    def apply(self, state: S, action: str) -> tuple[S, list[Event]]:
        """Check ``action``, then return a new state with it applied and the events.

        ``state`` is never changed, so the UI and the log can keep what they hold.
        """
        self.check_action(state, action)
        new = state.clone()
        events = self.apply_in_place(new, action)  # type: ignore[arg-type]
        return new, events  # type: ignore[return-value]

    @abstractmethod
    def returns(self, state: S) -> list[float]:
        """Per-seat result: 1 win, -1 loss, 0 draw (or a score difference) at the end."""

    def final_result(self, state: S) -> tuple[str | None, float | None]:
        """How a finished game ended beyond its returns, for figures over many games: the
        game's own word for the result (``"clear"``, ``"bankrupt"``...) and the score of the
        first seat where the game keeps one; ``(None, None)``, the default, says nothing.
        Asked only of a finished game (``is_terminal``), so a game need not check."""
        return None, None

    # -- information ----------------------------------------------------------------------
    @abstractmethod
    def observation(self, state: S, seat: int | None) -> Observation:
        """JSON view of ``state`` for ``seat`` (``None``: a spectator who sees public facts).

        Hidden pieces keep their stable id and only the facets ``seat`` may know.
        """

    def resample(self, obs: Observation, seat: int, rng: random.Random) -> S:
        """A full state whose observation for ``seat`` equals ``obs``; hidden facts drawn at
        random from what ``seat`` cannot rule out. A game gives this or ``resampler``; by
        default it is one draw of ``resampler``."""
        if type(self).resampler is Game.resampler:
            raise NotImplementedError(f"{type(self).__name__} gives no resample nor resampler")
        return self.resampler(obs, seat)(rng)

    def resampler(self, obs: Observation, seat: int) -> Callable[[random.Random], S]:
        """A sampler for repeated resampling of one observation. Search draws thousands of
        states from one observation, so a game may read it once here and only deal the
        hidden facts afresh in each draw; by default each draw is a ``resample``."""
        return lambda rng: self.resample(obs, seat, rng)

    # -- serialisation --------------------------------------------------------------------
    #: The table of the state's fields (``tabletop.engine.fields.StateFields``) where the
    #: state's JSON form is the table's: ``state_to_json`` and ``state_from_json`` then read
    #: it, and the game gives only ``blank_state``.
    fields: StateFields | None = None
    #: The table of the state's fields where the state is kept by one but its JSON form is the
    #: game's own (``fields`` is then ``None``): the conformance kit reads from it who may see
    #: each field.
    state_fields: StateFields | None = None

    def field_table(self) -> StateFields | None:
        """The table of the state's fields (``fields``, else ``state_fields``), from which the
        conformance kit learns who may see each field; ``None`` where the game keeps none."""
        return self.fields if self.fields is not None else self.state_fields

    def state_to_json(self, state: S) -> JSON:
        """The state as JSON, to save and to compare: by default the form of ``fields``."""
        return self._fields().to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> S:
        """The state ``state_to_json`` wrote (``KeyError``, ``ValueError`` or ``TypeError``
        for a damaged one): by default ``blank_state`` filled by ``fields``, whose errors
        name the field and the game."""
        try:
            return self._fields().load(self.blank_state(data), data)
        except FieldError as exc:
            exc.game = self.spec.id
            raise

    def blank_state(self, data: Mapping[str, Any]) -> S:
        """A state made by its constructor from what the constructor takes out of the JSON
        form ``data`` (the number of seats, the options), for ``fields`` to fill."""
        raise NotImplementedError(f"{type(self).__name__} gives no blank_state")

    def _fields(self) -> StateFields:
        if self.fields is None:
            raise NotImplementedError(f"{type(self).__name__} has no fields table; it gives "
                                      "state_to_json and state_from_json itself")
        return self.fields

    def action_to_json(self, action: str) -> JSON:
        kind, _, rest = action.partition(":")
        return {"kind": kind, "args": rest.split(":") if rest else []}

    def action_from_json(self, data: Mapping[str, Any]) -> str:
        try:
            kind = data["kind"]
            args = data.get("args", [])
        except (KeyError, TypeError, AttributeError):
            raise InvalidActionError(Msg("not_an_action_object")) from None
        if not isinstance(kind, str) or not isinstance(args, list):
            raise InvalidActionError(Msg("not_an_action_object"))
        return ":".join([kind, *(str(a) for a in args)])

    # -- words ----------------------------------------------------------------------------
    #: Kinds of action worded plainly, by the name their argument takes in the words: with
    #: ``{"bid": "bid", "pass": None}`` the move ``bid:7`` reads ``Msg("move.bid", bid=7)``
    #: and ``pass`` ``Msg("move.pass")`` (``None``: the words name no argument, as a secret
    #: deal's do not name its card). A kind with a ``_describe_<kind>`` method is worded by it.
    move_words: ClassVar[Mapping[str, str | None]] = {}

    def describe_action(self, state: S, action: str) -> Msg:
        """The move as the log and the AI's status name it ("Cast Fireball with a 4"); by
        default the action text itself (``action``).

        A game that declares ``actions`` and gives ``_describe_<kind>`` methods or
        ``move_words`` gets this method made for it, as ``refuse`` is:
        ``self._describe_bid(state, 7)``, the plain words of ``move_words``, and the default
        for a kind with neither."""
        return _action_text(action)

    def prompt(self, state: S, seat: int) -> Msg | None:
        """What ``seat`` should do next, for the status line (``None``: nothing to say)."""
        return None

    # -- saves of earlier rules ------------------------------------------------------------
    def upgrade_log(self, rules_version: str, num_players: int,
                    options: Mapping[str, OptionValue],
                    log: Sequence[tuple[int, str]]) -> list[tuple[int, str]] | None:
        """The moves of a match saved under an earlier ``rules_version``, as these rules
        record them, or ``None`` (the default) when such a save is replayed as it is.

        A change of rules that adds a decision (a question the rules now always ask, say)
        makes older logs miss it; a game carries its players' unfinished matches over by
        adding those decisions here, so that no game started under the old rules is lost.
        The state the upgraded log replays to must be the one the save recorded."""
        return None

    def state_json_for_version(self, state: S, rules_version: str) -> JSON:
        """``state`` in the JSON form the game's ``rules_version`` wrote, for the digest a
        save made under those rules recorded: ``state_to_json`` by default, where the form
        has not changed since. A game that adds a field to its state leaves it out here for
        the versions before, so that their saves still check."""
        return self.state_to_json(state)

    # -- AI hooks -------------------------------------------------------------------------
    def heuristic(self, state: S, seat: int) -> float | None:
        """Optional evaluation in [-1, 1] from ``seat``'s point of view, for search agents."""
        return None

    def heuristics(self, state: S) -> list[float | None]:
        """``heuristic(state, seat)`` for every seat, in seat order. Search calls this once per
        cut-off playout; a game whose seats' values share work (each compared with the best of
        the others) may work it out once, giving exactly the same numbers."""
        return [self.heuristic(state, seat) for seat in range(self.num_players(state))]

    def opponent_model(self, state: S, seat: int, legal: Sequence[str],
                       rng: random.Random) -> str | None:
        """How a search for ``seat`` should let the player to move in ``state`` (another seat)
        choose among ``legal``; ``None``, the default, searches that choice like any other.

        Single-observer search builds its tree from states drawn for the searching seat and
        lets every simulated player choose in it, so a player who cannot see what the searcher
        sees plays there as if he could (a Thief who walks straight to the Treasure that the
        Rich Man, searching, knows about). A game that knows how such a player decides may say
        so here. The answer may use only what the player to move can see; ``rng`` is the
        search's seeded generator. Games that keep the default are searched exactly as before.

        A game with hidden moves (``has_hidden_moves``) is searched with one tree per seat,
        where every seat chooses in its own tree; there the model is asked only in the share
        of iterations in which the other seats guess without thinking (``mo_ismcts``), and
        ``None`` leaves that guess uniform.
        """
        return None

    def secret_round(self, state: S) -> tuple[int, ...]:
        """The seats still to choose in a round of secret choices made "at once" (a card buried
        or drafted, a bid), the player to move first, in the order the rules take them; ``()``,
        the default, outside such a round. The rules take the choices one by one, each hidden
        from the others until the round reveals them together. At one screen the app then
        hands over to the next person of the round as soon as one has chosen, while computer
        seats of the round choose meanwhile, so that nobody's screen shows another's choice
        and nobody waits for the computer between two hand-overs."""
        return ()

    def playout_action(self, state: S, legal: Sequence[str], rng: random.Random) -> str | None:
        """The move a search's playout makes in ``state`` among ``legal``: a cheap choice
        biased towards sensible play (cast a spell rather than end the turn, say), or ``None``,
        the default, for a uniformly random one. Called on every step of every playout, so it
        must cost no more than a few comparisons; ``rng`` is the search's seeded generator.
        Games that keep the default are searched exactly as before."""
        return None

    def playout_depth(self) -> int | None:
        """How many decisions a playout makes before ``heuristics`` judges it, where the game
        knows better than the search's default (12); ``None`` keeps the default."""
        return None

    def search_actions(self, state: S, legal: list[str]) -> list[str]:
        """The moves a search tries in ``state``: ``legal`` by default. A game may leave out
        moves that change nothing another one does not (the same card from two places) or that
        are never worth trying; the list must keep at least one move, all of them legal. The
        table, the rules and the levels' scripted moves still see every legal move."""
        return legal

    def search_effort(self) -> float:
        """How many times an AI level's iterations a search of this game runs (default 1).

        Levels are counts of iterations, not seconds, so that seeded games replay on any
        machine; a game whose iterations are cheap and whose decisions need many samples of
        the hidden facts may ask for more, keeping every level's thinking time in line with
        the other games."""
        return 1.0

    def expert_effort(self) -> float:
        """How many times its usual iterations the expert level searches in this game
        (default 1), on top of ``search_effort``.

        Expert is meant to think up to about three seconds a move. Where a game's iterations
        are cheap, its usual budget (eight times hard's) decides well inside that, and a game
        whose play measurably gains from a deeper search may ask for more here. The other
        levels are unchanged."""
        return 1.0

    def lookahead_samples(self, level: str) -> int | None:
        """For a game whose tree search is too noisy to help at ``level``: how many guesses
        of the hidden facts that level scores every legal move on, one move ahead, instead
        of searching a tree (``None``, the default: it searches).

        A game with many hidden facts and many players (every guess a different set of
        teams) may judge a move better by the mean of its heuristic over a few guesses than
        by a tree whose branches each follow a guess. ``level`` is as for
        ``scripted_action``."""
        return None

    def lookahead_heuristic(self, state: S, seat: int, level: str) -> float | None:
        """How ``level``'s one-move lookahead (``lookahead_samples``) scores a position: by
        default ``heuristic``. A game may judge differently there than in a search's cut-off
        playouts, where the same numbers must also steer the tree (a lead in gold that a
        playout reads as nearly a win may be worth less to a move looked at once)."""
        return self.heuristic(state, seat)

    def search_guesses(self, level: str) -> int:
        """How many fixed guesses of the hidden facts ``level``'s tree search splits its
        iterations over (0, the default, or 1: a fresh guess every iteration,
        information-set search).

        Information-set search merges every guess into one tree, so in it the other seats
        choose as if blind to their own cards. Where what a player holds decides how it
        answers (a counter in hand stops an attack), searching each guess as if it were the
        truth lets the others answer from their hands; the guesses' statistics are summed at
        the root, so a move is judged over all of them. The price is a smaller tree per guess,
        each planning as if it knew the guess. The guesses are drawn from the seat's own
        observation (``resampler``), so nothing hidden is used. ``level`` is as for
        ``scripted_action``."""
        return 0

    def solved_action(self, obs: Observation, seat: int, legal: Sequence[str], level: str,
                      stop: Callable[[], bool] | None) -> tuple[str, dict[str, float]] | None:
        """For a position the game can solve exactly at ``level``: the action perfect play
        takes and the exact value of every action of ``legal`` for ``seat``, in [-1, 1]
        (``None``, the default: the agent searches as usual).

        Only for positions where ``obs`` holds everything that decides the game, so that the
        answer uses nothing the seat cannot see. ``stop`` turns true when the agent is
        cancelled or its time for solving is up; a solve that is asked to stop returns
        ``None`` and the agent searches. While a person thinks the app asks this too, to
        solve ahead for the hint (``Agent.ponder``), and drops the answer: what a game keeps
        between calls should make the next one quicker. ``level`` is as for
        ``scripted_action``."""
        return None

    def review_reason(self, obs: Observation, seat: int, made: str,
                      best: str) -> Msg | None:
        """Why ``best`` was the better move where ``seat`` made ``made`` instead, in the game's
        own words (a code of its word catalogue), where the rules give one: a sale that sold
        the dearer building, a spell that would have knocked the other wizard out. ``None``,
        the default, gives no reason, and the review then shows none.

        The review asks this where the search prefers another move by more than two points;
        where a reason is given but the fall lies within the search's margin, the review
        searches that decision longer, and shows the reason only if the fall is then a
        mistake. Worked out from ``obs``, the seat's own observation before the move, so a
        reason never tells what the seat could not know; the message's arguments must be JSON
        values (the review is kept on disk)."""
        return None

    def search_exploration(self, obs: Observation) -> float:
        """How many times an AI level's exploration constant a search from ``obs`` uses
        (default 1).

        The search weighs its average return against an exploration bonus on the scale of
        returns in [-1, 1]. Where good and bad play differ by only a few hundredths of that
        range (a solo score graded within a loss), the bonus drowns the difference and the
        search spreads its iterations almost evenly; such a game narrows the bonus here."""
        return 1.0

    def max_game_length(self) -> int:
        """Upper bound on actions in one game; playouts stop there (a safety net)."""
        return 10_000

    def scripted_action(self, obs: Observation, seat: int, legal: Sequence[str], level: str,
                        rng: random.Random) -> str | None:
        """The action the rules themselves prescribe for a computer seat of ``level``
        (``easy``, ``normal``, ``hard``), or ``None`` to let the agent search as usual.

        For games whose rules define how the computer plays and how strong each level is
        (an answerer that errs with a stated chance, a questioner that calls random words).
        Like any agent it sees only ``obs``; ``rng`` is the agent's seeded generator, so a
        match still replays exactly.
        """
        return None

    # -- hidden moves (multiple-observer search, opt-in) -----------------------------------
    #: ``True`` when some moves are only partly seen by the other seats (a card played face
    #: down). Search agents then keep one tree per seat, each following the moves as that
    #: seat sees them (``public_action``), so no simulated player reacts to a fact it could
    #: not know. Games that leave it ``False`` are searched exactly as before.
    has_hidden_moves: bool = False

    def public_action(self, state: S, action: str, seat: int) -> str:
        """How ``action``, about to be taken in ``state`` by the player to move, looks to
        ``seat``. Actions that ``seat`` cannot tell apart must give the same text
        (``play:spy3`` and ``play:hacker`` both look like ``play`` to the defender); the
        mover always sees its own action whole. Only read when ``has_hidden_moves``."""
        return action

    def rewind_hidden_move(self, state: S, seat: int) -> str | None:
        """Undo, in place on ``state`` (a full state drawn by ``resample`` for ``seat``), the
        hidden move another seat has just made and ``seat`` must now answer; return how that
        move looked to ``seat`` (its ``public_action``). Return ``None``, leaving ``state``
        alone, when ``seat`` is not answering a hidden move.

        A resampled state guesses the hidden move uniformly from what ``seat`` cannot rule
        out; rewinding lets the search choose it again as its maker would, among the moves
        that look the same, so the answer is weighed against what a thinking opponent plays
        rather than against a blind draw. Only read when ``has_hidden_moves``.
        """
        return None


# -- methods made from a game's action forms ------------------------------------------------

def _not_possible(action: str) -> Msg:
    return Msg("not_possible", action=action)


def _action_text(action: str) -> Msg:
    return Msg("action", action=action)


def _made_apply(forms: ActionForms, settles: bool) -> Callable[..., list[Event]]:
    dispatch: Dispatch[None] = forms.dispatch("_apply_", extra=1)
    # Two functions rather than one that asks whether to settle: this runs on every move of
    # every search, where one test more is measurable.
    if settles:
        def apply_settled(self: Any, state: Any, action: str) -> list[Event]:
            events: list[Event] = []
            dispatch(self, state, action, events)
            self.settle(state, events)
            return events

        return apply_settled

    def apply_in_place(self: Any, state: Any, action: str) -> list[Event]:
        events: list[Event] = []
        dispatch(self, state, action, events)
        return events

    return apply_in_place


def _made_words(forms: ActionForms, words: Mapping[str, str | None]) -> Callable[..., Msg]:
    """``describe_action`` from the ``_describe_`` methods, and ``words`` for the kinds
    without one (``Game.move_words``)."""
    plain = dict(words)

    def worded(action: str) -> Msg:
        got = forms.read(action)
        if got is None or got[0] not in plain:
            return _action_text(action)
        kind, value = got
        name = plain[kind]
        return Msg(f"move.{kind}") if name is None else Msg(f"move.{kind}", **{name: value})

    return _made_answer(forms, "_describe_", worded)


def _made_answer(forms: ActionForms, prefix: str,
                 default: Callable[[str], Msg]) -> Callable[..., Msg]:
    dispatch: Dispatch[Msg] = forms.dispatch(prefix, default=default)

    def answer(self: Any, state: Any, action: str) -> Msg:
        return dispatch(self, state, action)

    return answer


#: The methods a game may have made from its ``actions``: the method, the prefix of the
#: methods of each kind it sends actions to, and how it is made (from the game's class and
#: its forms).
_MADE: tuple[tuple[str, str, Callable[[type[Game[Any]], ActionForms], Callable[..., Any]]],
             ...] = (
    ("apply_in_place", "_apply_",
     lambda cls, forms: _made_apply(forms, cls.settle is not Game.settle)),
    ("refuse", "_refuse_", lambda cls, forms: _made_answer(forms, "_refuse_", _not_possible)),
    ("describe_action", "_describe_", lambda cls, forms: _made_words(forms, cls.move_words)),
)


def _dispatch_by_kind(cls: type[Game[Any]]) -> None:
    """Give ``cls`` the methods it has handlers of each kind for (``Game.apply_in_place``,
    ``refuse``, ``describe_action``), unless it writes them itself or inherits them from a
    class that does; made once per table and way of settling (or of plain words), and
    inherited from there."""
    forms = cls.actions
    if forms is None:
        return
    settles = cls.settle is not Game.settle
    for name, prefix, make in _MADE:
        current = getattr(cls, name)
        made_for = getattr(current, "_made_for", None)
        if made_for is None and current is not getattr(Game, name):
            continue  # the game's own method
        words = cls.move_words if name == "describe_action" else {}
        key = (forms, settles if name == "apply_in_place" else False,
               tuple(sorted(words.items())))
        if made_for == key:
            continue  # inherited, made for the same table
        names = [handler_name(prefix, kind) for kind in forms.kinds]
        given = [hasattr(cls, n) or kind in words for n, kind in zip(names, forms.kinds,
                                                                      strict=True)]
        if not any(given):
            if made_for is not None:  # made for another table: back to the default
                setattr(cls, name, getattr(Game, name))
            continue
        if name == "apply_in_place" and not all(given):
            missing = [n for n, ok in zip(names, given, strict=True) if not ok]
            raise TypeError(f"{cls.__name__} applies some kinds of action by their methods "
                            f"but lacks {', '.join(missing)}")
        method = make(cls, forms)
        method._made_for = key  # type: ignore[attr-defined]
        method.__name__ = method.__qualname__ = name
        method.__doc__ = getattr(Game, name).__doc__
        setattr(cls, name, method)
