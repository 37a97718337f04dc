"""A yaku is a small declared object: name, closed and open value, and a predicate.

The predicate looks at one :class:`~engine.hand.arrangement.Arrangement` and
the hand's :class:`~engine.hand.context.HandContext` and returns how many
times the yaku counts (0 = absent; dora kinds return their count). Rulesets
hold a tuple of these in output order, so a ruleset adds, drops or re-values
a yaku by editing its tuple, never by touching the evaluator.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final, NamedTuple

if TYPE_CHECKING:
    from engine.hand.arrangement import Arrangement
    from engine.hand.context import HandContext

Check = Callable[["Arrangement", "HandContext"], int]
_KEEP: Final[Any] = object()


@dataclass(frozen=True, slots=True)
class Yaku:
    name: str
    han_closed: int
    han_open: int | None  # None: closed hands only
    check: Check
    yakuman: int = 0  # > 0: a yakuman worth this many multiples; han values unused
    bonus: bool = False  # dora and the like: adds value, never makes a hand winnable
    supersedes: tuple[str, ...] = ()  # yaku dropped when this one counts
    with_yakuman: bool = False  # still counts on a yakuman hand (points rulesets' bonuses)
    doc: str = ""
    # What people call it, in English and in Japanese: the admin, the API's pages and the
    # statements show these for a yaku that ledger/labels.py does not list, so a ruleset's
    # new yaku needs no other file (docs/architecture.md, "Adding a yaku").
    title: str = ""
    title_ja: str = ""

    @property
    def is_yakuman(self) -> bool:
        return self.yakuman > 0

    def value(self, closed: bool) -> int | None:
        """Han per occurrence for a closed or open hand; None when not allowed."""
        return self.han_closed if closed else self.han_open

    def revalued(self, *, han_closed: int | None = None, han_open: int | None = _KEEP) -> Yaku:
        """A copy with new values; ``han_open=None`` makes it closed-only."""
        return replace(
            self,
            han_closed=self.han_closed if han_closed is None else han_closed,
            han_open=self.han_open if han_open is _KEEP else han_open,
        )


def regular_yaku(
    name: str,
    han_closed: int,
    han_open: int | None,
    check: Check,
    *,
    supersedes: tuple[str, ...] = (),
) -> Yaku:
    return Yaku(name, han_closed, han_open, check, supersedes=supersedes)


def yakuman_yaku(
    name: str, check: Check, *, closed_only: bool = False, supersedes: tuple[str, ...] = ()
) -> Yaku:
    return Yaku(name, 0, None if closed_only else 0, check, yakuman=1, supersedes=supersedes)


def bonus_yaku(name: str, check: Check) -> Yaku:
    return Yaku(name, 1, 1, check, bonus=True)


class YakuHit(NamedTuple):
    """A yaku that counted on one arrangement, with its total value."""

    name: str
    value: int
    unit: str  # "han", "yakuman" or "points"
    bonus: bool = False
