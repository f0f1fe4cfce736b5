"""The recorded games (``tools/record_games.py``) replay move for move: the same seed and the same moves
give the same positions, logs, observations and saves as when they were recorded.

A change to a game's rules code that is meant to change nothing (renaming, splitting into modules, a
faster engine) must keep this test passing without re-recording.
"""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path

import pytest

import meeple
from meeple.sim.recording import RECORDING_FORMAT, position_digest, record, replay

RECORDED = Path(__file__).resolve().parent.parent / "recorded"


def _load(game_id: str) -> list[dict]:
    return json.loads(gzip.decompress((RECORDED / f"{game_id}.json.gz").read_bytes()))


@pytest.mark.parametrize("game_id", sorted(meeple.games()))
def test_every_recorded_game_replays_identically(game_id: str) -> None:
    games = _load(game_id)
    info = meeple.games()[game_id]
    assert {g["players"] for g in games} == set(range(info.min_players, info.max_players + 1))
    for recording in games:
        assert recording["format"] == RECORDING_FORMAT and recording["game"] == game_id
        problems = replay(recording)
        assert problems == [], f"{game_id} {recording['players']}p seed {recording['seed']} " \
                               f"{recording['options']}: {problems[:3]}"


def test_a_changed_position_is_caught() -> None:
    """The replay notices a single move that leads elsewhere, a refused move, and a save that differs."""
    recording = record("kingsburg", players=2, seed=5, moves=40)
    assert replay(recording) == []
    moved = copy.deepcopy(recording)
    moved["digests"][20] = "0" * 16
    assert replay(moved) and replay(moved)[0].startswith("move 20:")
    refused = copy.deepcopy(recording)
    refused["moves"][10][0] = 1 - refused["moves"][10][0]  # the other seat cannot play it
    assert "refused" in replay(refused)[0] or "elsewhere" in replay(refused)[0]
    other = record("kingsburg", players=2, seed=6, moves=40)
    swapped = dict(recording, save=other["save"])
    assert replay(swapped) == ["the recorded save loads to another position than the replay reaches"]


def test_the_digest_sees_a_hidden_change_and_nothing_else() -> None:
    """A copy digests the same; a card moved between two hidden hands (seen only by their owners) does not."""
    state = meeple.load("citadels", players=4).new_game(seed=3)
    assert position_digest(state.clone(), 0) == position_digest(state, 0)
    changed = state.clone()
    changed.hands[1].append(changed.hands[0].pop())
    assert position_digest(changed, 0) != position_digest(state, 0)
