"""Magos (マゴス): a two-player dice duel of wizards, with spell data for a solo campaign."""
