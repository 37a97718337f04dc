"""The ``owner`` database alias read from ``DATABASE_OWNER_URL`` (docs/configuration.md).

The owner is the role that owns the tables and runs the migrations; the
service (``DATABASE_URL``, the ``default`` alias) connects as a role that owns
nothing. Both name the same PostgreSQL database; the owner's host and port
may differ (the service may go through a pooler, the migrations straight).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import dj_database_url
from dj_database_url import DBConfig
from django.core.exceptions import ImproperlyConfigured

# What the owner's URL gives the alias; the rest (engine, options, name) is the service's.
CREDENTIALS = ("USER", "PASSWORD", "HOST", "PORT")


def database_owner(service: Mapping[str, Any], owner_url: str) -> DBConfig:
    """The ``owner`` alias: ``service``'s database, logged in with the owner's credentials."""
    owner: dict[str, Any] = dict(dj_database_url.parse(owner_url))
    if not service["ENGINE"].endswith("postgresql") or not owner["ENGINE"].endswith(
        "postgresql"
    ):
        raise ImproperlyConfigured(
            "DATABASE_OWNER_URL is set but DATABASE_URL and DATABASE_OWNER_URL are not both"
            " postgres:// URLs: the owner and service roles are PostgreSQL's."
        )
    if owner["NAME"] != service["NAME"]:
        raise ImproperlyConfigured(
            f"DATABASE_OWNER_URL names the database {owner['NAME']!r} but DATABASE_URL names"
            f" {service['NAME']!r}: both must name the same database."
        )
    if owner["USER"] == service["USER"]:
        raise ImproperlyConfigured(
            f"DATABASE_OWNER_URL and DATABASE_URL both log in as {owner['USER']!r}: the"
            " service must connect as a role of its own that owns nothing (e.g. ledger_service)."
        )
    alias = {
        **service,
        **{key: owner[key] for key in CREDENTIALS},
        "OPTIONS": dict(service.get("OPTIONS", {})),
        # Used only by migrate and database_roles, which run once and exit.
        "CONN_MAX_AGE": 0,
        "CONN_HEALTH_CHECKS": False,
        # Tests: the same test database as the service's, created once (by the owner).
        "TEST": {"MIRROR": "default"},
    }
    return cast(DBConfig, alias)
