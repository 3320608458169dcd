"""Tests of Buried Treasure."""
