"""What the app's windows show a person now, in words: every text on the glass, by where it is.

``read_glass()`` walks every window on show (the main window, a replay, a dialog, a tooltip,
the large view of a card) and every visible widget in it, and gathers each text a person could
read there or have read to them: a label's, a button's, an edit's and a list's text, a combo
box's entries, tooltips, accessible names and descriptions, status tips, window titles, the
menus, and on the table every text painted on a piece, a zone or a meter
(``tabletop.table.textreport``) and every piece's tooltip. Each text is keyed by a path that
names its window and widget (``MainWindow/QStackedWidget/TablePage/QLabel#hover``), so that two
readings of the same screen can be compared key by key and a difference names the widget.

The hidden-information check at the glass (``glasscheck``) compares such readings across
positions that differ only in what the person at the screen must not know.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QGraphicsView,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QMenuBar,
    QPlainTextEdit,
    QProgressBar,
    QTabBar,
    QTextEdit,
    QWidget,
)

Glass = dict[str, str]

#: The rows of a list or table read at most (a long game log in a list is read whole).
MAX_ROWS = 20_000


def read_glass(of: QWidget | None = None) -> Glass:
    """Every text of every window on show now, keyed by where it shows; with ``of``, of that
    window and the windows it owns (its dialogs, a replay it opened) and any tooltip."""
    out: Glass = {}
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return out
    tops = [w for w in app.topLevelWidgets() if w.isVisible() and w.isWindow()
            and (of is None or _owned_by(w, of) or type(w).__name__ == "QTipLabel")]
    # Windows in a stable order: by kind and name (their titles may be what differs).
    tops.sort(key=lambda w: (type(w).__name__, w.objectName()))
    seen: Counter[str] = Counter()
    for window in tops:
        name = _name(window)
        seen[name] += 1
        path = name if seen[name] == 1 else f"{name}[{seen[name] - 1}]"
        _read(window, path, out)
    return out


def differences(a: Glass, b: Glass) -> list[tuple[str, str, str]]:
    """Where two readings differ: ``(key, text in a, text in b)``; a text missing on one side
    is ``""`` there."""
    return [(key, a.get(key, ""), b.get(key, "")) for key in sorted(set(a) | set(b))
            if a.get(key, "") != b.get(key, "")]


def _owned_by(window: QWidget, owner: QWidget) -> bool:
    widget: QWidget | None = window
    while widget is not None:
        if widget is owner:
            return True
        widget = widget.parentWidget()
    return False


def _name(widget: QObject) -> str:
    cls = type(widget).__name__
    return f"{cls}#{widget.objectName()}" if widget.objectName() else cls


def _children(widget: QWidget) -> Iterator[tuple[str, QWidget]]:
    """The child widgets shown inside ``widget`` (not windows of their own), each with its
    path part: its kind and name, numbered among siblings of the same kind and name (hidden
    ones counted too, so that a sibling shown in one reading and not in another does not
    renumber the rest)."""
    seen: Counter[str] = Counter()
    for child in widget.children():
        if not isinstance(child, QWidget):
            continue
        name = _name(child)
        seen[name] += 1
        if child.isWindow() or not child.isVisible():
            continue
        yield (name if seen[name] == 1 else f"{name}[{seen[name] - 1}]"), child


def _put(out: Glass, key: str, text: str) -> None:
    if text:
        out[key] = text


def _read(widget: QWidget, path: str, out: Glass) -> None:
    if widget.isWindow():
        _put(out, f"{path}:title", widget.windowTitle())
    for attr, text in (("tooltip", widget.toolTip()), ("name", widget.accessibleName()),
                       ("description", widget.accessibleDescription()),
                       ("status tip", widget.statusTip()), ("what's this", widget.whatsThis())):
        _put(out, f"{path}:{attr}", text)
    _read_own(widget, path, out)
    for part, child in _children(widget):
        _read(child, f"{path}/{part}", out)


def _read_own(widget: QWidget, path: str, out: Glass) -> None:
    """The texts a widget of each kind shows itself."""
    if isinstance(widget, QLabel | QAbstractButton):
        _put(out, path, widget.text())
    elif isinstance(widget, QLineEdit):
        _put(out, path, widget.text())
        _put(out, f"{path}:placeholder", widget.placeholderText())
    elif isinstance(widget, QPlainTextEdit | QTextEdit):
        _put(out, path, widget.toPlainText())
    elif isinstance(widget, QComboBox):
        _put(out, path, "\n".join(widget.itemText(i) for i in range(widget.count())))
        _put(out, f"{path}:current", widget.currentText())
    elif isinstance(widget, QAbstractSpinBox):
        _put(out, path, widget.text())
    elif isinstance(widget, QGroupBox):
        _put(out, path, widget.title())
    elif isinstance(widget, QTabBar):
        for i in range(widget.count()):
            _put(out, f"{path}/tab[{i}]", widget.tabText(i))
            _put(out, f"{path}/tab[{i}]:tooltip", widget.tabToolTip(i))
    elif isinstance(widget, QProgressBar):
        if widget.isTextVisible():
            _put(out, path, widget.text())
    elif isinstance(widget, QMenuBar | QMenu):
        _read_actions(widget, path, out)
    if isinstance(widget, QAbstractItemView) and widget.model() is not None:
        _read_model(widget.model(), path, out)
    if isinstance(widget, QGraphicsView) and widget.scene() is not None:
        _read_scene(widget, path, out)


def _read_actions(menu: QWidget, path: str, out: Glass) -> None:
    for i, act in enumerate(menu.actions()):
        if not act.isVisible():
            continue
        key = f"{path}/action[{i}]"
        _put(out, key, act.text())
        if act.toolTip() != act.text().replace("&", ""):  # Qt's default tooltip is the text
            _put(out, f"{key}:tooltip", act.toolTip())
        _put(out, f"{key}:status tip", act.statusTip())
        sub = act.menu()
        if isinstance(sub, QMenu):
            _read_actions(sub, key, out)


def _read_model(model: QAbstractItemModel, path: str, out: Glass) -> None:
    rows = 0

    def walk(parent: QModelIndex, prefix: str) -> None:
        nonlocal rows
        for r in range(model.rowCount(parent)):
            rows += 1
            if rows > MAX_ROWS:
                return
            for c in range(_columns(model, parent)):
                index = model.index(r, c, parent)
                for role, suffix in ((Qt.ItemDataRole.DisplayRole, ""),
                                     (Qt.ItemDataRole.ToolTipRole, ":tooltip")):
                    value = model.data(index, role)
                    if isinstance(value, str):
                        _put(out, f"{prefix}/row[{r},{c}]{suffix}", value)
                if c == 0 and _has_children(model, index):
                    walk(index, f"{prefix}/row[{r}]")

    for c in range(_columns(model, QModelIndex())):
        header = model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
        if isinstance(header, str):
            _put(out, f"{path}/header[{c}]", header)
    walk(QModelIndex(), path)


def _columns(model: QAbstractItemModel, parent: QModelIndex) -> int:
    try:
        return model.columnCount(parent)
    except TypeError:  # a list model keeps its one column to itself
        return 1


def _has_children(model: QAbstractItemModel, index: QModelIndex) -> bool:
    try:
        return bool(model.hasChildren(index))
    except TypeError:  # a flat model keeps the question to itself: it has no children
        return False


def _read_scene(view: QGraphicsView, path: str, out: Glass) -> None:
    """The table's painted texts and tooltips (or, in another graphics view such as a chart,
    the texts of its text items)."""
    from tabletop.table import TableWidget
    from tabletop.table.items import TableItem
    from tabletop.table.textreport import text_report

    scene = view.scene()
    if isinstance(view, TableWidget):
        seen: Counter[str] = Counter()
        for record in text_report(view).shown():
            key = f"{path}/{record.item_id}/{record.role}"
            seen[key] += 1
            _put(out, key if seen[key] == 1 else f"{key}[{seen[key] - 1}]", record.text)
        for item in scene.items(Qt.SortOrder.AscendingOrder):
            if isinstance(item, TableItem) and item.isVisible() and not item.dying:
                _put(out, f"{path}/{item.item_id}:tooltip", item.toolTip())
        return
    for i, item in enumerate(scene.items(Qt.SortOrder.AscendingOrder)):
        if not item.isVisible():
            continue
        text = ""
        if hasattr(item, "toPlainText"):
            text = str(item.toPlainText())
        elif hasattr(item, "text") and callable(item.text):
            value = item.text()
            text = value if isinstance(value, str) else ""
        _put(out, f"{path}/item[{i}]", text)
        _put(out, f"{path}/item[{i}]:tooltip", item.toolTip())
