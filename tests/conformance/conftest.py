"""The toy ruleset is registered for the whole suite in `tests/conftest.py` (like any third
party would, through the core's registry), before the kit's modules are collected: the kit's
parametrisation reads `registry()` and so picks the toy up with every installed ruleset."""
