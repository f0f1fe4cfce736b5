"""Simulation on Ray: the same games, seeds and seats as the local backend, spread over a cluster.

``address=None`` starts a local Ray with ``jobs`` CPUs; ``address="host:port"`` (or ``"auto"``)
joins a running cluster. Each game is one Ray task running :func:`meeple.sim.playout.play_game`,
so a record depends only on its seed and line-up, never on the backend.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from meeple.core import Game


class RayUnavailable(RuntimeError):
    """Ray is not installed, or the cluster at the given address does not answer."""


def iter_simulate_ray(
    game: Game,
    work: Sequence[tuple[int, int, list[str]]],
    *,
    jobs: int,
    address: str | None,
    max_actions: int,
    progress: Callable[[dict[str, Any]], None] | None = None,
    connect_timeout: float = 30.0,
) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield ``(index, record)`` for every ``(index, seed, lineup)`` in ``work`` as Ray finishes them."""
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - ray is in the [ray] and [dev] extras
        raise RayUnavailable("Ray is not installed: pip install -e '.[ray]'") from exc
    from meeple.sim.playout import play_game

    started_here = not ray.is_initialized()
    if started_here:
        os.environ.setdefault("RAY_DEDUP_LOGS", "0")
        # A busy machine can take longer than Ray's default 60 s to bring a local node up.
        os.environ.setdefault("RAY_raylet_start_wait_time_s", "300")
        try:
            if address:
                _check_reachable(address, connect_timeout)
                ray.init(address=address, log_to_driver=False, configure_logging=False)
            else:
                ray.init(num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False,
                         configure_logging=False, ignore_reinit_error=True)
        except RayUnavailable:
            raise
        except Exception as exc:  # noqa: BLE001 - Ray raises many kinds; all mean "no cluster"
            where = f"at {address}" if address else "locally"
            raise RayUnavailable(f"could not start or join Ray {where}: {exc}") from None

    @ray.remote
    def _one(index: int, seed: int, lineup: list[str]) -> tuple[int, dict[str, Any]]:
        return index, play_game(game, seed, lineup, max_actions=max_actions)

    try:
        pending = [_one.remote(i, seed, lineup) for i, seed, lineup in work]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            index, record = ray.get(done[0])
            if progress:
                progress(record)
            yield index, record
    finally:
        if started_here:
            ray.shutdown()


def _check_reachable(address: str, timeout: float) -> None:
    """Fail fast, with a clear message, when nothing listens at ``host:port``."""
    if address == "auto" or address.startswith("ray://"):
        return
    import socket

    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise RayUnavailable(f"a Ray address is host:port (or 'auto'), not {address!r}")
    try:
        with socket.create_connection((host, int(port)), timeout=min(timeout, 5.0)):
            pass
    except OSError as exc:
        raise RayUnavailable(f"no Ray cluster answers at {address}: {exc.strerror or exc}") from None
