"""Filters of the parlor lists: by parlor, active flag, and a few fields people search by."""

from __future__ import annotations

import django_filters

from api.filters import BaseFilterSet
from parlor.models import Player, Rate, RulesetConfig, Table


class PlayerFilter(BaseFilterSet):
    name = django_filters.CharFilter(lookup_expr="icontains")

    class Meta:
        model = Player
        fields = ["parlor", "is_active", "member_number", "name"]


class TableFilter(BaseFilterSet):
    class Meta:
        model = Table
        fields = ["parlor", "is_active"]


class RulesetConfigFilter(BaseFilterSet):
    class Meta:
        model = RulesetConfig
        fields = ["parlor", "is_active", "ruleset_slug"]


class RateFilter(BaseFilterSet):
    class Meta:
        model = Rate
        fields = ["parlor", "is_active"]
