"""Exact odds (issue 11): what one action does, computed rather than sampled.

`enumerator` runs a ruleset's own code through a real table and branches on every roll: the
oracle the hand-written calculators of each ruleset are checked against.
"""
