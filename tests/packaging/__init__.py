"""Tests of the packaged app."""
