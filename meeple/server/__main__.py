"""``python -m meeple.server [--host H] [--port P] [--db URL]``: the server without the ``meeple`` command."""

from meeple.server.cli import main

main()
