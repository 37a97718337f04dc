"""The seat draw: the operating system's randomness, never a seed anyone picks.

``secrets.SystemRandom`` reads ``os.urandom``; it takes no seed (its ``seed`` does
nothing), so neither a caller nor a test can steer an outcome. Every permutation
of the candidates is equally likely (``random.shuffle`` is Fisher-Yates; the
uniformity is tested over many draws with a chi-square, tests/ledger/floor).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_SYSTEM = secrets.SystemRandom()


def seats_drawn(candidates: Sequence[T]) -> list[T]:
    """``candidates`` in a random seat order: the first deals first (East)."""
    order = list(candidates)
    _SYSTEM.shuffle(order)
    return order
