"""The `fracas` command line."""
