"""Tests of the benchmark scripts."""
