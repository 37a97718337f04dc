"""django-filter filter sets of the play lists: sessions, corrections, penalties."""

from __future__ import annotations

import django_filters
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request

from api.filters import BaseFilterSet, IdFilter, UtcDateTimeFilter
from ledger.models import (
    Correction,
    CorrectionKind,
    Penalty,
    PenaltyKind,
    Session,
    SessionState,
)

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
