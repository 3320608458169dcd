"""Action texts read as typed values and dispatched to the method of their kind, and the phase
table that says who moves (``tabletop.engine.actions``, ``tabletop.engine.phases``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import pytest

from tabletop.api import (
    CHANCE,
    TERMINAL,
    ActionForms,
    Arg,
    Dispatch,
    Event,
    Game,
    GameSpec,
    InvalidActionError,
    Msg,
    Observation,
    PhaseTable,
)

FORMS = ActionForms({
    "pass": None,
    "bid": Arg.numbers((0, 2, 3, 5)),
    "seat": Arg.integer(),
    "cell": Arg.pair(Arg.integer(signed=True), Arg.integer(signed=True), ","),
    "sum": Arg.pair(Arg.numbers(range(1, 7)), Arg.numbers(range(1, 7)), "+"),
    "play": lambda c: c.startswith("spy"),
    "call": ("hacker", "forces"),
    "card": Arg.among({"ace": 1, "king": 13}),
    "first-move": Arg.text(("a", "b")),
})


# -- reading ------------------------------------------------------------------------------


def test_arguments_read_as_their_values() -> None:
    assert FORMS.read("bid:5") == ("bid", 5)
    assert FORMS.read("seat:12") == ("seat", 12)
    assert FORMS.read("cell:-2,3") == ("cell", (-2, 3))
    assert FORMS.read("sum:3+4") == ("sum", (3, 4))
    assert FORMS.read("card:king") == ("card", 13)
    assert FORMS.read("play:spy3") == ("play", "spy3")  # a test of the text: the text
    assert FORMS.read("call:forces") == ("call", "forces")
    assert FORMS.read("pass") == ("pass", None)
    assert FORMS.read("first-move:b") == ("first-move", "b")


def test_parse_still_gives_the_argument_text() -> None:
    assert FORMS.parse("bid:5") == ("bid", "5")
    assert FORMS.parse("cell:-2,3") == ("cell", "-2,3")
    assert FORMS.parse("pass") == ("pass", "")
    assert FORMS.parse("bid:4") is None


@pytest.mark.parametrize("bad", [
    "", ":", "pass:", "pass:1", "bid", "bid:", "bid:4", "bid:05", "bid: 5", "bid:5 ", "bid:abc",
    "seat:-1", "seat:+1", "seat:1_0", "seat:\u00b2", "seat:\uff11", "seat:1.0",
    "cell:1", "cell:1,", "cell:,1", "cell:1,2,3", "cell:--1,2", "sum:3+7", "sum:3-4", "sum:3+",
    "card:queen", "card:1", "call:spy", "play:joker", "first-move:c", "first_move:a", "x:y",
])
def test_ill_formed_texts_read_as_nothing(bad: str) -> None:
    assert FORMS.read(bad) is None and FORMS.parse(bad) is None
    assert not FORMS.is_well_formed(bad)


def test_format_takes_a_value_or_its_text() -> None:
    assert FORMS.format("cell", (-2, 3)) == "cell:-2,3" == FORMS.format("cell", "-2,3")
    assert FORMS.format("sum", (1, 6)) == "sum:1+6"
    assert FORMS.format("card", 13) == "card:king"
    assert FORMS.format("bid", 3) == "bid:3"
    assert FORMS.format("pass") == "pass"
    for kind, value in (("card", 12), ("sum", (1, 7)), ("bid", 4), ("cell", "x")):
        with pytest.raises(ValueError, match=r"no argument|not an action"):
            FORMS.format(kind, value)


def test_every_well_formed_text_reads_back_to_itself() -> None:
    for text in ("bid:0", "seat:7", "cell:0,-9", "sum:6+6", "card:ace"):
        kind, value = FORMS.read(text) or ("", None)
        assert FORMS.format(kind, value) == text


def test_a_test_that_fails_is_not_taken_for_an_ill_formed_text() -> None:
    def broken(text: str) -> bool:
        raise ValueError("the test itself is wrong")

    forms = ActionForms({"play": broken})
    with pytest.raises(ValueError, match="itself"):
        forms.is_well_formed("play:x")


def test_ill_formed_texts_are_not_kept() -> None:
    forms = ActionForms({"bid": Arg.numbers(range(3))})
    for k in range(100):
        forms.is_well_formed(f"bid:{k}")
    assert len(forms._read) == 3


def test_a_pair_needs_a_separator() -> None:
    with pytest.raises(ValueError, match="separator"):
        Arg.pair(Arg.integer(), Arg.integer(), "")


# -- dispatch -----------------------------------------------------------------------------


class Handlers:
    """Records what each handler was given."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def _do_pass(self, state: object, log: list[str]) -> str:
        self.calls.append(("pass", state))
        log.append("pass")
        return "passed"

    def _do_bid(self, state: object, bid: int, log: list[str]) -> str:
        self.calls.append(("bid", state, bid))
        return f"bid {bid}"

    def _do_cell(self, state: object, cell: tuple[int, int], log: list[str]) -> str:
        return f"cell {cell[0]} {cell[1]}"

    def _do_first_move(self, state: object, where: str, log: list[str]) -> str:
        return f"first {where}"


SMALL = ActionForms({k: FORMS.kinds[k] for k in ("pass", "bid", "cell", "first-move")})
CALL: Dispatch[str] = SMALL.dispatch("_do_", extra=1)


def test_each_kind_reaches_its_method_with_the_value_read() -> None:
    target = Handlers()
    log: list[str] = []
    assert CALL(target, "S", "bid:3", log) == "bid 3"
    assert CALL(target, "S", "pass", log) == "passed"
    assert CALL(target, "S", "cell:-1,4", log) == "cell -1 4"
    assert CALL(target, "S", "first-move:a", log) == "first a"  # the kind's "-" as "_"
    assert target.calls == [("bid", "S", 3), ("pass", "S")] and log == ["pass"]
    # A second time the text is not read again and goes to the same method.
    assert CALL(target, "T", "bid:3", log) == "bid 3" and target.calls[-1] == ("bid", "T", 3)


def test_a_subclass_overrides_a_handler() -> None:
    class Louder(Handlers):
        def _do_bid(self, state: object, bid: int, log: list[str]) -> str:
            return f"BID {bid}"

    assert CALL(Louder(), None, "bid:5", []) == "BID 5"
    assert CALL(Handlers(), None, "bid:5", []) == "bid 5"


def test_a_bad_argument_is_refused_clearly() -> None:
    for bad in ("bid:abc", "bid:4", "bid:", "pass:now", "cell:1", "shout:3"):
        with pytest.raises(InvalidActionError) as caught:
            CALL(Handlers(), None, bad, [])
        assert caught.value.msg == Msg("not_an_action", action=bad, game=Msg("game.name"))


def test_a_game_refuses_a_bad_argument_in_its_own_words() -> None:
    from tabletop.games.buried_treasure.model import BuriedTreasureGame
    from tabletop.games.buried_treasure.words import WORDS

    game = BuriedTreasureGame()
    s = game.new_game(3)
    for bad in ("bid:abc", "bid:1", "bury:99", "take:", "pass:1"):
        for act in (game.apply, game.apply_in_place):
            with pytest.raises(InvalidActionError) as caught:
                act(s, bad)
            assert isinstance(caught.value.msg, Msg)
            assert WORDS.say(caught.value.msg, "en") == (
                f"'{bad}' is not an action of Buried Treasure.")


def test_a_missing_handler_is_named() -> None:
    forms = ActionForms({"pass": None, "bid": Arg.numbers(range(3)), "stop": None})
    call: Dispatch[str] = forms.dispatch("_do_", extra=1)
    with pytest.raises(TypeError, match=r"'stop'.*_do_stop"):
        call(Handlers(), None, "bid:1", [])


def test_a_default_answers_for_kinds_without_a_method_and_ill_formed_texts() -> None:
    words: Dispatch[str] = FORMS.dispatch("_do_", extra=1, default=lambda a: f"? {a}")
    assert words(Handlers(), None, "bid:2", []) == "bid 2"
    assert words(Handlers(), None, "call:forces", []) == "? call:forces"
    assert words(Handlers(), None, "bid:abc", []) == "? bid:abc"


def test_a_dispatch_passes_on_as_many_arguments_as_it_was_made_for() -> None:
    class Two:
        def _on_bid(self, state: object, bid: int, a: int, b: int) -> int:
            return bid + a + b

        def _on_pass(self, state: object, a: int, b: int) -> int:
            return a * b

    forms = ActionForms({"bid": Arg.numbers(range(10)), "pass": None})
    two: Dispatch[int] = forms.dispatch("_on_", extra=2)
    assert two(Two(), None, "bid:3", 10, 100) == 113
    assert two(Two(), None, "pass", 6, 7) == 42
    none: Dispatch[int] = forms.dispatch("_on_")
    with pytest.raises(TypeError):
        none(Two(), None, "pass")  # the handlers want two more


def test_a_prefix_must_begin_a_method_name() -> None:
    with pytest.raises(ValueError, match="prefix"):
        FORMS.dispatch("1x")
    with pytest.raises(ValueError, match="extra"):
        FORMS.dispatch("_x_", extra=-1)


# -- the phase table ----------------------------------------------------------------------


class Table:
    def __init__(self, phase: str, turn: int = 0, pending: tuple[int, ...] = ()) -> None:
        self.phase = phase
        self.turn = turn
        self.attacker = 1
        self.pending = list(pending)


TURNS: PhaseTable[Table] = PhaseTable({
    "bid": "turn",
    "call": lambda s: 1 - s.attacker,
    "solo": 0,
    "deal": CHANCE,
    "over": TERMINAL,
}, chance_while="pending")


def test_the_table_says_who_moves_in_each_phase() -> None:
    assert TURNS(Table("bid", turn=3)) == 3
    assert TURNS(Table("call")) == 0
    assert TURNS(Table("solo")) == 0
    assert TURNS(Table("deal")) == CHANCE
    assert TURNS(Table("over")) == TERMINAL
    assert TURNS(Table("bid", turn=3, pending=(1,))) == CHANCE  # chance first
    assert TURNS.current_player(None, Table("bid", turn=2)) == 2


def test_a_phase_the_table_does_not_name() -> None:
    with pytest.raises(ValueError, match=r"'lunch' is no phase.*bid, call"):
        TURNS(Table("lunch"))
    rest: PhaseTable[Table] = PhaseTable({"over": TERMINAL}, otherwise="turn")
    assert rest(Table("lunch", turn=1)) == 1 and rest(Table("over")) == TERMINAL


@pytest.mark.parametrize("movers", [
    {"a": True}, {"a": -2}, {"a": "not a field"}, {"a": "pass"}, {"a": 1.5},
])
def test_a_mover_must_say_who(movers: Mapping[str, Any]) -> None:
    with pytest.raises((TypeError, ValueError)):
        PhaseTable(movers)
    with pytest.raises(ValueError, match="field"):
        PhaseTable({"a": 0}, chance_while="x y")


class PhaseState:
    def __init__(self) -> None:
        self.phase = "go"
        self.turn = 1

    def clone(self) -> PhaseState:
        return PhaseState()


SPEC = GameSpec(id="phases", name_en="Phases", name_ja="フェーズ", min_players=2, max_players=2)


class Rules(Game[PhaseState]):
    """Only as much of a game as the phase table needs; who moves comes below."""

    spec = SPEC

    def new_initial_state(self, num_players: int, options: Mapping[str, Any]) -> PhaseState:
        return PhaseState()

    def legal_actions(self, state: PhaseState) -> list[str]:
        return ["x"]

    def chance_outcomes(self, state: PhaseState) -> list[tuple[str, float]]:
        return []

    def apply_in_place(self, state: PhaseState, action: str) -> list[Event]:
        state.phase = "end"
        return []

    def returns(self, state: PhaseState) -> list[float]:
        return [0.0, 0.0]

    def observation(self, state: PhaseState, seat: int | None) -> Observation:
        return {}

    def resample(self, obs: Observation, seat: int, rng: random.Random) -> PhaseState:
        return PhaseState()


class TableGame(Rules):
    turns = PhaseTable({"go": "turn", "end": TERMINAL})


def test_a_game_with_turns_moves_by_them() -> None:
    game = TableGame()
    s = game.new_game()
    assert game.current_player(s) == 1 and not game.is_terminal(s)
    game.apply_in_place(s, "x")
    assert game.is_terminal(s)
    # The game gets the table's own method, not one that asks the table.
    assert TableGame.current_player is TableGame.turns.current_player  # type: ignore[union-attr]


def test_a_game_that_says_who_moves_itself_keeps_its_say() -> None:
    class Own(TableGame):
        def current_player(self, state: PhaseState) -> int:
            return 0

    class Inherits(Own):
        pass

    class Again(Own):
        turns = PhaseTable({"go": CHANCE, "end": TERMINAL})

    s = PhaseState()
    assert Own().current_player(s) == 0 and Inherits().current_player(s) == 0
    assert Again().current_player(s) == CHANCE  # a table of its own replaces the method


def test_a_game_without_turns_must_say_who_moves() -> None:
    with pytest.raises(NotImplementedError, match="Rules gives no current_player nor turns"):
        Rules().current_player(PhaseState())


# -- the methods Game makes from the handlers of each kind --------------------------------

KINDS = ActionForms({"bid": Arg.numbers((1, 2, 3)), "pass": None})


class Bare(Game[PhaseState]):
    """A game of two kinds of action, nothing of its own but what the tests below give."""

    spec = SPEC
    actions = KINDS

    def new_initial_state(self, num_players: int, options: Mapping[str, Any]) -> PhaseState:
        return PhaseState()

    def legal_actions(self, state: PhaseState) -> list[str]:
        return ["bid:1", "pass"]

    def chance_outcomes(self, state: PhaseState) -> list[tuple[str, float]]:
        return []

    def returns(self, state: PhaseState) -> list[float]:
        return [0.0, 0.0]

    def observation(self, state: PhaseState, seat: int | None) -> Observation:
        return {}


class Handled(Bare):
    def _apply_bid(self, s: PhaseState, bid: int, events: list[Event]) -> None:
        s.turn = bid
        events.append(Event("bid", {"bid": bid}))

    def _apply_pass(self, s: PhaseState, events: list[Event]) -> None:
        s.phase = "end"

    def _refuse_bid(self, s: PhaseState, bid: int) -> Msg:
        return Msg("refuse.bid", bid=bid)

    def _describe_pass(self, s: PhaseState) -> Msg:
        return Msg("move.pass")


def test_a_game_with_handlers_of_each_kind_gets_its_methods_made() -> None:
    game, s = Handled(), PhaseState()
    assert game.apply_in_place(s, "bid:3") == [Event("bid", {"bid": 3})] and s.turn == 3
    assert game.apply_in_place(s, "pass") == [] and s.phase == "end"
    assert game.refuse(s, "bid:2") == Msg("refuse.bid", bid=2)
    assert game.refuse(s, "pass") == Msg("not_possible", action="pass")  # no _refuse_pass
    assert game.describe_action(s, "pass") == Msg("move.pass")
    assert game.describe_action(s, "bid:2") == Msg("action", action="bid:2")
    assert game.describe_action(s, "bid:9") == Msg("action", action="bid:9")  # ill-formed
    with pytest.raises(InvalidActionError):
        game.apply_in_place(s, "bid:9")


def test_a_game_without_handlers_keeps_the_defaults() -> None:
    s = PhaseState()
    assert Bare.refuse is Game.refuse and Bare.describe_action is Game.describe_action
    assert Bare().refuse(s, "pass") == Msg("not_possible", action="pass")
    with pytest.raises(NotImplementedError, match="Bare gives no apply_in_place"):
        Bare().apply_in_place(s, "pass")


def test_settle_runs_after_each_action_where_the_game_gives_it() -> None:
    class Settling(Handled):
        def settle(self, s: PhaseState, events: list[Event]) -> None:
            events.append(Event("settled"))

    assert Settling().apply_in_place(PhaseState(), "bid:1") == [
        Event("bid", {"bid": 1}), Event("settled")]
    assert Handled().apply_in_place(PhaseState(), "bid:1") == [Event("bid", {"bid": 1})]


def test_a_game_that_writes_the_methods_keeps_them() -> None:
    class Own(Handled):
        def refuse(self, state: PhaseState, action: str) -> Msg:
            return Msg("own")

    class Inherits(Own):
        def _refuse_pass(self, s: PhaseState) -> Msg:
            return Msg("refuse.pass")

    assert Inherits().refuse(PhaseState(), "pass") == Msg("own")
    # A subclass inherits the made methods, and its own handlers serve it.
    class Sub(Handled):
        def _refuse_pass(self, s: PhaseState) -> Msg:
            return Msg("refuse.pass")

    assert Sub.refuse is Handled.refuse
    assert Sub().refuse(PhaseState(), "pass") == Msg("refuse.pass")
    assert Handled().refuse(PhaseState(), "pass") == Msg("not_possible", action="pass")


def test_handlers_for_only_some_kinds_are_named_at_once() -> None:
    with pytest.raises(TypeError, match=r"Partial .* lacks _apply_pass"):
        class Partial(Bare):
            def _apply_bid(self, s: PhaseState, bid: int, events: list[Event]) -> None:
                pass


class Worded(Bare):
    move_words: ClassVar[Mapping[str, str | None]] = {"bid": "amount", "pass": None}


class WordedAgain(Worded):
    move_words: ClassVar[Mapping[str, str | None]] = {"bid": "value"}

    def _describe_pass(self, s: PhaseState) -> Msg:
        return Msg("move.no_bid")


def test_moves_worded_plainly_come_from_the_table_of_move_words() -> None:
    s = PhaseState()
    assert Worded().describe_action(s, "bid:2") == Msg("move.bid", amount=2)  # the value read
    assert Worded().describe_action(s, "pass") == Msg("move.pass")  # None: no argument named
    assert Worded().describe_action(s, "bid:9") == Msg("action", action="bid:9")  # ill-formed
    # A subclass's own table and methods win: its describe_action is made for them.
    assert WordedAgain().describe_action(s, "bid:2") == Msg("move.bid", value=2)
    assert WordedAgain().describe_action(s, "pass") == Msg("move.no_bid")
    assert Worded().describe_action(s, "bid:1") == Msg("move.bid", amount=1)
