"""The desktop application: main window, game chooser, new-game dialog, and match controller.

Start it with ``tabletop`` (the installed launcher), ``python -m tabletop``, or
``tabletop.app.main.main()``.
"""
