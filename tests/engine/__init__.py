"""Tests of the rules engine."""
