"""Tests of the generic table."""
