"""The terminal front end behind the ``meeple`` command: playing, refereeing, replaying, simulating.

Everything here is generic over the registry: a game is drawn by its own ``view.render(state, player)``
and played through the State API, so a newly registered game needs nothing from this package.
"""
