"""The ratings: tenhou's R against a hand-worked example of three games, OpenSkill as the
option, and the same answer every time (players.statistics.ratings; docs/statistics.md)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from players.statistics.ratings import (
    OpenSkillPL,
    PlayerRating,
    TenhouR,
    rating_system,
    shared_ranks,
)

R = TenhouR()


def play(ratings: dict[str, PlayerRating], table: dict[str, int]) -> None:
    """One game: ``table`` each player's final points, seat order."""
    names = list(table)
    after = R.rate([ratings[name] for name in names], list(table.values()))
    ratings.update(zip(names, after, strict=True))


def test_three_games_worked_by_hand() -> None:
    """The example of docs/statistics.md, "Rating: a worked example".

    Game 1: A, B, C, D all 1500 with no game: the average is 1500, the adjustment 1, so
    each moves by its base: A +30, B +10, C -10, D -30.

    Game 2: C first, E (new, 1500) second, A third, B fourth. Average (1530 + 1510 +
    1490 + 1500) / 4 = 1507.5. Adjustment after one game 1 - 0.002 = 0.998.
      C: 0.998 x (30 + (1507.5 - 1490) / 40) = 0.998 x 30.4375 = 30.376625 -> 1520.38
      E: 1 x (10 + 7.5 / 40) = 10.1875 -> 1510.1875 -> 1510.19
      A: 0.998 x (-10 - 22.5 / 40) = 0.998 x -10.5625 = -10.541375 -> 1519.46
      B: 0.998 x (-30 - 2.5 / 40) = 0.998 x -30.0625 = -30.002375 -> 1480.00

    Game 3: A first, B and C tied for second (they share +10 and -10: 0 each), D fourth.
    Average (1519.46 + 1480.00 + 1520.38 + 1470.00) / 4 = 1497.46.
      A: 0.996 x (30 - 22 / 40) = 0.996 x 29.45 = 29.3322 -> 1548.79
      B: 0.996 x (0 + 17.46 / 40) = 0.996 x 0.4365 = 0.434754 -> 1480.43
      C: 0.996 x (0 - 22.92 / 40) = 0.996 x -0.573 = -0.570708 -> 1519.81
      D: 0.998 x (-30 + 27.46 / 40) = 0.998 x -29.3135 = -29.254873 -> 1440.75
    """
    ratings = {name: R.start() for name in "ABCDE"}
    play(ratings, {"A": 40000, "B": 30000, "C": 20000, "D": 10000})
    assert {n: ratings[n].value for n in "ABCD"} == {
        "A": Decimal("1530.00"),
        "B": Decimal("1510.00"),
        "C": Decimal("1490.00"),
        "D": Decimal("1470.00"),
    }
    play(ratings, {"A": 20000, "B": 10000, "C": 45000, "E": 25000})
    assert {n: ratings[n].value for n in "ABCE"} == {
        "A": Decimal("1519.46"),
        "B": Decimal("1480.00"),
        "C": Decimal("1520.38"),
        "E": Decimal("1510.19"),
    }
    play(ratings, {"A": 40000, "B": 25000, "C": 25000, "D": 10000})
    assert {n: ratings[n].value for n in "ABCDE"} == {
        "A": Decimal("1548.79"),
        "B": Decimal("1480.43"),
        "C": Decimal("1519.81"),
        "D": Decimal("1440.75"),
        "E": Decimal("1510.19"),
    }
    assert {n: ratings[n].games for n in "ABCDE"} == {"A": 3, "B": 3, "C": 3, "D": 2, "E": 1}


@pytest.mark.parametrize(
    ("games", "adjustment"),
    [(0, "1"), (1, "0.998"), (250, "0.5"), (399, "0.202"), (400, "0.2"), (5000, "0.2")],
)
def test_the_adjustment_falls_with_games_to_a_floor_at_400(games: int, adjustment: str) -> None:
    assert R.adjustment(games) == Decimal(adjustment)


def test_three_players_take_30_0_minus_30() -> None:
    start = [R.start()] * 3
    after = R.rate(start, [50000, 35000, 20000])
    assert [r.value for r in after] == [Decimal(1530), Decimal(1500), Decimal(1470)]


def test_a_four_way_tie_moves_no_one_at_equal_ratings() -> None:
    after = R.rate([R.start()] * 4, [25000] * 4)
    assert [r.value for r in after] == [Decimal(1500)] * 4


def test_shared_ranks_name_each_seats_best_place_and_its_group() -> None:
    assert shared_ranks([30000, 20000, 20000, 10000]) == [(1, 1), (2, 2), (2, 2), (4, 1)]


def test_openskill_places_the_winner_above_the_loser_and_ties_together() -> None:
    model = OpenSkillPL()
    after = model.rate([model.start()] * 4, [40000, 25000, 25000, 10000])
    assert after[0].value > after[1].value == after[2].value > after[3].value
    assert all(r.games == 1 and r.mu is not None and r.sigma is not None for r in after)
    assert after[0].mu == after[0].mu.quantize(Decimal("0.0001"))


@pytest.mark.parametrize("name", ["tenhou", "openskill"])
def test_the_same_games_give_the_same_figures_every_time(name: str) -> None:
    games = [[40000, 30000, 20000, 10000], [10000, 20000, 30000, 40000], [25000] * 4] * 5

    def replay() -> list[PlayerRating]:
        system = rating_system(name)
        ratings = [system.start()] * 4
        for scores in games:
            ratings = system.rate(ratings, scores)
        return ratings

    assert replay() == replay()


def test_an_unknown_system_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="no rating system 'elo'"):
        rating_system("elo")


@settings(max_examples=300, deadline=None)
@given(
    values=st.lists(st.integers(100_000, 300_000), min_size=4, max_size=4),
    games=st.lists(st.integers(0, 900), min_size=4, max_size=4),
    scores=st.lists(st.integers(-20, 80).map(lambda n: n * 1000), min_size=4, max_size=4),
)
def test_the_integer_arithmetic_is_the_formula_in_exact_fractions(
    values: list[int], games: list[int], scores: list[int]
) -> None:
    """R's change as the issue writes it, in exact fractions, rounded half to even once."""
    before = [PlayerRating(Decimal(v).scaleb(-2), g) for v, g in zip(values, games, strict=True)]
    average = Fraction(sum(values), 100 * 4)
    bases = (30, 10, -10, -30)
    expected = []
    for value, played, (place, tied) in zip(values, games, shared_ranks(scores), strict=True):
        own = Fraction(value, 100)
        adjustment = Fraction(1) - Fraction(2, 1000) * played if played < 400 else Fraction(1, 5)
        base = Fraction(sum(bases[place - 1 : place - 1 + tied]), tied)
        change = adjustment * (base + (average - own) / 40)
        rounded = round(own + change, 2)  # Fraction's round: halves to even
        expected.append(Decimal(rounded.numerator) / Decimal(rounded.denominator))
    assert [r.value for r in R.rate(before, scores)] == expected
