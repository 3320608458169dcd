"""Tests of National Economy."""
