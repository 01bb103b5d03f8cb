"""BRP ruleset tests."""
