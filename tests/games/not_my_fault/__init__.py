"""Tests of Not My Fault!"""
