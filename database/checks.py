"""``manage.py check --deploy --database default``: the service must not log in as an owner.

Run in the web's (or a worker's) environment, where ``DATABASE_URL`` is the
service's login and ``DATABASE_OWNER_URL`` is not set: the check asks
PostgreSQL whether that login owns the ledger's tables or may pass every
guard (a superuser), and warns if so (docs/configuration.md, "Database roles").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.checks import CheckMessage, Tags, Warning, register
from django.db import DEFAULT_DB_ALIAS, connections

from database.roles import login_too_strong


@register(Tags.database, deploy=True)
def service_role_check(
    app_configs: Any, databases: Sequence[str] | None = None, **kwargs: Any
) -> list[CheckMessage]:
    if not databases or DEFAULT_DB_ALIAS not in databases:
        return []
    connection = connections[DEFAULT_DB_ALIAS]
    if connection.vendor != "postgresql":
        return []
    why = login_too_strong(connection)
    if why is None:
        return []
    return [
        Warning(
            f"The service logs in to PostgreSQL as {why}: anything that gets its connection"
            " may switch the books' guards off or empty them.",
            hint="Set DATABASE_URL to a role that owns nothing and run `manage.py migrate`"
            " with DATABASE_OWNER_URL, the owner's URL (docs/configuration.md, 'Database roles').",
            id="database.W001",
        )
    ]
