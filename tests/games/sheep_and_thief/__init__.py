"""Tests of Sheep & Thief."""
