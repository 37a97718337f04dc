"""System checks: the Django this package was verified on, and what it assumes of it.

The bypasses read Django internals (a compiler's ``klass_info``, the populators of
``select_related``, how a field prepares a value to save, the prefetch cache).
``tests/orm_bypass`` holds each to Django's own results on the Django installed; these checks run at
every start (``manage.py check``, ``migrate``, ``runserver``) and refuse:

- ``orm_bypass.E001``: a Django release the tests have not been run on;
- ``orm_bypass.E002``: an internal a bypass reads that is not there any more;
- ``orm_bypass.E003``: rows given to a relation that its ``all()`` does not serve
  (``related_loaded``: Django's prefetch cache moved).
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any

import django
from django.apps import AppConfig, apps
from django.core import checks
from django.db.models import Field
from django.db.models.query import RelatedPopulator, get_related_populators
from django.db.models.sql.compiler import SQLCompiler

from orm_bypass.related import related_loaded

# The Django releases (major, minor) that tests/orm_bypass passed on. Add one only after
# running them on it.
VERIFIED_DJANGO = {(5, 2)}

# What the bypasses call of Django's own: (owner, attribute, the bypass).
_CALLED = [
    (SQLCompiler, "get_converters", "prepared"),
    (SQLCompiler, "has_composite_fields", "prepared"),
    (RelatedPopulator, "populate", "prepared"),
    (Field, "pre_save", "inserts"),
    (Field, "get_db_prep_save", "inserts"),
    (Field, "db_returning", "inserts"),
]
# The attributes they read, and the Django function that sets them.
_SET_BY = [
    (SQLCompiler.setup_query, ("select", "klass_info", "annotation_col_map", "col_count"),
     "prepared"),
]  # fmt: skip


@checks.register(checks.Tags.compatibility)
def django_verified(
    app_configs: Sequence[AppConfig] | None = None,
    databases: Sequence[str] | None = None,
    **kwargs: Any,
) -> list[checks.CheckMessage]:
    release = django.VERSION[:2]
    if release in VERIFIED_DJANGO:
        return []
    return [
        checks.Error(
            f"orm_bypass reads Django internals and was verified on Django"
            f" {', '.join('.'.join(map(str, r)) for r in sorted(VERIFIED_DJANGO))},"
            f" not {django.get_version()}",
            hint="Run tests/orm_bypass on this Django; when they pass, add"
            f" {release} to orm_bypass.checks.VERIFIED_DJANGO.",
            id="orm_bypass.E001",
        )
    ]


@checks.register(checks.Tags.compatibility)
def internals_there(
    app_configs: Sequence[AppConfig] | None = None,
    databases: Sequence[str] | None = None,
    **kwargs: Any,
) -> list[checks.CheckMessage]:
    missing = [
        f"{owner.__name__}.{name} ({bypass})"
        for owner, name, bypass in _CALLED
        if not hasattr(owner, name)
    ]
    missing += [
        f"{function.__qualname__} sets no {name} ({bypass})"
        for function, names, bypass in _SET_BY
        for name in names
        if name not in function.__code__.co_names
    ]
    if list(inspect.signature(get_related_populators).parameters) != ["klass_info", "select", "db"]:
        missing.append("get_related_populators(klass_info, select, db) (prepared)")
    return [
        checks.Error(
            f"orm_bypass reads a Django internal that is not there: {name}",
            hint="The bypass must follow Django's change, or go (plain Django).",
            id="orm_bypass.E002",
        )
        for name in missing
    ]


@checks.register(checks.Tags.compatibility, checks.Tags.models)
def related_rows_served(
    app_configs: Sequence[AppConfig] | None = None,
    databases: Sequence[str] | None = None,
    **kwargs: Any,
) -> list[checks.CheckMessage]:
    # Any model with a reverse foreign key will do: a hand's postings, as the service uses it.
    hand = apps.get_model("ledger", "HandResult")(pk=1)
    postings = [apps.get_model("ledger", "Posting")(pk=pk, hand=hand) for pk in (1, 2)]
    related_loaded(hand, "postings", postings)
    served: Any = hand.postings.all()
    if served._result_cache is postings and served._prefetch_done:
        return []
    return [
        checks.Error(
            "orm_bypass.related.related_loaded gives a relation rows its all() does not serve",
            hint="Django's prefetch cache changed: follow it in related_loaded, or read the"
            " rows back with prefetch_related_objects.",
            id="orm_bypass.E003",
        )
    ]
