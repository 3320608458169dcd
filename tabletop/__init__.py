"""Tabletop: a virtual table for small Japanese board and card games."""

__version__ = "0.1.0"
