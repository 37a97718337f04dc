"""Filters every API list shares: UTC date-times, ids the database can hold, the base set."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import django_filters
from django import forms
from django.db import models

from ledger.errors import RequestErrorCode


class UtcIsoDateTimeField(django_filters.fields.IsoDateTimeField):  # type: ignore[misc]
    """An ISO 8601 date-time in UTC; one whose UTC moment falls off the calendar is invalid.

    ``0001-01-01T00:00:00+01:00`` is year 0 in UTC: Python cannot represent it
    (OverflowError), so it is a 400 naming the filter rather than a 500.
    """

    def to_python(self, value: Any) -> datetime | None:
        moment: datetime | None = super().to_python(value)
        if moment is None:
            return None
        try:
            return moment.astimezone(UTC)
        except OverflowError:
            raise forms.ValidationError(
                "%(value)s is outside the calendar once moved to UTC (years 1 to 9999)",
                code=RequestErrorCode.OUT_OF_RANGE,
                params={"value": value},
            ) from None


class UtcDateTimeFilter(django_filters.IsoDateTimeFilter):  # type: ignore[misc]
    """An ISO 8601 date-time, turned to UTC: PostgreSQL refuses offsets beyond 15:59 (+16:00)."""

    field_class = UtcIsoDateTimeField


# The largest id a database holds (PostgreSQL bigint; SQLite's INTEGER is the same size).
MAX_ID = 2**63 - 1


class IdFilter(django_filters.NumberFilter):  # type: ignore[misc]
    """A row id (``?player=3``): a whole number from 1 to MAX_ID, else a 400 naming the field.

    A NumberFilter takes any decimal, and an id past the database's integer range
    reaches SQLite as an OverflowError (a 500) through a related lookup.
    """

    field_class = forms.IntegerField

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(*args, **kwargs)


# A related row is filtered by its id, not chosen from every row there is: an id of another
# parlor (or of no row) gives an empty list, the same answer, so a filter cannot probe
# which ids exist in other parlors (docs/api.md, "Roles").
_BY_ID = {"filter_class": IdFilter}


class BaseFilterSet(django_filters.FilterSet):  # type: ignore[misc]  # django-filter is untyped
    """Every filter set of the API derives from this one (and is typed through it)."""

    FILTER_DEFAULTS = {
        **django_filters.FilterSet.FILTER_DEFAULTS,
        models.ForeignKey: _BY_ID,
        models.OneToOneField: _BY_ID,
    }
