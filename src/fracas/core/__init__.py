"""The rules-agnostic engine: table, journal, sources, battle loop, encounters, registry."""
