"""Contract tests: the promises of DESIGN.md, checked on random play of every registered game."""
