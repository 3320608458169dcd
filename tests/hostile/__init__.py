"""Hostile input: seeded corpora of damaged files and bad calls, and what each must give."""
