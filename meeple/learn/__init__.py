"""Learn a game by playing it: a guided first game, written as data (issue 42).

A *scenario* (``meeple/learn/scenarios/<game>.json``) fixes a whole opening: the game, its smallest
player count, which seats are you and which are bots, every random outcome (the game is played with
``chance="manual"``), the move you are expected to make at each of your steps and the message ids of the
sentences that explain them, in every language's catalogue. Nothing here knows a game's rules: the
engine judges every move, so a scenario that no longer matches the rules fails ``problems`` (and the
tests), and a step is fixed by editing the JSON and the catalogues, never the board code.

>>> lesson = scenario("cube-europe")
>>> [str(a) for a in position(lesson, 3).legal_actions(0)]   # the scenario replayed to step 3
['start A3', 'start D3', 'start E1']

A session is stateless: the step index is all a player's progress (the browser keeps it in its
localStorage, the terminal in a small file), so leaving and coming back is replaying to that index.
docs/learn.md says how to write a scenario.
"""

from meeple.learn.check import problems
from meeple.learn.scenario import Scenario, Step, available, scenario
from meeple.learn.session import Touch, position, shown_from, touch

__all__ = ["Scenario", "Step", "Touch", "available", "position", "problems", "scenario", "shown_from", "touch"]
