"""ISMCTS: it plays legal moves, is deterministic for its seed, and cannot see more than its seat."""

from __future__ import annotations

import pytest

import meeple
from meeple.agents import choose_action, make_agent
from meeple.agents.ismcts import ISMCTSAgent
from meeple.core import CHANCE, Action, State

from .doubles import peek_game, toy_game


def dealt_peek(card: str) -> State:
    state = peek_game().new_game(seed=0, chance="manual")
    state.apply(Action("deal", (card,)), CHANCE)
    return state


def advance(state: State, steps: int, seed: int = 0) -> State:
    """Play ``steps`` random decisions (resolving manual chance at random too)."""
    rng = meeple.core.Rng(seed)
    for _ in range(steps):
        movers = state.to_move()
        if not movers:
            break
        p = movers[rng.randbelow(len(movers))]
        legal = state.legal_actions(p)
        state.apply(legal[rng.randbelow(len(legal))], p)
    return state


# ------------------------------------------------------------------ hidden information
@pytest.mark.parametrize("card", ["low", "high"])
def test_guesser_plays_the_odds_not_the_real_card(card: str) -> None:
    """The real card makes a difference to the best move; an honest agent guesses 'low' either way."""
    state = dealt_peek(card)
    agent = ISMCTSAgent(seed=3, iterations=200)
    assert choose_action(agent, state, 1) == Action("low")
    assert agent.act_on_state(state, 1) == Action("low")  # even handed the real state itself


def test_the_peek_test_has_teeth(monkeypatch: pytest.MonkeyPatch) -> None:
    """An agent searching the real state (no re-dealing) would guess the real card: the test above can fail."""
    monkeypatch.setattr(State, "determinize", lambda self, player, seed, quiet=False, rng=None: self.clone())
    state = dealt_peek("high")
    assert ISMCTSAgent(seed=3, iterations=200).act_on_state(state, 1) == Action("high")


def _same_choice_on_redeal(state: State, player: int, iterations: int = 60, **settings: object) -> None:
    other = state.determinize(player, 987654321)
    assert other.observation(player) == state.observation(player)
    for agent_seed in (1, 2):
        a = ISMCTSAgent(seed=agent_seed, iterations=iterations, **settings).act_on_state(state, player)  # type: ignore[arg-type]
        b = ISMCTSAgent(seed=agent_seed, iterations=iterations, **settings).act_on_state(other, player)  # type: ignore[arg-type]
        assert a == b


@pytest.mark.parametrize("steps", [0, 3, 5, 8, 11])
def test_toy_choice_does_not_depend_on_what_is_hidden(steps: int) -> None:
    """Same agent seed, same iterations, the real state or a re-dealt copy: the same action."""
    state = advance(toy_game(players=3).new_game(seed=11), steps, seed=steps)
    movers = [p for p in state.to_move() if p != CHANCE]
    # the toy's 3 rounds at 3 seats take more than 11 decisions, and chance is dealt at once: a seat moves
    assert movers and not state.is_over()
    for p in movers:
        _same_choice_on_redeal(state, p)


def test_simultaneous_bid_ignores_bids_already_made() -> None:
    """In the toy's secret bids, a seat that bids last decides the same whatever the others bid."""
    state = toy_game(players=3, die=False).new_game(seed=5)
    assert len(state.to_move()) == 3
    state.apply(state.legal_actions(0)[-1], 0)
    state.apply(state.legal_actions(1)[0], 1)
    assert state.to_move() == [2]
    _same_choice_on_redeal(state, 2, iterations=100)


@pytest.mark.parametrize("opponents", ["search", "heuristic"])
def test_choice_does_not_depend_on_hidden_state_in_real_games(opponents: str) -> None:
    """Where a registered game's determinize is canonical (depends only on what the seat knows), the
    agent's choice on the real state and on a re-dealt copy must be identical."""
    checked = 0
    for gid, info in meeple.games().items():
        n = max(info.min_players, 2) if info.max_players >= 2 else info.min_players
        state = advance(meeple.load(gid, players=n).new_game(seed=4), 25, seed=4)
        movers = [p for p in state.to_move() if p != CHANCE]
        if not movers:
            continue
        p = movers[0]
        other = state.determinize(p, 555)
        if any(state.determinize(p, s).to_json()["state"] != other.determinize(p, s).to_json()["state"]
               for s in range(40)):
            continue  # this game's re-deal depends on where the hidden cards were: not comparable
        _same_choice_on_redeal(state, p, iterations=20, opponents=opponents, rollout="heuristic",
                               rollout_depth=6, game_id=gid)
        checked += 1
    assert checked, "every registered game's re-deal depended on where the hidden cards were"


# ------------------------------------------------------------------ budgets, determinism, chance
def test_same_seed_same_choices() -> None:
    state = advance(toy_game(players=2).new_game(seed=3), 3)
    p = [q for q in state.to_move() if q != CHANCE][0]
    picks = [ISMCTSAgent(seed=9, iterations=80).act_on_state(state, p) for _ in range(2)]
    assert picks[0] == picks[1]
    assert picks[0] in state.legal_actions(p)


def test_search_does_not_touch_the_state_it_is_given() -> None:
    state = advance(toy_game(players=3).new_game(seed=8), 6)
    before = state.to_json()
    p = [q for q in state.to_move() if q != CHANCE][0]
    ISMCTSAgent(seed=1, iterations=50).act_on_state(state, p)
    assert state.to_json() == before


def test_manual_chance_copies_are_sampled() -> None:
    """With chance='manual' the search resolves the chance seat itself (toy: draws and the die)."""
    state = toy_game(players=2).new_game(seed=2, chance="manual")
    while state.to_move() == [CHANCE]:
        state.apply(state.legal_actions(CHANCE)[0], CHANCE)
    p = state.to_move()[0]
    agent = ISMCTSAgent(seed=1, iterations=60)
    assert agent.act_on_state(state, p) in state.legal_actions(p)
    root = agent.search(state, p)
    assert agent.last_iterations == 60
    assert sum(e[0] for e in root.edges[p].values()) == 60


def test_seconds_budget() -> None:
    state = toy_game(players=2).new_game(seed=2)
    p = state.to_move()[0]
    agent = ISMCTSAgent(seed=1, seconds=0.05)
    assert agent.act_on_state(state, p) in state.legal_actions(p)
    assert agent.last_iterations >= 1 and agent.last_seconds < 1.0


def test_cpu_clock_budget_counts_this_process_cpu_time(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    monkeypatch.setattr(ISMCTSAgent, "_decided", lambda *args: False)  # spend the whole budget
    state = toy_game(players=2).new_game(seed=2)
    p = state.to_move()[0]
    agent = ISMCTSAgent(seed=1, seconds=0.05, clock="cpu")
    wall, cpu = time.perf_counter(), time.process_time()
    agent.act_on_state(state, p)
    cpu_used = time.process_time() - cpu
    assert agent.last_seconds >= 0.05 and cpu_used >= 0.05  # it searched until the CPU budget was spent
    assert time.perf_counter() - wall >= cpu_used * 0.5
    with pytest.raises(ValueError, match="clock"):
        ISMCTSAgent(seed=1, seconds=1, clock="sundial")


def test_stopping_early_never_changes_the_move(monkeypatch: pytest.MonkeyPatch) -> None:
    # With an iteration budget the search stops once the leading move cannot be overtaken: the move is
    # the one the full budget would choose, found with fewer iterations.
    states = []
    for game_id in ("cube-europe", "kingsburg", "versailles"):
        for seed in range(5):
            state = advance(meeple.load(game_id, players=2).new_game(seed=seed), 4 + 7 * seed, seed)
            movers = state.to_move()
            if movers and movers[0] != CHANCE and len(state.legal_actions(movers[0])) > 1:
                states.append((state, movers[0]))
    assert len(states) >= 8
    early = []
    for state, p in states:
        agent = ISMCTSAgent(seed=3, iterations=600, rollout_depth=4)
        early.append((agent.act_on_state(state.clone(), p), agent.last_iterations))
    monkeypatch.setattr(ISMCTSAgent, "_decided", lambda *args: False)
    stopped_early = 0
    for (state, p), (move, used) in zip(states, early):
        agent = ISMCTSAgent(seed=3, iterations=600, rollout_depth=4)
        assert agent.act_on_state(state.clone(), p) == move
        assert agent.last_iterations == 600 and used <= 600
        stopped_early += used < 600
    assert stopped_early >= 2


@pytest.mark.parametrize("declared", [True, False])
def test_heuristic_rollout_players_see_only_their_own_sample(monkeypatch: pytest.MonkeyPatch, declared: bool) -> None:
    # In Citadels a rollout player that reads hidden facts must get its own determinization (a copy made
    # for that seat), never the searcher's world, where the hidden cards are all laid out. bots.GUESSES
    # names those choices; the others are made on the world. Without GUESSES, every rollout choice gets
    # its own determinization. (The search's copies are quiet, so their histories cannot tell them apart:
    # the world each rollout choice is made in is recorded instead.)
    import meeple.games.citadels.bots as bots

    guesses = bots.GUESSES
    seen: list[tuple[bool, bool]] = []  # another seat's choice: (a guess among its choices, on a sample of its own)
    real = bots.HeuristicBot.act_on_state
    real_pick = ISMCTSAgent._heuristic_action
    worlds: list[State] = []  # the rollout world of each heuristic choice

    def picking(self: ISMCTSAgent, state: State, seat: int, legal: list[Action]) -> Action:
        worlds.append(state)
        return real_pick(self, state, seat, legal)

    def recording(self: object, state: State, seat: int) -> Action:
        if seat != searcher:
            guess = any(a.name in guesses for a in state.legal_actions(seat))
            seen.append((guess, state is not worlds[-1] and state.determinized))
        return real(self, state, seat)

    monkeypatch.setattr(ISMCTSAgent, "_heuristic_action", picking)
    monkeypatch.setattr(bots.HeuristicBot, "act_on_state", recording)
    if not declared:
        monkeypatch.delattr(bots, "GUESSES")
    state = advance(meeple.load("citadels", players=4).new_game(seed=2), 12, 2)
    searcher = state.to_move()[0]
    agent = ISMCTSAgent(seed=5, iterations=60, rollout="heuristic", rollout_depth=12, game_id="citadels")
    assert agent.act_on_state(state.determinize(searcher, 1), searcher) in state.legal_actions(searcher)
    assert any(guess for guess, _ in seen) and not all(guess for guess, _ in seen)
    assert all(own for guess, own in seen if guess)
    if declared:
        assert not any(own for guess, own in seen if not guess)
    else:
        assert all(own for _, own in seen)


def test_heuristic_leaf_scores_cut_off_positions_with_the_games_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    import meeple.games.cube_europe.bots as bots

    calls: list[int] = []
    real = bots.evaluate

    def counting(state: State, seat: int) -> float:
        calls.append(seat)
        return real(state, seat)

    monkeypatch.setattr(bots, "evaluate", counting)
    state = advance(meeple.load("cube-europe", players=2).new_game(seed=4), 6)
    p = state.to_move()[0]
    agent = ISMCTSAgent(seed=2, iterations=40, rollout_depth=2, leaf="heuristic", game_id="cube-europe")
    assert agent.act_on_state(state, p) in state.legal_actions(p)
    assert calls and set(calls) == {0, 1}  # every seat's value at each cut-off
    calls.clear()
    ISMCTSAgent(seed=2, iterations=40, rollout_depth=2).act_on_state(state, p)
    assert not calls  # the default leaf is the score
    with pytest.raises(ValueError, match="leaf"):
        ISMCTSAgent(seed=1, leaf="oracle")


def test_a_blended_cut_off_keeps_the_trailing_seats_apart() -> None:
    """``cutoff="blend"``: three quarters of the squashed lead and a quarter of the score position, as the
    end is valued; with the lead alone every seat far behind the leader reads about 0."""
    from meeple.agents.ismcts_rewards import WIN_WEIGHT, _cutoff_rewards, blended_cutoff_rewards

    scores = [40.0, 12.0, 8.0, 0.0]
    lead, blended = _cutoff_rewards(scores), blended_cutoff_rewards(scores)
    assert lead[1] - lead[3] < 1e-4  # the lead alone: the second and the last seat look alike
    for seat, score in enumerate(scores):
        assert blended[seat] == pytest.approx(WIN_WEIGHT * lead[seat] + (1 - WIN_WEIGHT) * score / 40.0)
    assert blended[1] > blended[2] > blended[3] and blended[1] - blended[3] > 0.07
    assert blended_cutoff_rewards([12.0, 5.0]) == _cutoff_rewards([12.0, 5.0])  # two seats: the lead alone
    assert blended_cutoff_rewards([3.0, 3.0, 3.0]) == pytest.approx([WIN_WEIGHT * 0.5 + (1 - WIN_WEIGHT) * 0.5] * 3)


def test_the_agent_values_its_cut_offs_as_its_cutoff_setting_says() -> None:
    state = advance(toy_game(players=3).new_game(seed=6), 3)
    scores = [float(s) for s in state.scores()]
    from meeple.agents.ismcts_rewards import _cutoff_rewards, blended_cutoff_rewards

    assert _cutoff_rewards(scores) != blended_cutoff_rewards(scores)  # the two tell apart here
    assert ISMCTSAgent(seed=1)._rewards(state, final=False) == _cutoff_rewards(scores)
    blending = ISMCTSAgent(seed=1, cutoff="blend")
    assert blending._rewards(state, final=False) == blended_cutoff_rewards(scores)
    assert blending._outcome == _cutoff_rewards(scores)  # the coach's win estimate stays the squashed lead
    assert make_agent("normal:cutoff=blend", "citadels").cutoff == "blend"
    with pytest.raises(ValueError, match="cutoff"):
        ISMCTSAgent(seed=1, cutoff="median")


@pytest.mark.parametrize("depth", [0, 3, None])
def test_rollout_depth_and_rewards_in_range(depth: int | None) -> None:
    state = toy_game(players=3).new_game(seed=6)
    agent = ISMCTSAgent(seed=1, iterations=40, rollout_depth=depth)
    p = state.to_move()[0]
    root = agent.search(state, p)
    for table in root.edges.values():
        for visits, total, avail, _, wins, wins_squared in table.values():
            assert 0 <= total <= visits <= avail
            assert 0 <= wins_squared <= wins <= visits  # win shares, 0-1 each (kept at the root only)
    rewards = agent._rewards(advance(state.clone(), 1000), final=True)
    assert all(0.0 <= r <= 1.0 for r in rewards)


def test_wins_the_toy_against_random_more_often_than_not() -> None:
    from meeple.sim import play_game

    wins = 0
    for seed in range(12):
        agents = [ISMCTSAgent(seed=seed, iterations=60), make_agent("random", "toy", seed)]
        if seed % 2:
            agents.reverse()
        rec = play_game(toy_game(players=2), seed, agents)
        me = "ISMCTSAgent"
        wins += any(rec["agents"][w] == me for w in rec["winners"])
    assert wins >= 7


def test_real_games_whole_game_with_small_budget() -> None:
    """Every registered game: one ISMCTS seat plays a whole game to the end."""
    from meeple.sim import play_game

    for gid, info in meeple.games().items():
        n = info.min_players
        agents = ["ismcts:iterations=2:rollout_depth=2"] + ["random"] * (n - 1)
        rec = play_game(meeple.load(gid, players=n), 1, agents)
        assert rec["length"] > 0


def test_real_games_heuristic_rollouts() -> None:
    """Heuristic rollouts run the game's own bot inside the search (random where a game has none)."""
    for gid, info in meeple.games().items():
        state = advance(meeple.load(gid, players=info.min_players).new_game(seed=2), 10, seed=2)
        movers = [p for p in state.to_move() if p != CHANCE]
        if not movers:
            continue
        agent = make_agent("ismcts:iterations=3:rollout=heuristic:rollout_depth=4", gid, 1)
        assert agent.act_on_state(state.determinize(movers[0], 1), movers[0]) in state.legal_actions(movers[0])


def _searched_seats(node: object, seen: set[int] | None = None) -> set[int]:
    seen = set() if seen is None else seen
    for seat, table in node.edges.items():  # type: ignore[attr-defined]
        if table:
            seen.add(seat)
        for edge in table.values():
            if edge[3] is not None:
                _searched_seats(edge[3], seen)
    for child in node.joint.values():  # type: ignore[attr-defined]
        _searched_seats(child, seen)
    return seen


@pytest.mark.parametrize("gid, players", [("citadels", 4), ("gods-playground", 3), ("kingsburg", 3)])
def test_heuristic_opponents_leave_only_the_searchers_choices_in_the_tree(gid: str, players: int) -> None:
    """opponents=heuristic: the other seats move by the game's heuristic player inside the tree too, so
    the tree branches on the searching seat's choices only; with opponents=search it branches on theirs."""
    state = advance(meeple.load(gid, players=players).new_game(seed=3), 30, seed=3)
    me = next(p for p in state.to_move() if p != CHANCE)
    world = state.determinize(me, 9)
    agent = ISMCTSAgent(seed=1, iterations=150, rollout="heuristic", rollout_depth=10, opponents="heuristic",
                        game_id=gid)
    modelled = agent.search(world.clone(), me)
    assert _searched_seats(modelled) == {me}
    assert sum(e[0] for e in modelled.edges[me].values()) == agent.last_iterations > 0
    searched = ISMCTSAgent(seed=1, iterations=150, rollout="heuristic", rollout_depth=10,
                           game_id=gid).search(world.clone(), me)
    assert _searched_seats(searched) - {me}


def test_whole_games_with_heuristic_opponents() -> None:
    """Every registered game: an ISMCTS seat that models the others by their heuristic plays to the end."""
    from meeple.sim import play_game

    for gid, info in meeple.games().items():
        n = max(info.min_players, 2)
        agents = ["ismcts:iterations=3:rollout_depth=3:opponents=heuristic"] + ["random"] * (n - 1)
        assert play_game(meeple.load(gid, players=n), 2, agents)["length"] > 0


@pytest.mark.parametrize("gid, players", [("citadels", 4), ("cube-europe", 2)])
def test_a_search_in_slices_finds_the_move_found_at_once(gid: str, players: int) -> None:
    """The server runs searches 50 ms at a time; with an iteration budget that changes nothing."""
    state = advance(meeple.load(gid, players=players).new_game(seed=3), 6, seed=3)
    p = state.to_move()[0]
    whole = ISMCTSAgent(seed=9, iterations=150, game_id=gid)
    expected = whole.act_on_state(state.clone(), p)
    sliced = ISMCTSAgent(seed=9, iterations=150, game_id=gid)
    thinking = sliced.begin(state.clone(), p)
    slices = 1
    while not thinking.advance(0.0005):  # tiny slices: at least one iteration each
        slices += 1
    assert thinking.best() == expected and sliced.last_iterations == whole.last_iterations
    assert slices > 1


def test_time_limit_ends_an_iteration_budget() -> None:
    state = meeple.load("citadels", players=4).new_game(seed=1)
    p = state.to_move()[0]
    agent = ISMCTSAgent(seed=1, iterations=10_000_000, time_limit=0.05, game_id="citadels")
    agent.act_on_state(state, p)
    assert 0 < agent.last_iterations < 10_000_000 and agent.last_seconds < 1.0
