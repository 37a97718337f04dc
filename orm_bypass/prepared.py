"""Prepared reads: a hot query compiled once per process, then run with new values.

Compiling a Django query with subqueries (a session's seats with their
accounts and game state; a token with its user's roles) costs a few
milliseconds of CPU every time, several times what PostgreSQL spends
answering it (docs/performance.md). ``PreparedQuery`` builds the queryset
once with a ``Parameter`` expression where each value goes, keeps the
compiled SQL and its compiler, and each call sends that SQL with the values
put where those expressions' own slot objects are (found by identity, never
by value: a constant of the query equal to a given value stays), and turns the rows into model
instances the way Django's own model iterator does: ``select_related``
objects and annotations included, each column through its field's
converters (JSON decoded, say). It reads the compiler's ``select``,
``klass_info`` and ``annotation_col_map``, as ``ModelIterable`` does; the
tests of every selector built on it hold it to Django's own results.

A query of several rows that repeat one object (a session's seats, each with
the session) names what every row shares (``shared=``): it is converted and
built once, from the first row, and the other rows are given the same object
and values. Building and converting it again per row was a third of the read.
The query may then compute a shared value on the first row only (a subquery in
a ``CASE``, NULL on the others): every row still gets the first row's.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import CharField, Expression, Field, IntegerField, Model, QuerySet
from django.db.models.query import get_related_populators

from orm_bypass.switch import bypassed

M = TypeVar("M", bound=Model)
_WORD = re.compile(r"[a-z_]+")


class SqlConstant(Expression):
    """A constant written into the statement, not sent as a parameter: an account kind, say.

    PostgreSQL plans a prepared statement once for any parameters (a generic plan) only
    if that plan looks no costlier than planning for each call's values. With ``kind``
    a parameter, the generic plan cannot use the partial unique index ``WHERE kind =
    'player'`` and looked costlier, so the seats' read was planned again on every call:
    most of its PostgreSQL CPU (docs/performance.md). Only plain words and integers, so
    nothing needs quoting.
    """

    def __init__(self, value: str | int) -> None:
        if not (type(value) is int or (isinstance(value, str) and _WORD.fullmatch(value))):
            raise ValueError(f"SqlConstant takes a plain word or an integer, not {value!r}")
        super().__init__(output_field=IntegerField() if type(value) is int else CharField())
        self.value = value

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, tuple[()]]:
        return (str(self.value) if type(self.value) is int else f"'{self.value}'"), ()


class Parameter(Expression):
    """A value given on each call of a prepared read: one placeholder in the statement.

    It compiles to ``%s`` with a slot object of its own as the parameter, and the prepared
    read finds its positions among the compiled parameters by that object's identity, never
    by a value: a query's own constants stay where they are, whatever their values.
    """

    def __init__(self, name: str, field: Field[Any, Any], position: int | None = None) -> None:
        super().__init__(output_field=field)
        # Shared by the copies Django makes while resolving the query.
        self.slot = _Slot(name, position)

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, tuple[Any]]:
        return "%s", (self.slot,)


@dataclass(frozen=True, slots=True, eq=False)
class _Slot:
    """Where a value goes: a parameter's name, and its position in a list (None: a scalar).
    Compared by identity (``eq=False``)."""

    name: str
    position: int | None


@dataclass(frozen=True, slots=True)
class UpTo:
    """A list parameter (``pk__in=ids``) of up to ``count`` values of ``field``'s type."""

    count: int
    field: Field[Any, Any]


@dataclass(frozen=True, slots=True)
class _Compiled:
    sql: str
    params: tuple[Any, ...]
    # Where each given value goes in ``params``, and the field that converts it.
    slots: list[tuple[str, int | None, Field[Any, Any], list[int]]]
    compiler: Any
    # Each column's converters (position, (functions, expression)), worked out once.
    converters: list[tuple[int, tuple[list[Any], Any]]]
    # The columns (and relations) that ``shared`` names: converted on the first row only.
    shared_columns: frozenset[int]
    shared_relations: frozenset[str]


class PreparedQuery(Generic[M]):
    """``build(**parameters)`` compiled once per database; ``rows(**values)`` runs it.

    Each keyword names a parameter of ``build`` and the field whose type its values take
    (a ``BigIntegerField()`` for an id, say; values go through its ``get_db_prep_value`` as
    Django's lookups send them), or ``UpTo(count, field)`` for a list: ``build`` gets
    ``Parameter`` expressions to put where the values go. A list of 1 to ``count`` values
    is sent with its last value repeated to fill it, which matches the same rows; an empty
    or longer list is read by Django's query, compiled for the call. ``shared``:
    ``select_related`` relations and annotations whose value is the same on every row; the
    first row's is given to the others. ``name``: what the benchmark's switch calls it
    (``orm_bypass.switch``: off, each call is ``list(build(**values))``).
    """

    def __init__(
        self,
        build: Callable[..., QuerySet[M, Any]],
        *,
        name: str,
        shared: frozenset[str] = frozenset(),
        **parameters: Field[Any, Any] | UpTo,
    ) -> None:
        self._build = build
        self.name = name
        self._switch = f"prepared:{name}"
        self._parameters = parameters
        self._lists = {key: p.count for key, p in parameters.items() if isinstance(p, UpTo)}
        self._shared = shared
        self._compiled: dict[str, _Compiled] = {}
        self._buildings: dict[str, _Building] = {}
        _MADE.add(self)

    def _compile(self, alias: str) -> _Compiled:
        compiled = self._compiled.get(alias)
        if compiled is None:
            given: dict[str, Any] = {}
            for key, declared in self._parameters.items():
                if isinstance(declared, UpTo):
                    given[key] = [Parameter(key, declared.field, i) for i in range(declared.count)]
                else:
                    given[key] = Parameter(key, declared)
            compiler = self._build(**given).query.get_compiler(using=alias)
            sql, params = compiler.as_sql()
            slots = []
            for value in given.values():
                for parameter in value if isinstance(value, list) else [value]:
                    slot = parameter.slot
                    found = [i for i, param in enumerate(params) if param is slot]
                    if not found:
                        raise ValueError(f"the prepared query does not use {slot.name!r}")
                    slots.append((slot.name, slot.position, parameter.output_field, found))
            fields = [column[0] for column in compiler.select[: compiler.col_count]]
            if compiler.has_composite_fields(fields):
                raise ValueError("a prepared query cannot read composite fields")
            compiled = _Compiled(
                sql,
                tuple(params),
                slots,
                compiler,
                list(compiler.get_converters(fields).items()),
                *_shared_parts(compiler, self._shared),
            )
            self._compiled[alias] = compiled
        return compiled

    def rows(self, **values: Any) -> list[M]:
        """The query's model instances, as iterating the queryset would give them."""
        found = self._run(values)
        if isinstance(found, list):
            return found
        compiled, fetched, alias = found
        building = self._buildings.get(alias)
        if building is None:
            building = self._buildings[alias] = _building(compiled, alias)
        return _instances(compiled, fetched, alias, building)

    def dicts(self, **values: Any) -> list[dict[str, Any]]:
        """A ``values()`` query's rows, as iterating it would give them (``ValuesIterable``)."""
        found = self._run(values)
        if isinstance(found, list):
            return found
        compiled, fetched, alias = found
        query = compiled.compiler.query
        names = list(query.selected or ()) or [
            *query.extra_select,
            *query.values_select,
            *query.annotation_select,
        ]
        converted = _converted(compiled, fetched, connections[alias])
        return [dict(zip(names, row, strict=True)) for row in converted]

    def _run(self, values: dict[str, Any]) -> list[Any] | tuple[_Compiled, list[Any], str]:
        """The fetched rows, or (where the prepared statement does not take ``values``, or
        is switched off) what Django's query gives; no rows for an id out of range."""
        if not (bypassed("prepared") and bypassed(self._switch)):
            return list(self._build(**values))
        alias = DEFAULT_DB_ALIAS
        connection = connections[alias]
        low, high = connection.ops.integer_field_range("BigIntegerField")
        filled = dict(values)
        for key in self._lists:
            # Ids out of range match nothing (and SQLite could not bind them).
            filled[key] = [v for v in values[key] if type(v) is not int or low <= v <= high]
        if not all(0 < len(filled[key]) <= count for key, count in self._lists.items()):
            return list(self._build(**filled))
        for key, count in self._lists.items():
            filled[key] += filled[key][-1:] * (count - len(filled[key]))
        if any(type(v) is int and not low <= v <= high for v in filled.values()):
            # No row has it (an id from a URL, say): Django's lookups match nothing, as here;
            # SQLite would raise OverflowError binding it.
            return []
        compiled = self._compile(alias)
        params = list(compiled.params)
        for key, position, field, positions in compiled.slots:
            value = filled[key] if position is None else filled[key][position]
            value = field.get_db_prep_value(value, connection, prepared=False)
            for index in positions:
                params[index] = value
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            return compiled, cursor.fetchall(), alias


_MADE: weakref.WeakSet[PreparedQuery[Any]] = weakref.WeakSet()


def prepared_queries() -> list[PreparedQuery[Any]]:
    """Every prepared read made so far, by name (the benchmark switches each off in turn)."""
    return sorted(_MADE, key=lambda prepared: prepared.name)


def _shared_parts(compiler: Any, shared: frozenset[str]) -> tuple[frozenset[int], frozenset[str]]:
    """The column positions of what ``shared`` names, and the relations among them."""
    if not shared:
        return frozenset(), frozenset()
    annotations = compiler.annotation_col_map or {}
    relations = {
        info["field"].name: info for info in compiler.klass_info.get("related_klass_infos", ())
    }
    unknown = shared - annotations.keys() - relations.keys()
    if unknown:
        raise ValueError(f"shared names no annotation or related object: {sorted(unknown)}")
    columns = {annotations[name] for name in shared if name in annotations}
    for name in shared & relations.keys():
        info = relations[name]
        # A plain foreign key only: a one-to-one's object would point back at one row.
        if info["reverse"] or info["field"].unique or info.get("related_klass_infos"):
            raise ValueError(f"shared relations must be plain foreign keys: {name}")
        columns.update(relations[name]["select_fields"])
    return frozenset(columns), frozenset(shared & relations.keys())


def _converted(compiled: _Compiled, fetched: list[Any], connection: Any) -> list[list[Any]]:
    """Each row through its columns' converters; what every row shares, on the first only."""
    rows: list[list[Any]] = []
    for index, raw in enumerate(fetched):
        row = list(raw)
        if index:  # the first row's, converted or not (a query may send it on that row only)
            for position in compiled.shared_columns:
                row[position] = rows[0][position]
        for position, (functions, expression) in compiled.converters:
            if index and position in compiled.shared_columns:
                continue
            value = row[position]
            for function in functions:
                value = function(value, expression, connection)
            row[position] = value
        rows.append(row)
    return rows


@dataclass(frozen=True, slots=True)
class _Building:
    """How a compiled query's rows become instances (as ``ModelIterable`` works it out per
    query): worked out once per compiled query, not per call."""

    model_cls: Any
    start: int
    end: int
    init_list: list[str]
    annotations: list[tuple[str, int]]
    # Django's populators of the select_related objects: nothing in them changes per row.
    related_populators: list[Any]
    # The foreign key of each populator whose object every row shares, else None.
    shared: list[Any]


def _building(compiled: _Compiled, alias: str) -> _Building:
    compiler = compiled.compiler
    select, klass_info = compiler.select, compiler.klass_info
    select_fields = klass_info["select_fields"]
    start, end = select_fields[0], select_fields[-1] + 1
    return _Building(
        model_cls=klass_info["model"],
        start=start,
        end=end,
        init_list=[column[0].target.attname for column in select[start:end]],
        annotations=list((compiler.annotation_col_map or {}).items()),
        related_populators=get_related_populators(klass_info, select, alias),  # type: ignore[call-arg]
        shared=[
            info["field"] if info["field"].name in compiled.shared_relations else None
            for info in klass_info.get("related_klass_infos", ())
        ],
    )


def _instances(
    compiled: _Compiled, fetched: list[Any], alias: str, building: _Building
) -> list[Any]:
    """The rows as model instances, as ``django.db.models.query.ModelIterable`` makes them."""
    model_cls, start, end, init_list = (
        building.model_cls, building.start, building.end, building.init_list
    )  # fmt: skip
    instances: list[Any] = []
    for row in _converted(compiled, fetched, connections[alias]):
        instance = model_cls.from_db(alias, init_list, row[start:end])
        for populator, foreign_key in zip(
            building.related_populators, building.shared, strict=True
        ):
            if instances and foreign_key is not None:
                foreign_key.set_cached_value(instance, foreign_key.get_cached_value(instances[0]))
            else:
                populator.populate(row, instance)
        for name, position in building.annotations:
            setattr(instance, name, row[position])
        instances.append(instance)
    return instances
