"""Spymaster (スパイマスター ver.2): a two-player bluffing duel of face-down agent cards."""
