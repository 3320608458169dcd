"""Tests of Spymaster."""
