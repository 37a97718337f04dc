"""Django's PostgreSQL backend, with the connection health check of ``CONN_HEALTH_CHECKS``
skipped on a connection that ran a statement within the last
``DATABASE_HEALTH_CHECK_AFTER_IDLE`` seconds (config/settings.py).

With health checks on, Django sends ``SELECT 1`` before the first statement of every
request, a round trip the query counts never see: about a tenth of a busy API's server
CPU (docs/performance.md). A connection that was just used is almost surely alive; one
that went quiet (a staff member back after a pause, a database restarted in the night)
is still checked, and a dead one replaced before the request uses it. Connection pools
do the same (HikariCP's alive-bypass window). The risk taken: the database going away
less than that many seconds after a statement; the request that finds it gone fails,
and Django drops the connection when the request ends, as it does without checks.
"""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.db.backends.postgresql import base


class DatabaseWrapper(base.DatabaseWrapper):
    health_check_done: bool  # Django's: set by each request's check, cleared after it
    # When this connection last ran a statement (time.monotonic); never, at first.
    statement_at = float("-inf")

    def create_cursor(self, name: Any = None) -> Any:
        self.statement_at = time.monotonic()
        return super().create_cursor(name)

    def close_if_health_check_failed(self) -> None:
        idle = time.monotonic() - self.statement_at
        if not self.health_check_done and idle < settings.DATABASE_HEALTH_CHECK_AFTER_IDLE:
            self.health_check_done = True  # used a moment ago: no SELECT 1
        super().close_if_health_check_failed()
