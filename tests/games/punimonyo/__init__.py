"""Tests of Punimonyo."""
