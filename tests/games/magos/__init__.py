"""Tests of Magos."""
