"""Tests of the app window, its parts and whole games played through it."""
