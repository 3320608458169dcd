"""The table's gesture state machine (``tabletop.table.gestures``) without Qt: what a press, a
drag, a drop, a click, a double-click and the keys decide, on a table played by a stand-in that
records what the machine tells it to show. The same steps through real mouse and key events are
in ``test_table_gestures``, ``test_table_keyboard`` and ``test_table_turning``."""

from __future__ import annotations

from tabletop.engine.layout import Gesture
from tabletop.table.gestures import (
    WORDS,
    Choose,
    Decision,
    GestureMachine,
    Moved,
    Press,
    aimed_target,
    word,
)
from tests.table.gesture_samples import sample_gestures


class StandIn:
    """A table of pieces and places at (top, left), recording what it is told to show."""

    def __init__(self, pieces: dict[str, tuple[float, float]],
                 places: dict[str, tuple[float, float]], turnable: tuple[str, ...] = ()) -> None:
        self.pieces = dict(pieces)
        self.places = dict(places)
        self.turnables = set(turnable)
        self.told: list[tuple[object, ...]] = []
        self.machine: GestureMachine[Press] | None = None

    def is_piece(self, item_id: str) -> bool:
        return item_id in self.pieces

    def turnable(self, piece_id: str) -> bool:
        return piece_id in self.pieces and piece_id in self.turnables

    def reading_place(self, item_id: str) -> tuple[float, float] | None:
        return self.pieces.get(item_id) or self.places.get(item_id)

    def show_turned(self, piece_id: str, turned: bool, animate: bool) -> None:
        self.told.append(("turned", piece_id, turned, animate))

    def show_selection(self) -> None:
        assert self.machine is not None
        self.told.append(("selection", self.machine.selected,
                          tuple(sorted(self.machine.selection_targets()))))

    def show_drag_targets(self) -> None:
        assert self.machine is not None
        press = self.machine.dragging()
        assert press is not None and press.drop_id is None  # aimed anew after the turn
        self.told.append(("drag targets", tuple(sorted(self.machine.targets(press.item_id
                                                                             or "")))))

    def put_down(self, press: Press, animate: bool) -> None:
        self.told.append(("put down", press.item_id, press.mode, animate))


def machine(gestures: list[Gesture] | None = None,
            turnable: tuple[str, ...] = ()) -> tuple[GestureMachine[Press], StandIn]:
    table = StandIn({"die0": (100.0, 100.0), "die1": (100.0, 200.0), "A": (60.0, 400.0),
                     "B": (60.0, 580.0), "C": (60.0, 760.0), "T": (400.0, 420.0),
                     "tile": (500.0, 100.0)},
                    {"tray": (60.0, 60.0), "pool": (380.0, 60.0), "cell1": (300.0, 600.0),
                     "cell3": (300.0, 800.0)}, turnable)
    gm: GestureMachine[Press] = GestureMachine(table)
    table.machine = gm
    gm.set_gestures(sample_gestures() if gestures is None else gestures)
    return gm, table


def tile_gestures() -> list[Gesture]:
    """A turnable tile that fits cell3 as it lies and cell1 turned round."""
    return [Gesture("place:3:0", "tile", "cell3"),
            Gesture("place:1:180", "tile", "cell1", turned=True)]


def refuse_choice(gestures: list[Gesture]) -> Gesture | None:
    raise AssertionError(f"nothing to choose among {gestures}")


def no_choice(gestures: list[Gesture]) -> Gesture | None:
    return None


def start_drag(gm: GestureMachine[Press], piece: str) -> Press:
    press = Press(item_id=piece)
    gm.begin_press(press)
    assert gm.moved(far=False) == Moved.NOTHING  # nothing moves before the distance
    assert gm.moved(far=True) == Moved.DRAG_BEGUN | Moved.DRAG
    assert gm.moved(far=True) == Moved.DRAG
    return press


def release(gm: GestureMachine[Press], under: str | None = None, far: bool = True,
            choose: Choose = refuse_choice) -> Decision:
    press = gm.let_go()
    assert press is not None
    return gm.release(press, far, under, choose)


# -- dragging ---------------------------------------------------------------------------------
def test_a_drag_offers_its_targets_and_a_drop_on_one_plays_its_move() -> None:
    gm, _ = machine()
    press = start_drag(gm, "die1")
    assert press.mode == "drag" and gm.dragging() is press
    assert set(gm.targets("die1")) == {"A", "pool"}
    press.drop_id = "pool"  # the widget aims as the piece moves
    decision = release(gm, under="pool")
    assert decision.play is not None and decision.play.action == "pool:4"
    assert not decision.put_back and decision.refuse is None and gm.press is None


def test_a_drop_off_the_targets_goes_back_with_the_games_reason() -> None:
    gm, _ = machine()
    start_drag(gm, "die1")
    assert release(gm, under="C") == Decision(refuse=("die1", "C"), put_back=True)
    start_drag(gm, "die1")
    assert release(gm, under=None) == Decision(refuse=("die1", None), put_back=True)


def test_several_moves_for_one_drop_ask_and_a_closed_chooser_puts_back_silently() -> None:
    gm, _ = machine()
    offered: list[list[str]] = []

    def second(gestures: list[Gesture]) -> Gesture | None:
        offered.append([g.action for g in gestures])
        return gestures[1]

    press = start_drag(gm, "die0")
    press.drop_id = "B"
    decision = release(gm, under="B", choose=second)
    assert offered == [["cast:b:1", "cast:b:alt"]]
    assert decision.play is not None and decision.play.action == "cast:b:alt"
    press = start_drag(gm, "die0")
    press.drop_id = "B"
    assert release(gm, under="B", choose=no_choice) == Decision(put_back=True)


def test_a_piece_that_cannot_move_is_blocked_and_its_release_says_why() -> None:
    gm, _ = machine()
    press = Press(item_id="C")
    gm.begin_press(press)
    assert gm.moved(far=True) == Moved.NOTHING and press.mode == "blocked"
    assert release(gm) == Decision(refuse=("C", None))
    gm.interactive = False  # an AI's turn: nothing is explained either
    gm.begin_press(Press(item_id="die0"))
    assert gm.moved(far=True) == Moved.NOTHING
    assert release(gm) == Decision()


def test_a_press_on_the_felt_pans_and_a_press_held_still_reads_the_piece() -> None:
    gm, _ = machine()
    felt = Press(item_id=None)
    gm.begin_press(felt)
    assert gm.moved(far=False) == Moved.NOTHING
    assert gm.moved(far=True) == Moved.PAN_BEGUN | Moved.PAN
    assert gm.moved(far=False) == Moved.PAN  # back near the start: the pan goes on
    assert release(gm) == Decision()
    read = Press(item_id="A")
    gm.begin_press(read)
    gm.read_press(lambda piece: piece == "A")
    assert read.mode == "lens"
    assert gm.moved(far=False) == Moved.NOTHING
    assert release(gm, far=False) == Decision()  # let go after reading: no click
    gm.begin_press(Press(item_id="die1"))
    gm.read_press(lambda piece: True)
    # Read, then moved on: the press goes on as the drag it would have been.
    assert gm.moved(far=True) == Moved.READ | Moved.DRAG_BEGUN | Moved.DRAG


def test_the_drop_target_is_the_most_overlapped_or_the_one_pointed_at() -> None:
    def never() -> str | None:
        raise AssertionError("no hit test needed")

    body = (0.0, 0.0, 100.0, 100.0)
    targets = [("A", (50.0, 0.0, 150.0, 100.0), True), ("B", (80.0, 0.0, 180.0, 100.0), True)]
    assert aimed_target(body, (10.0, 10.0), targets, never) == "A"  # overlaps most
    # The cursor inside B's box: the hit test says which is meant.
    assert aimed_target(body, (90.0, 10.0), targets, lambda: "B") == "B"
    # Overlapping equally: the one under the cursor, else a piece before a place.
    tie = [("zone", (50.0, 0.0, 150.0, 100.0), False), ("card", (-50.0, 0.0, 50.0, 100.0), True)]
    assert aimed_target(body, (200.0, 200.0), tie, never) == "card"
    assert aimed_target(body, (60.0, 10.0), tie, lambda: "zone") == "zone"
    assert aimed_target(body, (10.0, 10.0), [("far", (500.0, 0.0, 600.0, 100.0), True)],
                        never) is None


# -- clicking ---------------------------------------------------------------------------------
def test_a_click_plays_a_click_gesture() -> None:
    gm, _ = machine()
    gm.begin_press(Press(item_id="T"))
    assert gm.moved(far=False) == Moved.NOTHING
    decision = release(gm, far=False)
    assert decision.play is not None and decision.play.action == "end"


def test_click_then_click_picks_a_piece_up_and_puts_it_on_a_target() -> None:
    gm, table = machine()
    assert gm.click("die1", refuse_choice) == Decision()
    assert gm.selected == "die1" and table.told[-1] == ("selection", "die1", ("A", "pool"))
    assert gm.cursor("pool") == "click" and gm.cursor("die0") == "drag" and gm.cursor("C") == ""
    decision = gm.click("A", refuse_choice)
    assert decision.play is not None and decision.play.action == "cast:a:4"
    assert gm.selected is None
    gm.click("die1", refuse_choice)
    assert gm.click("die1", refuse_choice) == Decision() and gm.selected is None  # put down
    gm.click("die1", refuse_choice)
    assert gm.click("C", refuse_choice) == Decision(refuse=("die1", "C"))
    assert gm.selected is None
    assert gm.click("C", refuse_choice) == Decision(refuse=("C", None))
    gm.click("die1", refuse_choice)
    gm.begin_press(Press(item_id=None))
    assert release(gm, far=False) == Decision() and gm.selected is None  # a click on felt


def test_a_double_click_plays_a_pieces_only_move() -> None:
    gm, _ = machine([Gesture("cast:a:4", "die1", "A"), *sample_gestures()[:3]])
    assert gm.double_click("die0") is None  # three moves: a press like any other
    gesture = gm.double_click("die1")
    assert gesture is not None and gesture.action == "cast:a:4"
    gm.interactive = False
    assert gm.double_click("die1") is None


def test_a_piece_that_moves_and_takes_a_click_asks_which_on_enter() -> None:
    both = [Gesture("flip", None, "die0", label_en="Flip it"), *sample_gestures()]
    gm, _ = machine(both)
    # A mouse click plays the click; the keyboard asks which of the two Enter means.
    decision = gm.click("die0", refuse_choice)
    assert decision.play is not None and decision.play.action == "flip"
    gm.key_focus = "die0"
    assert gm.enter_does("die0", "en") == f"Flip it / {WORDS['pick_up'][0]}"
    offered: list[list[str]] = []
    played: list[Decision] = []

    def pick_up(gestures: list[Gesture]) -> Gesture | None:
        offered.append([g.action or g.label_en for g in gestures])
        return gestures[-1]

    gm.activate(pick_up, played.append)
    assert offered == [["flip", word("pick_up", "en")]]
    assert gm.selected == "die0" and played == [Decision()] and gm.key_focus == "die0"
    gm.select(None)
    gm.activate(lambda gestures: gestures[0], played.append)
    assert played[-1].play is not None and played[-1].play.action == "flip"


# -- the keyboard -----------------------------------------------------------------------------
def test_the_keyboard_steps_through_what_can_be_played_in_reading_order() -> None:
    gm, _ = machine()
    assert gm.keyboard_steps() == ["die0", "die1", "T"]
    assert [gm.step(True) for _ in range(4)] == ["die0", "die1", "T", "die0"]
    assert gm.step(False) == "T"
    assert gm.tab_leaves(True) and not gm.tab_leaves(False)
    assert gm.enter_does("T", "ja") == "手番終了"
    gm.key_focus = "die1"
    played: list[Decision] = []
    gm.activate(refuse_choice, played.append)  # Enter picks the die up
    assert gm.selected == "die1" and gm.key_focus == "die1"
    # With the die picked up, the steps are its places and the die itself, to put it back.
    assert gm.keyboard_steps() == ["die1", "A", "pool"]
    assert not gm.tab_leaves(False)
    assert gm.enter_does("die1", "en") == word("put_back", "en")
    assert gm.enter_does("pool", "en") == word("put_here", "en")
    assert gm.enter_does("C", "en") == ""
    assert gm.step(True) == "A"
    gm.activate(refuse_choice, played.append)
    assert played[-1].play is not None and played[-1].play.action == "cast:a:4"
    assert gm.selected is None
    gm.interactive = False
    assert gm.keyboard_steps() == [] and gm.step(True) is None


def test_after_a_move_the_table_shows_the_keyboard_starts_again() -> None:
    gm, _ = machine()
    gm.key_focus = "T"
    gm.activate(refuse_choice, lambda decision: gm.set_gestures(sample_gestures()))
    assert gm.key_focus is None  # played, and the table laid out anew
    gm.key_focus = "T"
    gm.activate(refuse_choice, lambda decision: None)  # played, but nothing came back
    assert gm.key_focus == "T"


def test_the_keys_the_table_claims() -> None:
    gm, _ = machine(tile_gestures(), turnable=("tile",))
    assert not any(gm.claims_key(k) for k in ("enter", "escape", "r", "x"))
    gm.key_focus = "tile"
    assert gm.claims_key("enter") and gm.claims_key("escape") and not gm.claims_key("r")
    gm.click("tile", refuse_choice)
    assert gm.claims_key("r")
    gm.interactive = False
    assert not gm.claims_key("enter") and not gm.claims_key("r")


# -- turning round ----------------------------------------------------------------------------
def test_r_while_dragging_turns_the_piece_and_its_targets_follow() -> None:
    gm, table = machine(tile_gestures(), turnable=("tile",))
    press = start_drag(gm, "tile")
    assert set(gm.targets("tile")) == {"cell3"}
    press.drop_id = "cell3"
    assert gm.turn_key()
    assert gm.turned == "tile" and press.drop_id is None
    assert table.told[-2:] == [("turned", "tile", True, True), ("drag targets", ("cell1",))]
    gm.right_button()  # the right button turns it back
    assert gm.turned is None and table.told[-1] == ("drag targets", ("cell3",))
    gm.right_button()
    # Dropped where it fits only the other way: it goes back as laid, with the table's word.
    assert release(gm, under="cell3") == Decision(refuse_word="turn_first", put_back=True)
    assert gm.turned is None and table.told[-1] == ("turned", "tile", False, True)
    # Dropped where it fits neither way: the game says why.
    start_drag(gm, "tile")
    assert release(gm, under="C") == Decision(refuse=("tile", "C"), put_back=True)


def test_a_piece_that_may_not_turn_does_not() -> None:
    gm, _ = machine()
    start_drag(gm, "die1")
    assert not gm.turn_key() and gm.turned is None
    gm.right_button()
    assert gm.turned is None


def test_r_on_the_selection_fixes_the_way_a_click_means() -> None:
    gm, table = machine(tile_gestures(), turnable=("tile",))
    gm.click("tile", refuse_choice)
    assert table.told[-1] == ("selection", "tile", ("cell1", "cell3"))  # either way round
    assert gm.turn_key() and gm.turned == "tile" and gm.turn_fixed
    assert table.told[-1] == ("selection", "tile", ("cell1",))
    assert gm.click("cell3", refuse_choice) == Decision(refuse_word="turn_first")
    assert gm.selected == "tile"
    decision = gm.click("cell1", refuse_choice)
    assert decision.play is not None and decision.play.action == "place:1:180"
    assert gm.turned == "tile"  # kept while its move is sent; the new layout faces it


def test_a_click_where_both_ways_fit_offers_both() -> None:
    gestures = [*tile_gestures(), Gesture("place:1:0", "tile", "cell1")]
    gm, _ = machine(gestures, turnable=("tile",))
    offered: list[list[tuple[str, bool]]] = []

    def choose(options: list[Gesture]) -> Gesture | None:
        offered.append([(g.action, g.turned) for g in options])
        return None

    gm.click("tile", refuse_choice)
    assert gm.click("cell1", choose) == Decision()
    assert offered == [[("place:1:180", True), ("place:1:0", False)]]
    assert gm.selected is None and gm.turned is None


# -- cancelling -------------------------------------------------------------------------------
def test_escape_puts_back_a_drag_then_a_selection_then_lets_go_of_the_step() -> None:
    gm, table = machine(tile_gestures(), turnable=("tile",))
    gm.key_focus = "tile"
    start_drag(gm, "tile")
    gm.turn_key()
    assert gm.escape()
    assert gm.press is None and gm.turned is None
    assert ("put down", "tile", "drag", True) in table.told
    assert ("turned", "tile", False, True) in table.told
    gm.click("tile", refuse_choice)
    assert gm.escape() and gm.selected is None
    assert not gm.escape()  # nothing held: the widget lets go of the keyboard's step


def test_forget_lets_go_of_everything_the_hand_holds() -> None:
    gm, table = machine(tile_gestures(), turnable=("tile",))
    gm.click("tile", refuse_choice)
    gm.turn_key()
    gm.key_focus = "cell1"
    gm.begin_press(Press(item_id="cell1"))
    gm.forget()
    assert (gm.press, gm.selected, gm.turned, gm.key_focus) == (None, None, None, None)
    assert ("put down", "cell1", "pending", False) in table.told


def test_a_click_survives_the_table_laid_out_anew_but_a_drag_does_not() -> None:
    gm, table = machine()
    press = Press(item_id="T")
    gm.begin_press(press)
    clicking = gm.take_click()
    assert clicking is press and gm.cancel_press() is None
    gm.set_gestures(sample_gestures())
    gm.resume_click(clicking)
    assert gm.press is press
    decision = release(gm, far=False)
    assert decision.play is not None and decision.play.action == "end"
    # A click on a piece that has left the table goes with it.
    gm.begin_press(Press(item_id="die0"))
    clicking = gm.take_click()
    del table.pieces["die0"]
    gm.set_gestures(sample_gestures())
    gm.resume_click(clicking)
    assert gm.press is None
    # A drag is put back.
    start_drag(gm, "die1")
    assert gm.take_click() is None
    assert gm.cancel_press() is not None and gm.press is None
    assert table.told[-1] == ("put down", "die1", "drag", False)


def test_new_moves_keep_the_piece_picked_up_only_while_it_still_moves() -> None:
    gm, _ = machine()
    gm.click("die1", refuse_choice)
    gm.set_gestures(sample_gestures())
    assert gm.selected == "die1"
    gm.set_gestures([g for g in sample_gestures() if g.source != "die1"])
    assert gm.selected is None
