"""A rating history's entries are whole numbers that give back exactly what was rated
(players.statistics.history), and migration 0002 turns the earlier text entries into them
and back without changing a value."""

from __future__ import annotations

import importlib
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from players.statistics.history import entry_key, entry_of, entry_rating, units_of
from players.statistics.ratings import PlayerRating, shared_ranks

migration = importlib.import_module("players.migrations.0002_rating_history_numbers")

moments = st.datetimes(
    min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)
)
ratings = st.decimals(min_value=-99999, max_value=99999, places=2)
model_values = st.decimals(min_value=-999, max_value=999, places=4)


@given(st.integers(1, 2**40), moments, ratings, st.integers(0, 10**6))
def test_a_tenhou_entry_gives_back_its_close_time_and_rating_exactly(
    session_id: int, moment: datetime, value: Decimal, games: int
) -> None:
    entry = entry_of(session_id, moment, PlayerRating(value=value, games=games))
    assert all(isinstance(part, int) for part in entry)
    assert entry_key(entry) == (moment, session_id)
    assert entry_rating(entry) == PlayerRating(value=value, games=games)


@given(moments, ratings, model_values, model_values)
def test_an_openskill_entry_keeps_mu_and_sigma_to_their_four_places(
    moment: datetime, value: Decimal, mu: Decimal, sigma: Decimal
) -> None:
    rated = PlayerRating(value=value, games=3, mu=mu, sigma=sigma)
    entry = entry_of(7, moment, rated)
    assert entry_rating(entry) == rated
    assert migration._to_numbers(migration._to_text(entry)) == entry


def test_a_value_with_more_places_than_kept_is_refused_not_rounded() -> None:
    with pytest.raises(ValueError, match="1500.005 has more than 2 decimal places"):
        units_of(Decimal("1500.005"), 2)


def test_the_migration_turns_text_entries_into_the_same_values() -> None:
    text = [41, "2026-03-01T12:30:00.250000+00:00", "1523.45", 12, "26.1234", "7.5000"]
    numbers = migration._to_numbers(text)
    assert numbers[0] == 41 and numbers[3] == 12
    assert entry_key(numbers) == (datetime(2026, 3, 1, 12, 30, 0, 250000, tzinfo=UTC), 41)
    assert entry_rating(numbers) == PlayerRating(
        value=Decimal("1523.45"), games=12, mu=Decimal("26.1234"), sigma=Decimal("7.5")
    )
    assert migration._to_numbers(numbers) == numbers  # already numbers: left as they are
    assert migration._to_text(numbers) == text


@given(st.lists(st.integers(-50000, 100000), min_size=3, max_size=4))
def test_shared_ranks_count_the_better_and_the_equal_scores(scores: list[int]) -> None:
    expected = [
        (1 + sum(other > score for other in scores), sum(other == score for other in scores))
        for score in scores
    ]
    assert shared_ranks(scores) == expected
