"""``python -m meeple.server [--host H] [--port P] [--db URL]``: the server without the ``meeple`` command."""

from meeple.server.cli import main

if __name__ == "__main__":  # guarded: bot worker processes (spawn) import this module again
    main()
