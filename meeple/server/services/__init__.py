"""The server's services, each a small module behind the routes (``meeple.server.routes``), composed by
``meeple.server.hub.Hub``:

- ``live_cache``: the games held in memory, loaded on demand and evicted when idle or short of memory;
- ``games``: creating, joining, seats (tokens, away, leave), cancelling;
- ``play``: moves and undo under each game's lock, written before they are acknowledged;
- ``watchers``: what each viewer sees, pushed after every change;
- ``bots``: the bot levels, and the bots' moves (claimed per game when processes share PostgreSQL);
- ``coaching``: hints and reviews, searched in the coach's pool;
- ``chat``: the table chat's lines, stored, pushed to the watchers and shown in the replay (never a move);
- ``invites``: invites by name (a seat reserved for an account) and each account's "Waiting for you";
- ``sweeper``: turn timeouts, eviction and abandoned games, on timers;
- ``sync``: other server processes' writes, heard over the bus and caught up;
- ``replay``: a game rebuilt from its seed and events, and a finished game's replay.

They raise the domain errors of ``meeple.server.errors``; the routes answer them over HTTP.
"""
