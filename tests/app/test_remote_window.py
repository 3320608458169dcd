"""Remote play through the app's windows: a table hosted in one app window, joined from a
second over loopback, played to its end with a computer seat and the host's own seat; a move
shows only once the server has made it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tabletop.app.remote import RemoteTable
from tabletop.registry import load_plugins

PLUGINS = load_plugins(include_entry_points=False)[0]


def _to_move(tables: list[RemoteTable]) -> RemoteTable | None:
    for t in tables:
        frame = t.frame
        if frame is not None and frame.get("legal") and not t.waiting:
            return t
    return None


def _over(tables: list[RemoteTable]) -> bool:
    return all(t.frame is not None and t.frame.get("terminal") for t in tables)


def test_two_app_windows_play_a_hosted_table_to_its_end(make_window: Any, qtbot: Any,
                                                        tmp_path: Path) -> None:
    host_app = make_window(plugins=PLUGINS)
    friend_app = make_window(plugins=PLUGINS)
    seats = [{"kind": "local"}, {"kind": "remote"}, {"kind": "computer", "level": "easy"}]
    host = host_app.remote.host("buried-treasure", seats, name="Ann", data=tmp_path / "hosted",
                                port=0, address="127.0.0.1")
    assert isinstance(host, RemoteTable) and host.seat == 0
    try:
        assert list(host.codes) == [1]
        port = host_app.remote.hosted.port
        assert host.codes[1] in host.host_panel.text()
        assert host.start_button.isVisible()  # the table waits for its friend
        friend = friend_app.remote.join(f"ws://127.0.0.1:{port}", host.codes[1], "Bob")
        assert isinstance(friend, RemoteTable) and friend.seat == 1
        qtbot.waitUntil(lambda: friend.lobby.count() == 3, timeout=20_000)
        qtbot.waitUntil(lambda: "Bob: here" in [host.lobby.item(i).text()
                                                for i in range(host.lobby.count())],
                        timeout=20_000)
        # Every seat taken: the table starts by itself.
        qtbot.waitUntil(lambda: not host.start_button.isVisible(), timeout=20_000)
        rng = random.Random(7)
        tables = [host, friend]
        moves = 0
        while not _over(tables):
            qtbot.waitUntil(lambda: _over(tables) or _to_move(tables) is not None,
                            timeout=60_000)
            table = _to_move(tables)
            if table is None:
                continue
            assert table.frame is not None
            legal = list(table.frame["legal"])
            before = table.frame["seq"]
            table.table.action_chosen.emit(rng.choice(legal))
            # Sent, not shown: the table waits for the server's view of the move.
            assert table.waiting and table.frame["seq"] == before
            moves += 1
            assert moves < 2_000
        assert moves > 0
        for t in tables:
            assert t.frame is not None and t.frame["seat"] == t.seat
            assert t.status.text()  # the result, worded for that seat
            assert t.log.count() > 0
        assert not host.start_button.isVisible()
    finally:
        host_app.remote.close()
        friend_app.remote.close()


def test_a_wrong_join_code_is_refused_with_a_message(make_window: Any, qtbot: Any,
                                                     tmp_path: Path) -> None:
    app = make_window(plugins=PLUGINS)
    shown: list[tuple[str, str]] = []
    app.show_message = lambda title, text: shown.append((title, text))
    host = app.remote.host("magos", [{"kind": "local"}, {"kind": "remote"}],
                           data=tmp_path / "hosted", port=0, address="127.0.0.1")
    try:
        assert host is not None
        port = app.remote.hosted.port
        assert app.remote.join(f"ws://127.0.0.1:{port}", "NOPE-NOPE", "Eve") is None
        assert shown and "bad_code" in shown[-1][1]
        assert app.remote.join("ws://127.0.0.1:9", "X", "Eve") is None  # nobody there
        assert len(shown) == 2
    finally:
        app.remote.close()


def test_the_hint_searches_the_seats_own_view(make_window: Any, qtbot: Any,
                                              tmp_path: Path) -> None:
    from PySide6.QtCore import Qt

    app = make_window(plugins=PLUGINS)
    friend_app = make_window(plugins=PLUGINS)
    host = app.remote.host("magos", [{"kind": "local"}, {"kind": "remote"}],
                           data=tmp_path / "hosted", port=0, address="127.0.0.1")
    try:
        assert host is not None
        friend = friend_app.remote.join(f"ws://127.0.0.1:{app.remote.hosted.port}",
                                        host.codes[1], "Bob")
        assert friend is not None
        tables = [host, friend]
        qtbot.waitUntil(lambda: _to_move(tables) is not None, timeout=30_000)
        table = _to_move(tables)
        assert table is not None
        while len(table.frame["legal"]) < 2:  # a choice worth a hint
            table.table.action_chosen.emit(table.frame["legal"][0])
            qtbot.waitUntil(lambda: _to_move(tables) is not None, timeout=30_000)
            table = _to_move(tables)
            assert table is not None
        assert table.hint_button.isEnabled()
        other = friend if table is host else host
        assert not other.hint_button.isEnabled()
        qtbot.mouseClick(table.hint_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: table.status.text().startswith("Hint: "), timeout=60_000)
    finally:
        app.remote.close()
        friend_app.remote.close()


def test_the_host_dialog_offers_each_seat_and_needs_a_friend(qtbot: Any) -> None:
    from PySide6.QtWidgets import QDialogButtonBox

    from tabletop.app.remote import HostDialog

    dialog = HostDialog(PLUGINS, "en", game="national-economy")
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert dialog.chosen_game() == "national-economy"
    assert [dialog.players.itemText(i) for i in range(dialog.players.count())] == ["2", "3", "4"]
    assert [s["kind"] for s in dialog.seats()] == ["local", "remote"] and ok.isEnabled()
    dialog.players.setCurrentIndex(2)
    assert len(dialog.seat_boxes) == 4
    dialog.seat_boxes[1].setCurrentIndex(0)  # two people here take turns at the screen
    assert [s["kind"] for s in dialog.seats()] == ["local", "local", "remote", "remote"]
    assert ok.isEnabled()
    assert not dialog.seat_names[2].isEnabled()  # a friend names themselves on joining
    dialog.seat_names[1].setText(" Ken ")
    assert dialog.seats()[:2] == [{"kind": "local"}, {"kind": "local", "name": "Ken"}]
    dialog.seat_boxes[1].setCurrentIndex(dialog.seat_boxes[1].findText("Computer — hard"))
    assert dialog.seats()[1] == {"kind": "computer", "level": "hard"}
    for box in dialog.seat_boxes[2:]:
        box.setCurrentIndex(box.findText("Computer — easy"))
    assert not ok.isEnabled()  # nobody to join: not a table on the network
    dialog.seat_boxes[3].setCurrentIndex(dialog.seat_boxes[3].findText("A friend joining"))
    assert ok.isEnabled()
    solo = [dialog.game.itemData(i) for i in range(dialog.game.count())]
    assert "magos-solo" not in solo and "magos" in solo


def test_the_join_dialog_lists_tables_found_on_the_network(qtbot: Any) -> None:
    from tabletop.app.remote import JoinDialog
    from tabletop.net.discovery import Found

    dialog = JoinDialog("en")
    qtbot.addWidget(dialog)
    assert dialog.found.isHidden()
    found = [Found("Kitchen", ("192.168.1.5",), 8765, False, 1)]
    dialog.offer(found)
    assert not dialog.found.isHidden() and dialog.found.count() == 1
    dialog.found.setCurrentIndex(0)
    assert dialog.address.text() == "ws://192.168.1.5:8765"


def test_a_table_hosted_on_a_server_elsewhere_is_joined_by_its_code(
        make_window: Any, qtbot: Any, tmp_path: Path) -> None:
    """The host's app creates the table on a headless server (here on loopback) by its URL."""
    from tabletop.app.remote import HostedServer

    server = HostedServer(tmp_path / "server", 0, "127.0.0.1")
    app = make_window(plugins=PLUGINS)
    friend_app = make_window(plugins=PLUGINS)
    try:
        url = f"ws://127.0.0.1:{server.port}"
        host = app.remote.host("spymaster", [{"kind": "local"}, {"kind": "remote"}],
                               server=url)
        assert host is not None and app.remote.hosted is None  # no server of its own
        assert url in host.host_panel.text()
        friend = friend_app.remote.join(url, host.codes[1], "Bob")
        assert friend is not None
        qtbot.waitUntil(lambda: host.frame is not None and bool(host.frame.get("started")),
                        timeout=20_000)
    finally:
        app.remote.close()
        friend_app.remote.close()
        server.close()


def test_the_host_dialog_offers_the_games_options(qtbot: Any) -> None:
    from tabletop.app.remote import HostDialog

    dialog = HostDialog(PLUGINS, "en", game="sheep-and-thief")
    qtbot.addWidget(dialog)
    spec = PLUGINS["sheep-and-thief"].game.spec
    offered = {o.key for o in spec.options if o.choices or isinstance(o.default, bool)}
    assert set(dialog.option_boxes) == offered and "thief" in offered
    assert dialog.options() == {o.key: o.default for o in spec.options if o.key in offered}
    box = dialog.option_boxes["thief"]
    box.setCurrentIndex(box.findData("up-to"))
    assert dialog.options()["thief"] == "up-to"
    dialog.game.setCurrentIndex(dialog.game.findData("magos"))
    assert "thief" not in dialog.option_boxes


def test_the_options_chosen_reach_the_table(make_window: Any, tmp_path: Path) -> None:
    app = make_window(plugins=PLUGINS)
    try:
        host = app.remote.host("sheep-and-thief", [{"kind": "local"}, {"kind": "remote"}],
                               data=tmp_path / "hosted", port=0, address="127.0.0.1",
                               options={"thief": "up-to"})
        assert host is not None
        [live] = app.remote.hosted.server.tables.values()
        assert live.table.session.options["thief"] == "up-to"
    finally:
        app.remote.close()


def _lobby_lines(table: RemoteTable) -> list[str]:
    return [table.lobby.item(i).text() for i in range(table.lobby.count())]


def test_the_host_gives_a_gone_seat_to_a_computer(make_window: Any, qtbot: Any,
                                                  tmp_path: Path) -> None:
    """A friend joins and drops; the host picks their seat in the lobby and a level, and
    hands the seat to the computer with the mouse: the game goes on without them."""
    from PySide6.QtCore import Qt

    app = make_window(plugins=PLUGINS)
    friend_app = make_window(plugins=PLUGINS)
    host = app.remote.host("spymaster", [{"kind": "local"}, {"kind": "remote"}],
                           name="Ann", data=tmp_path / "hosted", port=0, address="127.0.0.1")
    try:
        assert host is not None and host.give_row.isVisibleTo(host)
        friend = friend_app.remote.join(f"ws://127.0.0.1:{app.remote.hosted.port}",
                                        host.codes[1], "Bob")
        assert friend is not None and not friend.give_row.isVisibleTo(friend)
        qtbot.waitUntil(lambda: "Bob: here" in _lobby_lines(host), timeout=20_000)

        def click_row(row: int) -> None:
            rect = host.lobby.visualItemRect(host.lobby.item(row))
            qtbot.mouseClick(host.lobby.viewport(), Qt.MouseButton.LeftButton,
                             pos=rect.center())

        click_row(1)
        assert host.lobby.currentRow() == 1
        assert not host.give_button.isEnabled()  # Bob is here: his seat is his
        click_row(0)
        assert not host.give_button.isEnabled()  # the host's own seat
        friend_app.remote.close()  # Bob's computer goes away
        qtbot.waitUntil(lambda: "Bob: waiting to reconnect" in _lobby_lines(host),
                        timeout=20_000)
        click_row(1)
        assert host.give_button.isEnabled()
        host.give_level.setCurrentIndex(host.give_level.findData("hard"))
        assert host.give_level.currentText() == "Computer — hard"
        qtbot.mouseClick(host.give_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "Bob: computer" in _lobby_lines(host), timeout=20_000)
        assert not host.give_button.isEnabled()
        [live] = app.remote.hosted.server.tables.values()
        assert live.table.seats[1].kind == "computer" and live.table.seats[1].level == "hard"
        # The computer plays Bob's seat: the host plays on until it has.
        given_at = len(live.table.session.history)

        def computer_moved() -> bool:
            return any(r.seat == 1 for r in live.table.session.history[given_at:])

        while not computer_moved() and not (host.frame or {}).get("terminal"):
            qtbot.waitUntil(lambda: computer_moved() or _to_move([host]) is not None,
                            timeout=30_000)
            if _to_move([host]) is not None and not computer_moved():
                host.table.action_chosen.emit(host.frame["legal"][0])
        assert computer_moved()
    finally:
        app.remote.close()
        friend_app.remote.close()


def test_a_game_played_to_a_beat_is_refused_with_its_reason(make_window: Any, qtbot: Any,
                                                             tmp_path: Path) -> None:
    from PySide6.QtWidgets import QDialogButtonBox

    from tabletop.app.remote import HostDialog, not_hostable, plays_to_a_beat

    beat = sorted(g for g, pl in PLUGINS.items() if plays_to_a_beat(pl))
    assert "punimonyo" in beat and "magos" not in beat
    for lang, word in (("en", "real time"), ("ja", "リアルタイム")):
        dialog = HostDialog(PLUGINS, lang, game="punimonyo")
        qtbot.addWidget(dialog)
        assert dialog.chosen_game() == "punimonyo"  # offered, and refused with a reason
        assert not dialog.refusal.isHidden() and word in dialog.refusal.text()
        assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
        dialog.game.setCurrentIndex(dialog.game.findData("spymaster"))
        assert dialog.refusal.isHidden()
        assert dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert not_hostable(PLUGINS["magos-solo"]) == "remote.no_solo"
    app = make_window(plugins=PLUGINS)
    shown: list[tuple[str, str]] = []
    app.show_message = lambda title, text: shown.append((title, text))
    assert app.remote.host("punimonyo", [{"kind": "local"}, {"kind": "remote"}],
                           data=tmp_path / "hosted", port=0, address="127.0.0.1") is None
    assert app.remote.hosted is None and "real time" in shown[-1][1]


def _scene_pieces(table: RemoteTable) -> int:
    return len(table.table.scene().items())


def test_two_people_at_the_hosts_screen_pass_it_by_the_privacy_page(
        make_window: Any, qtbot: Any, tmp_path: Path) -> None:
    """Two seats at the host's screen and a friend elsewhere, in a game with secrets: each
    time the turn passes between the two people here, the local app's privacy page stands in
    for the table and its log (the scene emptied, not covered) until the next person clicks
    it; the friend's window only ever shows the friend's seat."""
    from PySide6.QtCore import Qt

    app = make_window(plugins=PLUGINS)
    friend_app = make_window(plugins=PLUGINS)
    host = app.remote.host("buried-treasure", [{"kind": "local"},
                                               {"kind": "local", "name": "Ken"},
                                               {"kind": "remote"}],
                           name="Ann", data=tmp_path / "hosted", port=0, address="127.0.0.1")
    try:
        assert host is not None and host.my_seats == [0, 1]
        qtbot.waitUntil(lambda: host.names[:2] == ["Ann", "Ken"], timeout=20_000)
        friend = friend_app.remote.join(f"ws://127.0.0.1:{app.remote.hosted.port}",
                                        host.codes[2], "Bob")
        assert friend is not None and friend.my_seats == [2]
        rng = random.Random(3)
        pages = 0
        seats_shown: set[int] = set()
        for _ in range(400):
            qtbot.waitUntil(lambda: host.awaiting is not None or _over([host, friend])
                            or _to_move([host, friend]) is not None, timeout=30_000)
            if _over([host, friend]):
                break
            if host.awaiting is not None:
                pages += 1
                nxt = host.awaiting
                assert host.stack.currentWidget() is host.privacy
                # A barrier, not a veil: nothing of the last person's table or log is left.
                assert _scene_pieces(host) == 0 and host.log.count() == 0
                assert not host.buttons and not host.hint_button.isEnabled()
                assert ["Ann", "Ken"][nxt] in host.privacy.title.text()
                assert host.names[nxt] in host.status.text()
                qtbot.mouseClick(host.privacy.button, Qt.MouseButton.LeftButton)
                assert host.seat == nxt and host.stack.currentWidget() is host.splitter
                assert _scene_pieces(host) > 0 and host.log.count() > 0
                continue
            table = _to_move([host, friend])
            assert table is not None and table.frame is not None
            if table is host:
                seats_shown.add(host.seat or 0)
                assert host.frame is host.frames[host.seat or 0]
            table.table.action_chosen.emit(rng.choice(list(table.frame["legal"])))
            if pages >= 3 and seats_shown == {0, 1}:
                break
        assert pages >= 3 and seats_shown == {0, 1}
        # The friend's connection is sent its own seat's views alone.
        assert set(friend.client.client.views) == {2}
        assert set(host.client.client.views) == {0, 1}
    finally:
        app.remote.close()
        friend_app.remote.close()


def test_a_host_with_one_seat_here_is_sent_that_seats_view_alone(
        make_window: Any, qtbot: Any, tmp_path: Path) -> None:
    """The host who plays one seat and watches the rest is no spectator: its window shows
    that seat's table only, and no other seat's view ever reaches it."""
    app = make_window(plugins=PLUGINS)
    host = app.remote.host("spymaster", [{"kind": "local"}, {"kind": "remote"}],
                           data=tmp_path / "hosted", port=0, address="127.0.0.1")
    try:
        assert host is not None
        [live] = app.remote.hosted.server.tables.values()
        qtbot.waitUntil(lambda: host.frame is not None, timeout=20_000)
        host.client.start().result(20)
        table = live.table
        qtbot.waitUntil(lambda: bool(host.frame and host.frame.get("started")), timeout=20_000)
        assert set(host.client.client.views) == {0} and host.my_seats == [0]
        assert host.frame["observation"] == table.session.observation(0)
        assert host.frame["observation"] != table.session.observation(None)
        assert host.stack.currentWidget() is host.splitter  # one person: never a page
    finally:
        app.remote.close()


def test_a_host_with_no_seat_here_watches_the_spectators_view(
        make_window: Any, qtbot: Any, tmp_path: Path) -> None:
    app = make_window(plugins=PLUGINS)
    friend_app = make_window(plugins=PLUGINS)
    host = app.remote.host("buried-treasure", [{"kind": "remote"},
                                               {"kind": "computer", "level": "random"}],
                           data=tmp_path / "hosted", port=0, address="127.0.0.1")
    try:
        assert host is not None and host.seat is None and host.my_seats == [None]
        friend = friend_app.remote.join(f"ws://127.0.0.1:{app.remote.hosted.port}",
                                        host.codes[0], "Bob")
        assert friend is not None
        [live] = app.remote.hosted.server.tables.values()
        qtbot.waitUntil(lambda: bool(host.frame and host.frame.get("started")), timeout=20_000)
        assert host.frame is not None and host.frame["seat"] is None
        # The friend is to move and does not: the table stands still while it is looked at.
        qtbot.waitUntil(lambda: bool(friend.frame and friend.frame.get("legal"))
                        and host.frame["seq"] == live.table.seq, timeout=20_000)
        assert host.frame["observation"] == live.table.session.observation(None)
        assert _scene_pieces(host) > 0 and not host.hint_button.isEnabled()
    finally:
        app.remote.close()
        friend_app.remote.close()


def test_two_people_at_a_joined_computer_share_one_window(make_window: Any, qtbot: Any,
                                                          tmp_path: Path) -> None:
    """A friend joins, and someone else at the friend's computer takes the next seat with
    its own code in the same window: the screen passes between them by the privacy page."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    app = make_window(plugins=PLUGINS)
    friend_app = make_window(plugins=PLUGINS)
    host = app.remote.host("buried-treasure", [{"kind": "local"}, {"kind": "remote"},
                                               {"kind": "remote"}],
                           name="Ann", data=tmp_path / "hosted", port=0, address="127.0.0.1")
    try:
        assert host is not None and not host.another.isVisibleTo(host)
        friend = friend_app.remote.join(f"ws://127.0.0.1:{app.remote.hosted.port}",
                                        host.codes[1], "Bob")
        assert friend is not None and friend.another.isVisibleTo(friend)
        QTest.keyClicks(friend.another_code, host.codes[2])
        QTest.keyClicks(friend.another_name, "Cat")
        qtbot.mouseClick(friend.another_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: friend.my_seats == [1, 2], timeout=20_000)
        qtbot.waitUntil(lambda: "Cat: here (you)" in _lobby_lines(friend), timeout=20_000)
        assert "Cat: here" in _lobby_lines(host)
        rng = random.Random(5)
        pages = 0
        for _ in range(400):
            qtbot.waitUntil(lambda: friend.awaiting is not None or _over([host, friend])
                            or _to_move([host, friend]) is not None, timeout=30_000)
            if _over([host, friend]) or pages >= 2:
                break
            if friend.awaiting is not None:
                pages += 1
                assert friend.stack.currentWidget() is friend.privacy
                assert _scene_pieces(friend) == 0 and friend.log.count() == 0
                qtbot.mouseClick(friend.privacy.button, Qt.MouseButton.LeftButton)
                continue
            table = _to_move([host, friend])
            assert table is not None and table.frame is not None
            table.table.action_chosen.emit(rng.choice(list(table.frame["legal"])))
        assert pages >= 2
        assert set(friend.client.client.views) == {1, 2}
    finally:
        app.remote.close()
        friend_app.remote.close()


def test_a_remote_table_sounds_only_what_the_seat_on_show_sees(
        make_window: Any, qtbot: Any, tmp_path: Path) -> None:
    """The remote table sounds as the local one: the events of each view of the seat on show,
    "your turn" as its turn begins, the end for that seat, and the hand-over between two people
    at the host's screen; while the privacy page is up, nothing of either seat sounds."""
    from PySide6.QtCore import Qt

    from tabletop.app.cues import outcome_sound
    from tabletop.app.sound import RecordingSink
    from tabletop.engine import sounds as snd

    heard, friend_heard = RecordingSink(), RecordingSink()
    app = make_window(plugins=PLUGINS, sound_sink=heard)
    friend_app = make_window(plugins=PLUGINS, sound_sink=friend_heard)
    host = app.remote.host("buried-treasure", [{"kind": "local"},
                                               {"kind": "local", "name": "Ken"},
                                               {"kind": "remote"}],
                           name="Ann", data=tmp_path / "hosted", port=0, address="127.0.0.1")
    try:
        assert host is not None and host.sound is not None
        friend = friend_app.remote.join(f"ws://127.0.0.1:{app.remote.hosted.port}",
                                        host.codes[2], "Bob")
        assert friend is not None and friend.sound is not None
        for t in (host, friend):
            assert t.sound is not None
            t.sound.active = lambda: True  # an offscreen window may never be the active one
        rng = random.Random(5)
        pages = 0
        for _ in range(2_000):
            qtbot.waitUntil(lambda: host.awaiting is not None or _over([host, friend])
                            or _to_move([host, friend]) is not None, timeout=30_000)
            if _over([host, friend]):
                break
            if host.awaiting is not None:
                pages += 1
                assert heard.names()[-1] == snd.HANDOVER
                before = len(heard.names())
                qtbot.wait(50)  # views of both seats may still come while the page is up
                assert heard.names()[before:] == []
                qtbot.mouseClick(host.privacy.button, Qt.MouseButton.LeftButton)
                continue
            table = _to_move([host, friend])
            assert table is not None and table.frame is not None
            table.table.action_chosen.emit(rng.choice(list(table.frame["legal"])))
        qtbot.waitUntil(lambda: _over([host, friend]), timeout=30_000)
        assert pages >= 1
        assert heard.names().count(snd.HANDOVER) == pages
        names = friend_heard.names()
        assert names.count(snd.YOUR_TURN) >= 1
        assert friend.frame is not None
        assert names[-1] == outcome_sound(friend.frame["returns"], 2)
        assert snd.SOUND_OF_KIND["reveal"][0] in names  # the round's cards turned, for all
    finally:
        app.remote.close()
        friend_app.remote.close()
