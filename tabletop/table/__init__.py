"""The generic Qt table: draws a game's ``Layout`` and turns mouse gestures into actions."""

from .view import TableWidget

__all__ = ["TableWidget"]
