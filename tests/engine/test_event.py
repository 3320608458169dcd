"""The ``Event`` record: log text given at once or built on first reading (``render``), and
events without text, which are read but write no log line."""

from __future__ import annotations

import pytest
from toygame import ToyGame

from tabletop.engine import Event, Session, UndoRefusedError


def test_rendered_text_is_built_once_and_only_when_read() -> None:
    calls: list[int] = []

    def words() -> dict[str, str]:
        calls.append(1)
        return {"en": "Player 1 rolls 3.", "ja": "プレイヤー1のダイス:3"}

    ev = Event("roll", {"seat": 0}, reveals=True, render=words)
    assert calls == []  # making the event builds no words
    assert ev.describe("ja") == "プレイヤー1のダイス:3"
    assert ev.describe("fr") == "Player 1 rolls 3."
    assert ev.text["en"] == "Player 1 rolls 3."
    assert ev.to_json() == {"kind": "roll", "data": {"seat": 0},
                            "text": {"en": "Player 1 rolls 3.", "ja": "プレイヤー1のダイス:3"},
                            "reveals": True}
    assert calls == [1]


def test_rendered_and_given_text_compare_equal() -> None:
    given = Event("end", {"seat": 1}, {"en": "Player 2 ends the turn."},
                  seats=frozenset({1}))
    lazy = Event("end", {"seat": 1}, seats=frozenset({1}),
                 render=lambda: {"en": "Player 2 ends the turn."})
    assert lazy == given
    assert lazy != Event("end", {"seat": 1}, {"en": "Player 2 ends the turn."})
    assert lazy.visible_to(1) and not lazy.visible_to(0) and not lazy.visible_to(None)


def test_event_without_text_describes_itself_by_kind() -> None:
    ev = Event("pass")
    assert ev.data == {} and ev.text == {}
    assert ev.describe("en") == "pass"
    ev.text = {"en": "Passed."}
    assert ev.describe("ja") == "Passed."


def test_an_event_without_text_writes_no_log_line_but_is_read() -> None:
    # A card dealt one at a time: its seat reads which, nobody gets a line for it.
    dealt = Event("card", {"seat": 1, "card": 4}, text={}, seats=frozenset({1}), reveals=True)
    assert not dealt.logged and dealt.visible_to(1) and not dealt.visible_to(0)
    assert not Event("pass").logged
    assert not Event("beat", render=lambda: {"en": "", "ja": ""}).logged
    assert Event("end", render=lambda: {"ja": "手番終了"}).logged


def test_undo_quotes_only_public_logged_news() -> None:
    session = Session(ToyGame(), seed=2, human_seats=[0])
    private = [e for e in session.events_for(0) if not e.logged]
    assert [(e.kind, e.data["seat"]) for e in private] == [("card", 0)]
    with pytest.raises(UndoRefusedError, match="Seat 2 gets a card"):
        session.undo()
