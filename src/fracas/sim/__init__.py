"""Monte Carlo at scale: many independent battles, aggregated as they come (DESIGN.md §5)."""
