"""django-filter filter sets of the ledger lists (``?session=3&since=2024-05-01``)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import django_filters
from django import forms
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request

from ledger.errors import RequestErrorCode
from ledger.models import (
    Correction,
    CorrectionKind,
    LedgerEntry,
    Penalty,
    PenaltyKind,
    PostingKind,
    Session,
    SessionState,
    Settlement,
)
from parlor.models import Player

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})


def include_corrected_parameter(what: str) -> OpenApiParameter:
    return OpenApiParameter(
        "include_corrected",
        OpenApiTypes.BOOL,
        description=f"Also list {what} of voided and superseded hand versions (the audit trail).",
    )


def include_corrected(request: Request) -> bool:
    """``?include_corrected=true``: lists keep the versions corrections replaced."""
    return request.query_params.get("include_corrected", "").lower() in TRUE_WORDS


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


class BaseFilterSet(django_filters.FilterSet):  # type: ignore[misc]  # django-filter is untyped
    """Every filter set of the API derives from this one (and is typed through it)."""


class SessionFilter(BaseFilterSet):
    state = django_filters.ChoiceFilter(choices=SessionState.choices)
    player = IdFilter(field_name="seats__player", label="seated player id")
    opened_since = UtcDateTimeFilter(field_name="opened_at", lookup_expr="gte")
    opened_until = UtcDateTimeFilter(field_name="opened_at", lookup_expr="lt")

    class Meta:
        model = Session
        fields = ["parlor", "table", "state", "ruleset_config", "player"]


class CorrectionFilter(BaseFilterSet):
    kind = django_filters.ChoiceFilter(choices=CorrectionKind.choices)

    class Meta:
        model = Correction
        fields = ["session", "kind", "hand"]


class PenaltyFilter(BaseFilterSet):
    parlor = IdFilter(field_name="session__parlor")
    kind = django_filters.ChoiceFilter(choices=PenaltyKind.choices)
    since = UtcDateTimeFilter(field_name="recorded_at", lookup_expr="gte")
    until = UtcDateTimeFilter(field_name="recorded_at", lookup_expr="lt")

    class Meta:
        model = Penalty
        fields = ["parlor", "session", "player", "kind"]


class PlayerBalanceFilter(BaseFilterSet):
    player = IdFilter(field_name="pk")

    class Meta:
        model = Player
        fields = ["parlor", "player", "is_active"]


class StatementFilter(BaseFilterSet):
    player = IdFilter(field_name="account__player")
    session = IdFilter(field_name="posting__session")
    posting_kind = django_filters.ChoiceFilter(
        field_name="posting__kind", choices=PostingKind.choices
    )
    since = UtcDateTimeFilter(field_name="posting__created_at", lookup_expr="gte")
    until = UtcDateTimeFilter(field_name="posting__created_at", lookup_expr="lt")

    class Meta:
        model = LedgerEntry
        fields = ["player", "session", "posting_kind"]


class SettlementFilter(BaseFilterSet):
    parlor = IdFilter(field_name="session__parlor")
    since = UtcDateTimeFilter(field_name="posting__created_at", lookup_expr="gte")
    until = UtcDateTimeFilter(field_name="posting__created_at", lookup_expr="lt")

    class Meta:
        model = Settlement
        fields = ["parlor", "session", "player", "placement"]
