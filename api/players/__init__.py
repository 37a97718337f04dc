"""A player's own reads (``/api/me/sessions/``, ``/api/me/days/``): the players' pages' data."""
