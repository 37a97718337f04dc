"""A query's span of business days (``date_from``, ``date_to``), checked once for every view.

The standings, their file and the statistics take the same two days: both optional,
both within the years a game can have been played in (a day far outside them would
overflow the business day's bounds), ``date_to`` on or after ``date_from``.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from rest_framework import serializers

BIGINT_MAX = 2**63 - 1
# Business days far outside these cannot hold a game and would overflow the day bounds.
FIRST_DAY, LAST_DAY = date(1970, 1, 1), date(2999, 12, 31)


class PeriodQuerySerializer(serializers.Serializer[Any]):
    date_from = serializers.DateField(required=False, help_text="First business day.")
    date_to = serializers.DateField(required=False, help_text="Last business day, included.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        for name in ("date_from", "date_to"):
            day = attrs.get(name)
            if day is not None and not FIRST_DAY <= day <= LAST_DAY:
                raise serializers.ValidationError({name: f"between {FIRST_DAY} and {LAST_DAY}"})
        first, last = attrs.get("date_from"), attrs.get("date_to")
        if first is not None and last is not None and last < first:
            raise serializers.ValidationError({"date_to": "on or after date_from"})
        return attrs
