"""Unit tests of meeple.core, run against the toy test double (tests/contract/toy.py)."""
