"""Sheep & Thief (ひつじとどろぼう): a 2-4 player meadow-drafting game with one thief shared
by all the sheets."""
