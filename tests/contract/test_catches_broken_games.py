"""The contract tests themselves are tested: each broken variant of the toy must be caught.

Each variant breaks one promise the way a real game could; the matching contract test, run on it,
must fail. (A contract test that cannot fail protects nothing.)
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator

import pytest

from meeple.core import Action, State
from meeple.core import registry

from . import test_chance_choices, test_clone, test_hidden, test_json, test_play, test_reject, test_reveal
from .harness import Config
from .toy import INFO, ToyState


class LeakyObservation(ToyState):
    """Shows everybody's hand: determinize(p) then changes observation(p)."""

    def _observation(self, player):  # noqa: ANN001, ANN202
        return {**super()._observation(player), "all_hands": [list(h) for h in self.hands]}


class ResamplesOwnHand(ToyState):
    """Re-deals the seat's own hand too: its legal actions change under determinize."""

    def _resample_hidden(self, player):  # noqa: ANN001, ANN202
        super()._resample_hidden(None)


class RandomOutsideChance(ToyState):
    """Picks the next start player from the RNG instead of by a chance node."""

    def _pass(self, player):  # noqa: ANN001, ANN202
        super()._pass(player)
        if self.phase == "bid":
            self.start = self.rng.randbelow(self.players)


class ForgetsAField(ToyState):
    """Keeps the points outside FIELDS: clones share them and saves lose them."""

    FIELDS = tuple(f for f in ToyState.FIELDS if f != "points")


class TuplesInState(ToyState):
    """Stores a tuple: to_json is no longer JSON-native."""

    FIELDS = (*ToyState.FIELDS, "values")

    def setup(self):  # noqa: ANN202
        super().setup()
        self.values = (1, 2, 3, 4, 5, 6)


class RejectionChangesState(ToyState):
    """Its why_illegal writes to the log."""

    def why_illegal(self, action, player):  # noqa: ANN001, ANN202
        self.say("someone tried something")
        return super().why_illegal(action, player)


class NeverEnds(ToyState):
    """Plays round after round: the termination bound must stop it."""

    MAX_ACTIONS = 150

    def _pass(self, player):  # noqa: ANN001, ANN202
        self.round = 0
        self.deck.extend(self.discard)
        self.deck.sort()
        self.discard = []
        super()._pass(player)


class DuplicateActions(ToyState):
    """Lists a bid once per copy in hand (two identical actions)."""

    def _bid_actions(self, player):  # noqa: ANN001, ANN202
        return [Action("bid", (v,)) for v in self.hands[player]]


class BadActionText(ToyState):
    """Uses an argument with a space in it, so the text does not parse back."""

    def _act_actions(self, player):  # noqa: ANN001, ANN202
        return [Action(a.name, (*a.args, "x  y")) if a.name == "pass" else a for a in super()._act_actions(player)]

    def _on_action(self, action, player):  # noqa: ANN001, ANN202
        if action.name == "pass":
            action = Action("pass")
        super()._on_action(action, player)


class ForgetsToReveal(ToyState):
    """Turns the bids up without saying so (``reveal()`` does nothing): the last bid looks undoable."""

    def reveal(self):  # noqa: ANN202
        pass


class RevealsEverything(ToyState):
    """Marks every move as revealing: nothing could ever be taken back."""

    def _on_action(self, action, player):  # noqa: ANN001, ANN202
        self.reveal()
        super()._on_action(action, player)

    _on_chance = _on_action


class OffersTheDeck(ToyState):
    """Offers a draw's exact outcomes (the deck's content) at a real table: tells the seat the others' hands."""

    def chance_choices(self, player):  # noqa: ANN001, ANN202
        return State.chance_choices(self, player)


class OffersOnlyItsGuess(ToyState):
    """Offers only the values the seat holds itself: the card really drawn may be missing."""

    def chance_choices(self, player):  # noqa: ANN001, ANN202
        if self.phase == "start" or not self.pending:
            return super().chance_choices(player)
        return [Action("draw", (v,)) for v in sorted(set(self.hands[player]))]


class RefusesAnOfferedEntry(ToyState):
    """Offers every value a seat cannot locate but accepts only the deck's content: a referee's answer
    to an entry would tell it whether the card is in another hand."""

    def _reconcile_chance_entry(self, action):  # noqa: ANN001, ANN202
        return State._reconcile_chance_entry(self, action)


class SecretChanceOwner(ToyState):
    """Names the owner of a draw from the deck's content, which a determinized copy does not keep."""

    def chance_owner(self):  # noqa: ANN202
        return len(set(self.deck)) % self.players if self.pending else None


CASES = [
    (LeakyObservation, test_hidden.test_observation_is_json_and_determinize_keeps_what_the_seat_knows),
    (ResamplesOwnHand, test_hidden.test_observation_is_json_and_determinize_keeps_what_the_seat_knows),
    (RandomOutsideChance, test_play.test_automatic_game_replayed_with_manual_chance_is_the_same_game),
    (ForgetsAField, test_clone.test_playing_on_a_clone_leaves_the_original_unchanged),
    (ForgetsAField, test_json.test_from_json_gives_the_same_state_and_legal_actions),
    (TuplesInState, test_json.test_from_json_gives_the_same_state_and_legal_actions),
    (RejectionChangesState, test_reject.test_wrong_actions_are_rejected_and_change_nothing),
    (NeverEnds, test_play.test_random_game_ends_and_keeps_every_promise_after_every_action),
    (DuplicateActions, test_play.test_random_game_ends_and_keeps_every_promise_after_every_action),
    (BadActionText, test_json.test_every_legal_action_round_trips_through_text_and_json),
    (OffersTheDeck, test_chance_choices.test_chance_choices_cover_the_outcomes_and_tell_nothing_hidden),
    (OffersOnlyItsGuess, test_chance_choices.test_chance_choices_cover_the_outcomes_and_tell_nothing_hidden),
    (SecretChanceOwner, test_chance_choices.test_chance_choices_cover_the_outcomes_and_tell_nothing_hidden),
    (RefusesAnOfferedEntry, test_chance_choices.test_chance_choices_cover_the_outcomes_and_tell_nothing_hidden),
]


REVEAL_CASES = [
    # without the die, no chance outcome follows the last bid: only the reveal mark keeps it from undo
    (ForgetsToReveal, test_reveal.check_undoable_moves, (("die", False),)),
    (ForgetsToReveal, test_reveal.check_revealing_moves_are_marked, ()),
    (RevealsEverything, test_reveal.test_ordinary_moves_stay_undoable, ()),
]


@contextlib.contextmanager
def registered_as(cls: type[ToyState], options: tuple = ()) -> Iterator[Config]:
    game_id = "toy-" + cls.__name__.lower()
    registry._REGISTRY[game_id] = (dataclasses.replace(INFO, id=game_id), cls)
    try:
        yield Config(game_id, 3, options)
    finally:
        registry._REGISTRY.pop(game_id, None)


@pytest.mark.parametrize("broken, contract_test", CASES, ids=[f"{c.__name__}-{t.__name__}" for c, t in CASES])
def test_the_contract_catches_a_broken_game(broken: type[ToyState], contract_test) -> None:  # noqa: ANN001
    with registered_as(broken) as config:
        with pytest.raises(Exception):  # noqa: B017 - any failure of the contract test counts
            for seed in (0, 1, 2):
                contract_test(config, seed)


def test_the_unbroken_toy_passes_the_same_tests() -> None:
    with registered_as(ToyState) as config:
        for _broken, contract_test in CASES:
            contract_test(config, 0)


def _run_reveal_check(check, config: Config, seed: int) -> None:  # noqa: ANN001
    if check is test_reveal.check_undoable_moves:
        check(config, seed, test_reveal.REDEALS)
    else:
        check(config, seed)


@pytest.mark.parametrize("broken, check, options", REVEAL_CASES,
                         ids=[f"{c.__name__}-{t.__name__}" for c, t, _ in REVEAL_CASES])
def test_the_undo_checks_catch_wrong_reveal_marks(broken: type[ToyState], check, options) -> None:  # noqa: ANN001
    with registered_as(broken, options) as config:
        with pytest.raises(AssertionError):
            for seed in (0, 1, 2):
                _run_reveal_check(check, config, seed)


@pytest.mark.parametrize("options", [(), (("die", False),)])
def test_the_unbroken_toy_passes_the_undo_checks(options: tuple) -> None:
    with registered_as(ToyState, options) as config:
        for seed in (0, 1, 2):
            for _broken, check, _options in REVEAL_CASES:
                _run_reveal_check(check, config, seed)
