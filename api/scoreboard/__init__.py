"""The scoreboard's JSON (``/api/scoreboard/{token}/``), which the screen polls."""
