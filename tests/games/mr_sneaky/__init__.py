"""Tests of Mr. Sneaky."""
