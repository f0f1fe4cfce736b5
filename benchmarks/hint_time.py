"""The coach's hint: CPU seconds of one hint, and whether re-dealing what the seat cannot know changes it.

One position per game (after 25 seeded random moves), the seat to move; prints the time and "True" when the
hint on two re-deals (``determinize``) equals the hint on the true state.

    python benchmarks/hint_time.py

A benchmark, not a test: the figures depend on the machine."""

import random
import time

import meeple
from meeple.core import CHANCE
from meeple.agents.coach import hint
for gid, n in [("citadels", 4), ("kingsburg", 3), ("versailles", 3), ("cube-europe", 2), ("gods-playground", 3), ("cube-europe", 1)]:
    st = meeple.load(gid, players=n).new_game(seed=5)
    r = random.Random(1)
    for _ in range(25):
        p = st.to_move()[0]
        st.apply(r.choice(st.legal_actions(p)), p)
    p = st.to_move()[0]
    t = time.process_time()
    a = [ (s.text, s.visits, round(s.value, 4)) for s in hint(st, p, seed=3)]
    dt = time.process_time() - t
    same = all([(s.text, s.visits, round(s.value, 4)) for s in hint(st.determinize(p, k), p, seed=3)] == a for k in (11, 12))
    print(gid, n, f"{dt:.2f}s", same, a[:2])
