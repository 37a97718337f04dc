"""django-filter filter sets of the books' lists: balances, statement lines, settlements.

``?player=3&since=2024-05-01``; dates are read in UTC (``api.filters.UtcDateTimeFilter``).
"""

from __future__ import annotations

import django_filters

from api.filters import BaseFilterSet, IdFilter, UtcDateTimeFilter
from ledger.models import LedgerEntry, PostingKind, Settlement
from parlor.models import Player


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
