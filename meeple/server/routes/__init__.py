"""The HTTP and WebSocket routes, one module per area, each an ``APIRouter`` that ``create_app``
includes: ``lobby`` (health, catalog, lobby, message catalogues), ``games`` (create, seats, play,
coaching, replay), ``accounts``, ``ratings`` and ``socket`` (live views). The routes read the request
(``bodies``, ``answers.Lang``, ``sessions``), call the services of ``request.app.state.hub``
(``meeple.server.hub``), and answer; the services' domain errors become HTTP answers in
``answers``."""
