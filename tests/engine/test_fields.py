"""The state field table: the copy shares nothing mutable, the JSON form round-trips with its
keys, given, derived and added fields, a derived table adds its slots, and damage is refused."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine.fields import (
    BOOL,
    BOOLS2,
    COPIES,
    INT,
    INTS,
    OPT_INTS,
    SORTED_INTS2,
    STR,
    STRS2,
    Field,
    StateFields,
    counts_per,
    derived,
)

FIELDS = StateFields(
    mode=Field(given=True), phase=STR, turn=INT, cash=INTS, hands=STRS2, seen=BOOLS2,
    deck=COPIES, size=derived(lambda s: sum(s.deck.values())), bids=OPT_INTS,
    piles=counts_per([-5, 0, 5]), sorted_hands=SORTED_INTS2,
    rules=Field(), label=Field(load=str, key="name"),
)


class Toy:
    __slots__ = FIELDS.names

    def __init__(self, mode: str = "a") -> None:
        self.mode = mode
        self.phase = "play"
        self.turn = 3
        self.cash = [1, 2]
        self.hands = [["x", "y"], ["z"]]
        self.seen = [[True], [False, True]]
        self.deck = {"b": 2, "a": 1}
        self.size = 3
        self.bids = [None, 4]
        self.piles = [2, 0, 1]
        self.sorted_hands = [[1, 3], [2]]
        self.rules = ("shared", "tuple")
        self.label = "toy"


def test_the_copy_shares_nothing_mutable() -> None:
    s = Toy()
    c = FIELDS.clone(s)
    assert type(c) is Toy and FIELDS.to_json(c) == FIELDS.to_json(s)
    c.cash.append(9)
    c.hands[0].append("w")
    c.seen[1][0] = True
    c.deck["c"] = 1
    c.piles[0] = 7
    c.sorted_hands[1].append(4)
    assert s.cash == [1, 2] and s.hands == [["x", "y"], ["z"]] and s.seen == [[True], [False, True]]
    assert s.deck == {"b": 2, "a": 1} and s.piles == [2, 0, 1] and s.sorted_hands == [[1, 3], [2]]
    assert c.rules is s.rules  # an immutable value is shared, not copied


def test_the_json_form_round_trips() -> None:
    s = Toy("b")
    data = FIELDS.to_json(s)
    assert data["name"] == "toy" and "label" not in data and "size" not in data
    assert list(data["deck"]) == ["a", "b"]  # copies are written in id order
    assert data["piles"] == {"-5": 2, "0": 0, "5": 1}
    loaded = FIELDS.load(Toy(str(data["mode"])), data)
    assert FIELDS.to_json(loaded) == data and loaded.size == 3


def test_given_fields_are_left_to_the_constructor_and_derived_ones_worked_out() -> None:
    data: dict[str, Any] = {**FIELDS.to_json(Toy()), "mode": "from-file",
                            "deck": {"a": 4, "b": 0}, "sorted_hands": [[3, 1], []]}
    loaded = FIELDS.load(Toy("from-constructor"), data)
    assert loaded.mode == "from-constructor"
    assert loaded.deck == {"a": 4} and loaded.size == 4  # zero copies dropped, size derived
    assert loaded.sorted_hands == [[1, 3], []]


def test_a_derived_table_keeps_the_base_fields_and_adds_slots() -> None:
    more = FIELDS.extended(turn=derived(lambda s: 0), extra=INTS)
    assert more.names[:len(FIELDS.names)] == FIELDS.names and more.names[-1] == "extra"
    assert more.names_beyond(FIELDS) == ("extra",)

    class More(Toy):
        __slots__ = more.names_beyond(FIELDS)

    state = More()
    state.turn, state.extra = 5, [1]
    assert "turn" not in more.stored_keys() and "extra" in more.stored_keys()
    copied = more.clone(state)
    assert type(copied) is More and copied.turn == 5 and copied.extra == [1]
    assert copied.extra is not state.extra


@pytest.mark.parametrize(("change", "error"), [
    ({"turn": "three"}, ValueError), ({"cash": None}, TypeError), ({"hands": 5}, TypeError),
])
def test_damaged_json_is_refused(change: dict[str, Any], error: type[Exception]) -> None:
    data = {**FIELDS.to_json(Toy()), **change}
    with pytest.raises(error):
        FIELDS.load(Toy(), data)


def test_a_missing_key_is_refused() -> None:
    data = FIELDS.to_json(Toy())
    del data["phase"]
    with pytest.raises(KeyError):
        FIELDS.load(Toy(), data)


def test_an_unknown_copy_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown copy kind"):
        StateFields(x=Field("deep"))


def test_an_added_field_is_left_out_while_it_holds_its_old_value() -> None:
    # A rule option added after states were saved: its old value writes the form (and so the
    # digest) the saves recorded, and a form without the field loads as that value.
    more = FIELDS.extended(variant=BOOL.added(False), reading=STR.added("old"))

    class Later(Toy):
        __slots__ = more.names_beyond(FIELDS)

        def __init__(self) -> None:
            super().__init__()
            self.variant, self.reading = False, "old"

    state = Later()
    assert more.to_json(state) == FIELDS.to_json(state)
    loaded = more.load(Later(), FIELDS.to_json(state))
    assert (loaded.variant, loaded.reading) == (False, "old")
    state.variant, state.reading = True, "new"
    data = more.to_json(state)
    assert data["variant"] is True and data["reading"] == "new"
    back = Later()
    back.variant, back.reading = False, "old"
    assert more.to_json(more.load(back, data)) == data
