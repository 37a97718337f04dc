"""The seat draw is uniform over the seat orders, and drawn by the operating system.

24,000 draws of four players: each of the 24 seat orders expected 1,000 times. The
chi-square statistic over the 24 counts has 23 degrees of freedom (mean 23, standard
deviation 6.8); the threshold 80 is passed by a fair draw with a probability under
one in ten million, so the test does not flake, while a draw that favoured one order
by a tenth (1,100 instead of 1,000) already adds 10 and one that never moved the
first player would fail at once.
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from itertools import permutations

from ledger.floor import draw

DRAWS_PER_ORDER = 1_000
THRESHOLD = {4: 80.0, 3: 40.0}  # 23 and 5 degrees of freedom, p < 1e-7 for a fair draw


def _chi_square(players: int) -> float:
    orders = list(permutations(range(players)))
    counts = Counter(
        tuple(draw.seats_drawn(range(players))) for _ in range(DRAWS_PER_ORDER * len(orders))
    )
    assert set(counts) <= set(orders)
    return sum((counts[order] - DRAWS_PER_ORDER) ** 2 / DRAWS_PER_ORDER for order in orders)


def test_four_seats_are_drawn_uniformly() -> None:
    assert _chi_square(4) < THRESHOLD[4]


def test_three_seats_are_drawn_uniformly() -> None:
    assert _chi_square(3) < THRESHOLD[3]


def test_the_draw_is_the_operating_systems_and_takes_no_seed() -> None:
    assert isinstance(draw._SYSTEM, secrets.SystemRandom)
    # Seeding Python's generator (or the draw's own) does not repeat an outcome.
    outcomes = set()
    for _ in range(20):
        random.seed(7)
        draw._SYSTEM.seed(7)
        outcomes.add(tuple(draw.seats_drawn(range(8))))
    assert len(outcomes) > 1
