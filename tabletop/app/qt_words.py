"""Qt's own words in the player's language: the buttons and labels of the file dialogs, message
boxes and standard context menus come from Qt's translations (``qtbase_ja.qm``, shipped with
PySide6 and kept in the bundle), not from our catalogue. English needs none."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

if TYPE_CHECKING:
    from PySide6.QtCore import QTranslator

_installed: QTranslator | None = None


def use_language(lang: str) -> bool:
    """Install Qt's translation for ``lang`` in place of the one before; ``True`` when Qt now
    speaks ``lang`` (English always; another language when its file was found)."""
    global _installed
    app = QCoreApplication.instance()
    if app is None:
        return False
    if _installed is not None:
        app.removeTranslator(_installed)
        _installed = None
    if lang == "en":
        return True
    # Imported here: the class brings its enums, which an English start never needs.
    from PySide6.QtCore import QLibraryInfo, QTranslator

    translator = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if not translator.load(f"qtbase_{lang}", folder):
        return False
    app.installTranslator(translator)
    _installed = translator
    return True
