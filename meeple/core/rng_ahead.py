"""``Rng``'s very stream, drawn ahead by numpy: for a long-lived generator that draws thousands of numbers
(a search's own), where each SplitMix64 step in Python's big integers is the dearest part of a draw, and
for the generators a search seeds from it (each iteration's copy of the position).

An ``Rng`` draw costs ≈ 5.9 k machine instructions (a dozen operations on 64-bit Python integers,
each a new object); numpy's ``uint64`` arithmetic wraps modulo 2**64 as ``Rng``'s mask does, so one
block of ``BLOCK`` outputs costs ≈ 0.3 k instructions per output, and a draw then takes one from a list.
The outputs, and so every ``randbelow``/``random``/``next64``/``choice``/``shuffle``, are the same numbers
in the same order as ``Rng``'s from the same seed (tests/core/test_rng.py).

A search seeds one generator per iteration, for the copy it plays on (``AheadRng.next_seeded``): a
fresh ``Rng(seed)`` that draws ≈ 7 numbers (Kingsburg's dice) would pay ≈ 50 k for them. The first
``SEEDED_READY`` outputs of the generator of every output of a block are worked out with the block,
in one numpy pass, the first time the block hands out a seed (≈ 5 k a seed); the seeded generator
(``ReadyRng``) hands them out and then goes on by plain steps.

>>> a, b = Rng(42), AheadRng(42)
>>> [a.randbelow(6) for _ in range(3)] == [b.randbelow(6) for _ in range(3)] and a.state == b.state
True
"""

from __future__ import annotations

import struct

import numpy as np

from meeple.core.rng import _ACCEPT_BELOW, _GOLDEN, _M1, _M2, _MASK, _SMALL_BOUNDS, _TWO64, _UNIT, Rng

BLOCK = 1024
"""Outputs drawn ahead at a time: a block costs ≈ 280 k instructions, mostly numpy's per-call overhead."""

SEEDED_READY = 10
"""How many outputs of a seeded generator are worked out ahead (``AheadRng.next_seeded``): a Kingsburg
copy draws 4 to 12 in a search, most often 5 or 9; the rest are drawn by plain steps."""

_STEPS = np.arange(1, BLOCK + 1, dtype=np.uint64) * np.uint64(_GOLDEN)  # k * golden mod 2**64 (arrays wrap)
_SEEDED_STEPS = np.array([SEEDED_READY, *range(SEEDED_READY, 0, -1)], dtype=np.uint64) * np.uint64(_GOLDEN)
"""A seeded table's steps from the seed's state: the state after the ready outputs, then the outputs', last first."""
_SHIFTS = np.uint64(30), np.uint64(27), np.uint64(31)
_MULTIPLIERS = np.uint64(_M1), np.uint64(_M2)
_SEEDED_ROW = struct.Struct(f"={SEEDED_READY + 1}Q")
"""One row of a block's seeded table: a seed's generator's state after its first outputs, then those, last first."""


def _mixed(z: np.ndarray) -> np.ndarray:
    """SplitMix64's output function (``rng._mix``) on every element, in place."""
    z ^= z >> _SHIFTS[0]
    z *= _MULTIPLIERS[0]
    z ^= z >> _SHIFTS[1]
    z *= _MULTIPLIERS[1]
    z ^= z >> _SHIFTS[2]
    return z


def _block(state: int) -> np.ndarray:
    """The next ``BLOCK`` outputs of a SplitMix64 generator at ``state``, in order."""
    return _mixed(_STEPS + np.uint64(state))


def _seeded_table(outputs: np.ndarray) -> bytes:
    """For each output of a block taken as a seed (``Rng(seed)``, whose state is the seed mixed), a row of
    ``_SEEDED_ROW``: its generator's state after ``SEEDED_READY`` outputs, then those outputs, last first.
    (Every column is mixed in one pass over the whole table, then the first is written over: numpy is
    quickest on a table in one piece.)"""
    starts = _mixed(outputs.copy())
    table = _mixed(starts[:, None] + _SEEDED_STEPS)
    table[:, 0] = starts + _SEEDED_STEPS[0]
    return table.tobytes()


class _DrawnAhead(Rng):
    """An ``Rng`` that hands out outputs worked out ahead (``_ahead``, the next one last, taken by
    ``pop``) and asks ``_refill`` for more; ``state`` reads and sets as ``Rng``'s (the state after the
    last number handed out: ``_end`` is the state after the last one held ahead)."""

    __slots__ = ("_ahead", "_end")

    @property  # type: ignore[override]
    def state(self) -> int:
        return (self._end - len(self._ahead) * _GOLDEN) & _MASK

    @state.setter
    def state(self, value: int) -> None:
        self._end = value & _MASK
        self._ahead = []

    def _refill(self) -> int:
        """Work out the next outputs into ``_ahead`` (advancing ``_end``); hand out the first of them."""
        raise NotImplementedError

    def next64(self) -> int:
        ahead = self._ahead
        return ahead.pop() if ahead else self._refill()

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = _ACCEPT_BELOW[n] if n <= _SMALL_BOUNDS else _TWO64 - (_TWO64 % n)
        ahead = self._ahead
        while True:
            z = ahead.pop() if ahead else self._refill()
            if z < limit:
                return z % n
            ahead = self._ahead  # a refill may have made a new list

    def random(self) -> float:
        ahead = self._ahead
        return ((ahead.pop() if ahead else self._refill()) >> 11) * _UNIT


class ReadyRng(_DrawnAhead):
    """A seeded generator (``Rng(seed)``'s stream) whose first outputs were worked out with its seed's
    block (``AheadRng.next_seeded``); once they are handed out it draws as ``Rng`` does, a step at a time."""

    __slots__ = ()

    def _refill(self) -> int:
        self._end = z = (self._end + _GOLDEN) & _MASK  # Rng.next64, written out
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return z ^ (z >> 31)


class AheadRng(_DrawnAhead):
    """An ``Rng`` that draws its outputs ``BLOCK`` at a time, and seeds generators whose first outputs
    are drawn with the block (``next_seeded``)."""

    __slots__ = ("_outputs", "_seeded")

    # ``_outputs``: the block's outputs in order; ``_seeded``: their seeded table, made when first asked.
    # Both are set by ``_refill``, before anything reads them: a new state starts with nothing ahead.

    def _refill(self) -> int:
        outputs = self._outputs = _block(self._end)
        self._seeded = None
        self._end = (self._end + BLOCK * _GOLDEN) & _MASK
        self._ahead = ahead = outputs.tolist()
        ahead.reverse()
        return ahead.pop()

    def next_seeded(self) -> tuple[int, Rng]:
        """``seed = self.next64()`` and ``Rng(seed)``'s generator, its first ``SEEDED_READY`` outputs ready."""
        ahead = self._ahead
        seed = ahead.pop() if ahead else self._refill()
        table = self._seeded
        if table is None:
            table = self._seeded = _seeded_table(self._outputs)  # type: ignore[arg-type]
        row = BLOCK - 1 - len(self._ahead)  # the seed's place in the block
        end, *ready = _SEEDED_ROW.unpack_from(table, row * _SEEDED_ROW.size)
        generator = ReadyRng.__new__(ReadyRng)
        generator._ahead, generator._end = ready, end
        return seed, generator
