"""Each bypass can be switched to the plain Django call it stands for: to measure what it saves.

``benchmarks/api_profile.py --bypasses`` runs the same requests with a bypass on
and off, interleaved in one process; the tests run both ways where the answer
must not depend on it. Production never switches anything off: the check costs
one look at an empty set.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

_PLAIN: set[str] = set()
# The names asked about, while ``watching``.
_SEEN: set[str] | None = None


def bypassed(name: str) -> bool:
    """Whether the bypass ``name`` runs (else the plain Django call it stands for)."""
    if _SEEN is not None:
        _SEEN.add(name)
    return not _PLAIN or name not in _PLAIN


@contextmanager
def plain_django(*names: str) -> Iterator[None]:
    """Run the bypasses ``names`` as the plain Django calls they stand for, inside the block."""
    added = set(names) - _PLAIN
    _PLAIN.update(added)
    try:
        yield
    finally:
        _PLAIN.difference_update(added)


@contextmanager
def watching() -> Iterator[set[str]]:
    """The set of the bypasses that the block's code reaches (the benchmark judges each
    only by the requests that use it)."""
    global _SEEN
    seen: set[str] = set()
    _SEEN = seen
    try:
        yield seen
    finally:
        _SEEN = None
