"""Inserts whose statement is built once per process: per model and number of rows.

``Model.objects.create`` and ``bulk_create`` compile their ``INSERT`` on every
call: on closing a session (settlements, standings, its close row) and opening
one (the session, its seats, its accounts) that was a fifth of the request's
CPU (docs/performance.md). ``rows_insert`` writes the same rows with a
statement built once for the model and the number of rows (prepared once per
connection on PostgreSQL), each value through its field as Django sends it.

Like ``bulk_create``, it sends no signals (none are connected to these models)
and sets the new ids on the instances (not with ``ignore_conflicts``, where
some rows may not be written).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, TypeVar

from django.db import connection
from django.db.models import Field, Model

M = TypeVar("M", bound=Model)


@functools.cache
def written_fields(model: type[Model], but: str) -> tuple[tuple[Field[Any, Any], ...], str]:
    """``model``'s written fields (the id and ``but`` aside) and their quoted column list:
    worked out once per process."""
    fields = tuple(f for f in model._meta.concrete_fields if not f.primary_key and f.name != but)
    quote = connection.ops.quote_name
    return fields, ", ".join(quote(str(field.column)) for field in fields)


def written_values(model: type[Model], instance: Model, *, but: str = "") -> list[Any]:
    """``instance``'s values for ``model``'s written columns (the id and ``but`` aside)."""
    return [
        field.get_db_prep_save(field.pre_save(instance, True), connection)
        for field in written_fields(model, but)[0]
    ]


@functools.lru_cache(maxsize=64)
def _insert_sql(model: type[Model], rows: int, ignore_conflicts: bool, vendor: str) -> str:
    pk = model._meta.pk
    if pk is None or not pk.db_returning:  # an automatic id, which the database gives
        raise ValueError(f"{model.__name__}: rows_insert takes models with an automatic id")
    fields, columns = written_fields(model, "")
    row = f"({', '.join(['%s'] * len(fields))})"
    sql = f"INSERT INTO {connection.ops.quote_name(model._meta.db_table)} ({columns})"
    sql += f" VALUES {', '.join([row] * rows)}"
    if ignore_conflicts:
        return sql + " ON CONFLICT DO NOTHING"
    return sql + f" RETURNING {connection.ops.quote_name(str(pk.column))}"


def rows_insert(model: type[M], instances: Sequence[M], *, ignore_conflicts: bool = False) -> None:
    """Insert ``instances`` (new rows of ``model``) in one statement; sets their ids."""
    if not instances:
        return
    params = [value for instance in instances for value in written_values(model, instance)]
    sql = _insert_sql(model, len(instances), ignore_conflicts, connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        ids = None if ignore_conflicts else [row[0] for row in cursor.fetchall()]
    for index, instance in enumerate(instances):
        if ids is not None:
            instance.pk = ids[index]
        instance._state.adding, instance._state.db = False, connection.alias
