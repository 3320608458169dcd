"""Punimonyo (ぷにもにょ): a two-player call-and-answer word game played to a beat."""
