"""``manage.py database_roles``: the service role, created if missing, and its grants.

Run as the owner (``DATABASE_OWNER_URL``). ``migrate`` does the same after
every run; this command is for a role made or changed by hand, and
``--check`` says whether the database holds what ``database.privileges``
gives (exit status 1 otherwise), e.g. in a deploy's health checks.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections

from database.roles import (
    OWNER,
    RoleError,
    owner_configured,
    service_login,
    service_role_ensure,
    service_role_problems,
)


class Command(BaseCommand):
    help = (
        "Create the service role (DATABASE_URL's user) if missing and grant it SELECT and"
        " INSERT, and only the UPDATE and DELETE the service needs (database/privileges.py),"
        " connected as the owner (DATABASE_OWNER_URL). --check only compares."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--check",
            action="store_true",
            help="Change nothing; list where the grants differ and exit 1 if they do.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if not owner_configured():
            raise CommandError(
                "DATABASE_OWNER_URL is unset: set it to the URL of the role that owns the"
                " tables (and DATABASE_URL to the service's own role) to use database_roles"
            )
        connection = connections[OWNER]
        if options["check"]:
            problems = service_role_problems(connection)
            for problem in problems:
                self.stdout.write(problem)
            if problems:
                raise CommandError(f"{len(problems)} difference(s) from the policy")
            self.stdout.write(f"service role {service_login()[0]!r}: as the policy gives.")
            return
        try:
            granted = service_role_ensure(connection)
        except RoleError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(granted.summary())
