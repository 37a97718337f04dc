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

from orm_bypass.switch import bypassed

M = TypeVar("M", bound=Model)


@functools.cache
def _written_fields(model: type[Model], but: str) -> tuple[tuple[Field[Any, Any], ...], str]:
    """``model``'s written fields (the id and ``but`` aside) and their quoted column list:
    worked out once per process."""
    fields = tuple(f for f in model._meta.concrete_fields if not f.primary_key and f.name != but)
    quote = connection.ops.quote_name
    return fields, ", ".join(quote(str(field.column)) for field in fields)


def _written_values(model: type[Model], instance: Model, *, but: str = "") -> list[Any]:
    """``instance``'s values for ``model``'s written columns (the id and ``but`` aside)."""
    return [
        field.get_db_prep_save(field.pre_save(instance, True), connection)
        for field in _written_fields(model, but)[0]
    ]


@functools.cache
def _array_types(model: type[Model]) -> tuple[str, ...] | None:
    """PostgreSQL: each written column's array cast for ``UNNEST``, as Django's bulk insert
    casts them; None where a field cannot go in an array (Django's conditions)."""
    fields = _written_fields(model, "")[0]
    if any(hasattr(field, "get_placeholder") for field in fields) or any(
        (field.target_field if field.is_relation else field).get_internal_type()  # type: ignore[attr-defined]
        not in connection.data_types
        for field in fields
    ):
        return None
    # Without the length (varchar, not varchar(50)): nothing is cut short.
    return tuple(str(field.db_type(connection)).split("(")[0] for field in fields)


def _unnest(model: type[Model], rows: int) -> bool:
    """Whether the rows go as one array per column: on PostgreSQL, several rows of a model
    whose fields allow it. Then the statement (its text, its parameters: one per column) is
    the same for any number of rows, so psycopg converts it once and PostgreSQL plans it once;
    one parameter per value put an insert of standings (56) past what psycopg keeps (50)."""
    return rows > 1 and connection.vendor == "postgresql" and _array_types(model) is not None


@functools.lru_cache(maxsize=64)
def _insert_sql(model: type[Model], rows: int, ignore_conflicts: bool, vendor: str) -> str:
    """The statement for ``rows`` rows (0: any number, as arrays)."""
    pk = model._meta.pk
    if pk is None or not pk.db_returning:  # an automatic id, which the database gives
        raise ValueError(f"{model.__name__}: rows_insert takes models with an automatic id")
    fields, columns = _written_fields(model, "")
    sql = f"INSERT INTO {connection.ops.quote_name(model._meta.db_table)} ({columns})"
    if rows:
        row = f"({', '.join(['%s'] * len(fields))})"
        sql += f" VALUES {', '.join([row] * rows)}"
    else:
        arrays = ", ".join(f"(%s)::{db_type}[]" for db_type in _array_types(model) or ())
        sql += f" SELECT * FROM UNNEST({arrays})"
    if ignore_conflicts:
        return sql + " ON CONFLICT DO NOTHING"
    return sql + f" RETURNING {connection.ops.quote_name(str(pk.column))}"


def rows_insert(model: type[M], instances: Sequence[M], *, ignore_conflicts: bool = False) -> None:
    """Insert ``instances`` (new rows of ``model``) in one statement; sets their ids."""
    if not instances:
        return
    if not bypassed("inserts"):
        model._default_manager.bulk_create(instances, ignore_conflicts=ignore_conflicts)
        return
    rows = [_written_values(model, instance) for instance in instances]
    if _unnest(model, len(rows)):
        params: list[Any] = [list(column) for column in zip(*rows, strict=True)]
        sql = _insert_sql(model, 0, ignore_conflicts, connection.vendor)
    else:
        params = [value for row in rows for value in row]
        sql = _insert_sql(model, len(rows), ignore_conflicts, connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        ids = None if ignore_conflicts else [row[0] for row in cursor.fetchall()]
    for index, instance in enumerate(instances):
        if ids is not None:
            instance.pk = ids[index]
        instance._state.adding, instance._state.db = False, connection.alias
