"""``manage.py migrate``, Django's, run as the owner of the tables when one is configured.

With ``DATABASE_OWNER_URL`` set, the ``default`` connection logs in as the
owner for the whole command (``database.roles.connected_as_owner``), so the
migrations, their data steps and every post_migrate handler run as the owner,
whatever connection they use; the last handler grants the service role its
privileges (docs/configuration.md, "Database roles"). ``--database owner``
means the same.
"""

from __future__ import annotations

from typing import Any

from django.core.management.commands import migrate
from django.db import DEFAULT_DB_ALIAS

from database.roles import OWNER, connected_as_owner, owner_configured


class Command(migrate.Command):
    help = (
        f"{migrate.Command.help} With DATABASE_OWNER_URL set it connects as that owner, then"
        " grants the service role (DATABASE_URL's) its privileges."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        if not owner_configured() or options["database"] not in (DEFAULT_DB_ALIAS, OWNER):
            super().handle(*args, **options)
            return
        with connected_as_owner():
            super().handle(*args, **{**options, "database": DEFAULT_DB_ALIAS})
