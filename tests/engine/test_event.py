"""The ``Event`` record: its log line as a message code (``log.<kind>`` over its data, or a
message of its own), worded by a catalogue; and events that are read but write no log line."""

from __future__ import annotations

import pytest

from tabletop.engine import Event, Msg, Session, UndoRefusedError
from tabletop.text import ENGINE, Catalogue, render
from tests.toygame import TOY_WORDS, ToyGame

WORDS = Catalogue({
    "log.roll": ("{seat:player} rolls {value}.", "{seat:player}のダイス：{value}"),
    "log.pass": ("{seat:player} passes.", "{seat:player}はパス。"),
}, parent=ENGINE)


def test_the_log_line_is_the_kind_over_the_data_unless_given() -> None:
    ev = Event("roll", {"seat": 0, "value": 3}, reveals=True)
    assert ev.msg == Msg("log.roll", seat=0, value=3)
    assert render(ev, "en", WORDS) == "Player 1 rolls 3."
    assert render(ev, "ja", WORDS) == "プレイヤー1のダイス：3"
    own = Event("roll", {"seat": 1, "value": 6}, msg=Msg("log.pass", seat=1))
    assert render(own, "en", WORDS) == "Player 2 passes."
    assert own.to_json() == {"kind": "roll", "data": {"seat": 1, "value": 6},
                             "msg": {"code": "log.pass", "args": {"seat": 1}}}
    assert own != Event("roll", {"seat": 1, "value": 6})


def test_events_compare_by_what_they_say_and_who_may_read_it() -> None:
    given = Event("end", {"seat": 1}, msg=Msg("log.pass", seat=1), seats=frozenset({1}))
    same = Event("end", {"seat": 1}, msg=Msg("log.pass", seat=1), seats=frozenset({1}))
    assert same == given
    assert given != Event("end", {"seat": 1}, seats=frozenset({1}))  # log.end, not log.pass
    assert given != Event("end", {"seat": 1}, msg=Msg("log.pass", seat=1))
    assert given.visible_to(1) and not given.visible_to(0) and not given.visible_to(None)


def test_a_code_without_words_shows_the_code() -> None:
    ev = Event("shrug")
    assert ev.data == {}
    assert render(ev, "en", WORDS) == "log.shrug"


def test_an_event_without_a_log_line_is_still_read() -> None:
    # A card dealt one at a time: its seat reads which, nobody gets a line for it.
    dealt = Event("card", {"seat": 1, "card": 4}, seats=frozenset({1}), reveals=True,
                  logged=False)
    assert not dealt.logged and dealt.visible_to(1) and not dealt.visible_to(0)
    assert Event("pass").logged
    assert dealt.to_json()["logged"] is False and "logged" not in Event("pass").to_json()


def test_undo_quotes_only_public_logged_news() -> None:
    session = Session(ToyGame(), seed=2, human_seats=[0])
    private = [e for e in session.events_for(0) if not e.logged]
    assert [(e.kind, e.data["seat"]) for e in private] == [("card", 0)]
    with pytest.raises(UndoRefusedError) as refused:
        session.undo()
    assert "Seat 2 gets a card" in render(refused.value.msg, "en", TOY_WORDS, strict=True)
