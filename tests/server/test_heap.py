"""The server's garbage-collector policy (meeple.server.heap): young passes whose survivors are frozen,
cyclic garbage still collected, a full pass when resident memory has grown. Run in a child process, so
the test process's own collector is left alone."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from meeple.server.heap import YoungPasses


CHILD = textwrap.dedent('''
    import gc, time
    from meeple.server.heap import YoungPasses

    class Node:
        def __init__(self):
            self.other = None

    policy = YoungPasses(threshold=500, check_every=0.0, floor_mb=0.0)
    policy.install()
    frozen_at_start = gc.get_freeze_count()
    keep = [[i] for i in range(20_000)]          # survivors: frozen after the passes they survive
    assert policy.passes > 0, "no young pass ran"
    assert gc.get_freeze_count() >= frozen_at_start + 15_000
    assert gc.get_count()[0] < 2_000              # what the next pass will scan stays small

    found = []
    def count(phase, info):
        if phase == "stop":
            found.append(info["collected"])
    gc.callbacks.insert(0, count)
    for _ in range(2_000):                        # cyclic garbage made between passes is still collected
        a, b = Node(), Node()
        a.other, b.other = b, a
        del a, b
    junk = [[i] for i in range(5_000)]            # more allocations: more passes
    del junk
    assert sum(found) >= 3_000, sum(found)

    before = policy.full_passes
    policy.base_mb = 1.0                          # as if memory had grown a lot since the last full pass
    deadline = time.monotonic() + 10
    while policy.full_passes == before and time.monotonic() < deadline:
        _ = [[i] for i in range(2_000)]           # allocations: a young pass, which checks memory
        time.sleep(0.01)
    assert policy.full_passes > before
    assert policy.base_mb > 1.0                   # measured again after the full pass
    policy.uninstall()
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == (700, 10, 10)
    print("ok")
''')


def test_young_passes_in_a_child_process() -> None:
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == "ok"


def test_a_full_pass_is_due_only_when_memory_has_grown_enough() -> None:
    policy = YoungPasses(grow=2.0, floor_mb=256.0)
    policy.base_mb = 100.0
    assert not policy.full_pass_due(300.0)        # doubled, but by less than 256 MB
    assert policy.full_pass_due(400.0)
    policy.base_mb = 1000.0
    assert not policy.full_pass_due(1900.0) and policy.full_pass_due(2100.0)
    assert not policy.full_pass_due(None)         # no /proc: never
