"""Murdham ruleset tests."""
