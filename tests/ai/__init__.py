"""Tests of the search agents."""
