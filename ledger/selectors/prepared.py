"""Prepared reads: a hot query compiled once per process, then run with new values.

Compiling a Django query with subqueries (a session's seats with their
accounts and game state; a token with its user's roles) costs a few
milliseconds of CPU every time, several times what PostgreSQL spends
answering it (docs/performance.md). ``PreparedQuery`` builds the queryset
once with marker values, keeps the compiled SQL and its compiler, and each
call sends that SQL with the real values and turns the rows into model
instances the way Django's own model iterator does: ``select_related``
objects and annotations included, each column through its field's
converters (JSON decoded, say). It reads the compiler's ``select``,
``klass_info`` and ``annotation_col_map``, as ``ModelIterable`` does; the
tests of every selector built on it hold it to Django's own results.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators

M = TypeVar("M", bound=Model)


@dataclass(frozen=True, slots=True)
class _Compiled:
    sql: str
    params: tuple[Any, ...]
    # Where each named value goes in ``params``.
    slots: dict[str, list[int]]
    compiler: Any


class PreparedQuery(Generic[M]):
    """``build(**markers)`` compiled once per database; ``rows(**values)`` runs it.

    Each marker must be a value that no other parameter of the query takes (a negative
    id, say): its positions in the compiled parameters are where the values go.
    """

    def __init__(self, build: Callable[..., QuerySet[M]], **markers: Any) -> None:
        self._build = build
        self._markers = markers
        self._compiled: dict[str, _Compiled] = {}

    def _compile(self, alias: str) -> _Compiled:
        compiled = self._compiled.get(alias)
        if compiled is None:
            compiler = self._build(**self._markers).query.get_compiler(using=alias)
            sql, params = compiler.as_sql()
            slots = {
                name: [i for i, param in enumerate(params) if param == marker]
                for name, marker in self._markers.items()
            }
            missing = [name for name, found in slots.items() if not found]
            if missing:
                raise ValueError(f"the prepared query does not use {missing}")
            compiled = _Compiled(sql, tuple(params), slots, compiler)
            self._compiled[alias] = compiled
        return compiled

    def rows(self, **values: Any) -> list[M]:
        alias = DEFAULT_DB_ALIAS
        low, high = connections[alias].ops.integer_field_range("BigIntegerField")
        if any(type(value) is int and not low <= value <= high for value in values.values()):
            # No row has it (an id from a URL, say): Django's lookups match nothing, as here;
            # SQLite would raise OverflowError binding it.
            return []
        compiled = self._compile(alias)
        params = list(compiled.params)
        for name, positions in compiled.slots.items():
            for position in positions:
                params[position] = values[name]
        with connections[alias].cursor() as cursor:
            cursor.execute(compiled.sql, params)
            fetched = cursor.fetchall()
        return _instances(compiled.compiler, fetched, alias)


def _instances(compiler: Any, fetched: list[Any], alias: str) -> list[Any]:
    """The rows as model instances, as ``django.db.models.query.ModelIterable`` makes them."""
    select, klass_info = compiler.select, compiler.klass_info
    annotation_col_map = compiler.annotation_col_map
    model_cls = klass_info["model"]
    select_fields = klass_info["select_fields"]
    start, end = select_fields[0], select_fields[-1] + 1
    init_list = [column[0].target.attname for column in select[start:end]]
    related_populators = get_related_populators(klass_info, select, alias)  # type: ignore[call-arg]
    instances = []
    for row in compiler.results_iter([fetched]):
        instance = model_cls.from_db(alias, init_list, row[start:end])
        for populator in related_populators:
            populator.populate(row, instance)
        for name, position in (annotation_col_map or {}).items():
            setattr(instance, name, row[position])
        instances.append(instance)
    return instances
