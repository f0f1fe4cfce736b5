"""Kingsburg's direct observation tensor (``encoding.state_observation_tensor``, what
``state.observation_tensor`` returns) is exactly the encoding of the observation dict
(``encoding.observation_tensor(state.observation(seat))``, the reference): the same float32 values in
the same places, for every seat and the spectator, in random and heuristic games at every player count.
So it shows nothing the observation hides (this year's enemy card to a seat that has not looked).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import numpy as np
import pytest

import meeple
from meeple.agents import choose_action, make_agent
from meeple.core import CHANCE, Rng
from meeple.games.kingsburg import encoding
from meeple.games.kingsburg.content import YEARS
from meeple.games.kingsburg.rules import KingsburgState


def _positions(players: int, seed: int, heuristic_seats: int, chance: str = "auto") -> Iterator[KingsburgState]:
    """Every position of one game: the first ``heuristic_seats`` seats play the heuristic player, the
    others random legal moves (1 in 10 of the heuristic's decisions random too); with ``chance="manual"``
    the dice and cards are drawn as moves too (uniformly), so positions waiting for them come up."""
    state = meeple.load("kingsburg", players=players).new_game(seed=seed, chance=chance)
    rng = Rng(seed * 7 + players)
    bots = [make_agent("heuristic", "kingsburg", seed + p) for p in range(heuristic_seats)]
    yield state
    while not state.is_over():
        movers = state.to_move()
        p = movers[rng.randbelow(len(movers))]
        legal = state.legal_actions(p)
        if p != CHANCE and p < heuristic_seats and rng.randbelow(10):
            action = choose_action(bots[p], state, p)
        else:
            action = legal[rng.randbelow(len(legal))]
        state.apply(action, p)
        yield state


def _mismatch(state: KingsburgState, seat: int | None) -> str | None:
    """Why the direct tensor differs from the reference's for ``seat`` (None when they are the same)."""
    reference = encoding.observation_tensor(state.observation(seat))
    direct = state.observation_tensor(seat)
    if not np.array_equal(encoding.state_observation_tensor(state, seat), direct):
        return f"seat {seat}: observation_tensor is not the direct encoder's"
    if not isinstance(direct, np.ndarray) or direct.dtype != reference.dtype or direct.shape != reference.shape:
        return f"seat {seat}: {type(direct).__name__} {getattr(direct, 'dtype', None)} {getattr(direct, 'shape', None)}"
    if not np.array_equal(direct, reference):
        places = np.flatnonzero(direct != reference)[:8].tolist()
        return f"seat {seat}: at {places} {direct[places].tolist()} != {reference[places].tolist()}"
    return None


def _covered(state: KingsburgState, seen: Counter) -> None:
    """Count the rarer situations the games reach, so the test can tell it met them."""
    y = min(state.year, YEARS) - 1
    if state.enemy_seen_by[y] and not state.enemy_revealed[y]:
        seen["a card one seat has seen, face down to the others"] += 1
    if any(len(entries) > 1 for entries in state.handfuls_on_advisor):
        seen["two handfuls on one advisor (the envoy)"] += 1
    if any(e.count("+2") or "m+1" in e or "m-1" in e for entries in state.handfuls_on_advisor for e in entries):
        seen["a handful with a '+2' token or the Market"] += 1
    if any(max(dice.count(f) for f in dice) > 1 for dice in state.unplaced_dice if dice):
        seen["two unplaced dice of one face"] += 1
    if state.selected_advisor < 0:
        seen["an advisor chosen through the envoy"] += 1
    if state.tasks and state.tasks[0]["kind"] == "take":
        seen["a 'take' task"] += 1
    if state.tasks and state.tasks[0]["kind"] == "roll":
        seen["a 'roll' task"] += 1
    if state.is_over():
        seen["the game over"] += 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_direct_tensor_is_the_observations_encoding_for_every_seat(players: int) -> None:
    seen: Counter = Counter()
    checked = 0
    for seed, heuristic_seats, chance in ((1, 0, "manual"), (2, players, "auto"), (3, 1, "auto")):
        for step, state in enumerate(_positions(players, seed, heuristic_seats, chance)):
            _covered(state, seen)
            for seat in (None, *range(players)):
                problem = _mismatch(state, seat)
                assert problem is None, f"{players} players, game {seed}, position {step}: {problem}"
                checked += 1
    assert checked > 1000
    for situation in ("a card one seat has seen, face down to the others", "a handful with a '+2' token or the Market", "two unplaced dice of one face",
                      "a 'take' task", "a 'roll' task", "the game over"):
        assert seen[situation], f"{players} players: the games never reached {situation}"


def test_direct_tensor_meets_the_envoy_and_a_re_deal() -> None:
    """Positions the games above may miss at some counts: two handfuls on one advisor and an advisor
    chosen through the envoy; and each seat's re-deal of the face-down card (``determinize``)."""
    seen: Counter = Counter()
    for players in (2, 3, 4, 5):
        for seed in range(10, 14):
            for step, state in enumerate(_positions(players, seed, players // 2)):
                _covered(state, seen)
                envoy = state.selected_advisor < 0 or any(len(entries) > 1 for entries in state.handfuls_on_advisor)
                if not (envoy or step % 40 == 0):
                    continue
                for seat in (None, *range(players)):
                    assert _mismatch(state, seat) is None, f"{players} players, game {seed}, position {step}"
                    if seat is not None and step % 40 == 0:
                        copy = state.determinize(seat, step)
                        for other in (None, *range(players)):
                            assert _mismatch(copy, other) is None, f"re-dealt for {seat}: {players}p {seed} {step}"
    assert seen["two handfuls on one advisor (the envoy)"]
    assert seen["an advisor chosen through the envoy"]


def test_the_face_down_card_is_hidden_from_the_seats_that_did_not_look() -> None:
    """The direct tensor's enemy features: a seat that looked sees the card, the others and the
    spectator see "unknown", exactly as in the observation."""
    for seed in range(40):
        for state in _positions(3, seed, 0):
            y = state.year - 1
            if y < YEARS and state.enemy_seen_by[y] and not state.enemy_revealed[y]:
                break
        else:
            continue
        g = encoding.SIZE - (YEARS * 6 + 9)
        looked = state.enemy_seen_by[y]
        for seat in (None, 0, 1, 2):
            tensor = state.observation_tensor(seat)
            unknown = tensor[g + y * 6 + 5] == 1
            assert unknown == (seat not in looked), f"seat {seat}, lookers {looked}"
            assert tensor[g + y * 6: g + y * 6 + 5].sum() == (0 if unknown else 1)
        return
    pytest.fail("no game had a face-down card that one seat had seen")


def test_the_tensor_is_made_without_the_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    """``observation_tensor`` reads the fields: it never builds the observation dict (its cost)."""
    state = next(s for i, s in enumerate(_positions(3, 5, 0)) if i == 120)
    expected = [encoding.observation_tensor(state.observation(seat)) for seat in (None, 0, 1, 2)]

    def no_observation(self: KingsburgState, player: int | None) -> dict:
        raise AssertionError("the observation was built")

    monkeypatch.setattr(KingsburgState, "_observation", no_observation)
    for seat, tensor in zip((None, 0, 1, 2), expected):
        assert np.array_equal(state.observation_tensor(seat), tensor)


@pytest.mark.parametrize("faces", [1, 2, 3, 4, 5])
def test_direct_tensor_adds_dice_of_one_face_as_the_reference_does(faces: int) -> None:
    """Up to five dice of one face (three, the King's aid, the Farms' white die): the reference adds
    1/3 per die into a float32 slot, which is not always the float32 of k/3 (five dice: it is not)."""
    state = next(s for i, s in enumerate(_positions(2, 4, 0)) if i == 30)
    state.unplaced_dice[0] = [6] * faces
    state.dice_rolled[1] = [6] * faces + [1] * (5 - faces)
    for seat in (None, 0, 1):
        assert _mismatch(state, seat) is None
