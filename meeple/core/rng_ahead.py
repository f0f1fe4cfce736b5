"""``Rng``'s very stream, drawn ahead in blocks by numpy: for a long-lived generator that draws thousands
of numbers (a search's own), where each SplitMix64 step in Python's big integers is the dearest part
of a draw.

An ``Rng`` draw costs ≈ 5.9 k machine instructions (a dozen operations on 64-bit Python integers,
each a new object); numpy's ``uint64`` arithmetic wraps modulo 2**64 as ``Rng``'s mask does, so one
block of ``BLOCK`` outputs costs ≈ 0.3 k instructions per output, and a draw then takes one from a list.
The outputs, and so every ``randbelow``/``random``/``next64``/``choice``/``shuffle``, are the same numbers
in the same order as ``Rng``'s from the same seed (tests/core/test_rng.py).

>>> a, b = Rng(42), AheadRng(42)
>>> [a.randbelow(6) for _ in range(3)] == [b.randbelow(6) for _ in range(3)] and a.state == b.state
True
"""

from __future__ import annotations

import numpy as np

from meeple.core.rng import _ACCEPT_BELOW, _GOLDEN, _M1, _M2, _MASK, _SMALL_BOUNDS, _TWO64, _UNIT, Rng

BLOCK = 1024
"""Outputs drawn ahead at a time: a block costs ≈ 280 k instructions, mostly numpy's per-call overhead."""

_STEPS = np.arange(1, BLOCK + 1, dtype=np.uint64) * np.uint64(_GOLDEN)  # k * golden mod 2**64 (arrays wrap)
_SHIFTS = np.uint64(30), np.uint64(27), np.uint64(31)
_MULTIPLIERS = np.uint64(_M1), np.uint64(_M2)


def _block(state: int) -> list[int]:
    """The next ``BLOCK`` outputs of a SplitMix64 generator at ``state``, last first (taken by ``pop``)."""
    z = _STEPS + np.uint64(state)
    z ^= z >> _SHIFTS[0]
    z *= _MULTIPLIERS[0]
    z ^= z >> _SHIFTS[1]
    z *= _MULTIPLIERS[1]
    z ^= z >> _SHIFTS[2]
    outputs = z.tolist()
    outputs.reverse()
    return outputs


class AheadRng(Rng):
    """An ``Rng`` that draws its outputs ``BLOCK`` at a time; ``state`` reads and sets as ``Rng``'s
    (the state after the last number handed out), so a copy or a fork is the same as ``Rng``'s."""

    __slots__ = ("_ahead", "_start")

    @property  # type: ignore[override]
    def state(self) -> int:
        return (self._start + (BLOCK - len(self._ahead)) * _GOLDEN) & _MASK

    @state.setter
    def state(self, value: int) -> None:
        self._start = (value - BLOCK * _GOLDEN) & _MASK  # as if a whole block had been handed out
        self._ahead = []

    def _next_block(self) -> int:
        """Draw the next block; its first output."""
        self._start = self.state
        self._ahead = ahead = _block(self._start)
        return ahead.pop()

    def next64(self) -> int:
        ahead = self._ahead
        return ahead.pop() if ahead else self._next_block()

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = _ACCEPT_BELOW[n] if n <= _SMALL_BOUNDS else _TWO64 - (_TWO64 % n)
        ahead = self._ahead
        while True:
            z = ahead.pop() if ahead else self._next_block()
            if z < limit:
                return z % n
            ahead = self._ahead  # a new block may have been drawn

    def random(self) -> float:
        ahead = self._ahead
        return ((ahead.pop() if ahead else self._next_block()) >> 11) * _UNIT
