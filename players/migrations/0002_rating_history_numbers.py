"""Rating histories as whole numbers (players.statistics.history): the close time in
microseconds since 1970 (UTC), the rating in hundredths, mu and sigma in ten-thousandths,
where they were text (ISO 8601 and decimals). The same values, exactly; derived rows, so
``statistics_rebuild`` would write the same."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from django.db import migrations

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
MICROSECOND = timedelta(microseconds=1)
PLACES = (None, None, 2, None, 4, 4)  # each field's decimal places; None: kept as it is


def _to_numbers(entry: list[Any]) -> list[Any]:
    if not isinstance(entry[1], str):
        return entry
    numbers = [int(entry[0]), (datetime.fromisoformat(entry[1]) - EPOCH) // MICROSECOND]
    for value, places in zip(entry[2:], PLACES[2:], strict=False):
        numbers.append(int(value) if places is None else int(Decimal(value).scaleb(places)))
    return numbers


def _to_text(entry: list[Any]) -> list[Any]:
    if isinstance(entry[1], str):
        return entry
    text = [entry[0], (EPOCH + entry[1] * MICROSECOND).isoformat()]
    for value, places in zip(entry[2:], PLACES[2:], strict=False):
        text.append(value if places is None else str(Decimal(value).scaleb(-places)))
    return text


def _convert(apps: Any, convert: Any) -> None:
    PlayerRating = apps.get_model("players", "PlayerRating")
    for rating in PlayerRating.objects.only("id", "history").iterator(chunk_size=500):
        history = [convert(entry) for entry in rating.history]
        if history != rating.history:
            PlayerRating.objects.filter(pk=rating.pk).update(history=history)


def forwards(apps: Any, schema_editor: Any) -> None:
    _convert(apps, _to_numbers)


def backwards(apps: Any, schema_editor: Any) -> None:
    _convert(apps, _to_text)


class Migration(migrations.Migration):
    dependencies = [("players", "0001_initial")]

    operations = [migrations.RunPython(forwards, backwards)]
