"""One row's update with a statement built once per process: per model and fields.

``instance.save(update_fields=...)`` builds and compiles its ``UPDATE`` on every
call; closing a session spent a twentieth of its CPU there (docs/performance.md).
``row_update`` sends the same statement, each value through its field as
Django sends it. Like ``save``, it refuses when no row was updated; unlike it,
it sends no signals (none are connected to the models it is used on).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from django.db import DatabaseError, connection
from django.db.models import Field, Model

from orm_bypass.switch import bypassed


@functools.lru_cache(maxsize=64)
def _update_sql(
    model: type[Model], names: tuple[str, ...], vendor: str
) -> tuple[str, tuple[Field[Any, Any], ...]]:
    meta = model._meta
    fields = tuple(meta.get_field(name) for name in names)
    if meta.pk is None or not all(isinstance(field, Field) and field.concrete for field in fields):
        raise ValueError(f"{model.__name__}: row_update writes concrete fields by their id")
    quote = connection.ops.quote_name
    columns = ", ".join(f"{quote(str(field.column))} = %s" for field in fields)  # type: ignore[union-attr]
    sql = f"UPDATE {quote(meta.db_table)} SET {columns} WHERE {quote(str(meta.pk.column))} = %s"
    return sql, fields  # type: ignore[return-value]


def row_update(instance: Model, fields: Sequence[str]) -> None:
    """``instance.save(update_fields=fields)``, with a statement built once."""
    if not bypassed("row_updates"):
        instance.save(update_fields=fields)
        return
    sql, written = _update_sql(type(instance), tuple(fields), connection.vendor)
    params = [
        field.get_db_prep_save(field.pre_save(instance, False), connection) for field in written
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, instance.pk])
        if cursor.rowcount != 1:
            raise DatabaseError(f"{type(instance).__name__} {instance.pk}: no row was updated")
