"""The rating systems, as pure functions: a game's players before it, their places, after it.

Two systems (docs/statistics.md, "Rating"):

- ``tenhou`` (the default), tenhou.net's R. Everyone starts at 1500. After a game each
  player's rating changes by ``adjustment x (placement base + (table average - own) / 40)``:
  the base is +30/+10/-10/-30 for first to fourth with four players, +30/0/-30 with three;
  the table average is the mean rating of everyone at the table before the game, the
  player included; the adjustment is ``1 - 0.002 x games`` while the player has rated
  fewer than 400 games before this one, then 0.2. Tied players share their places' bases
  (two tied for second: (+10 - 10) / 2 = 0 each).
- ``openskill``: OpenSkill's Plackett-Luce model (the ``openskill`` package, its
  defaults: mu 25, sigma 25/3), ties given equal ranks; the rating shown is the
  model's ordinal, ``mu - 3 x sigma``.

Every value is a ``Decimal`` rounded half to even to ``PRECISION`` (two places) after
each game (tenhou's R exactly, on whole hundredths: the change is a fraction of integers
rounded once), and the next game starts from the rounded values: replaying the same games
in the same order gives the same figures to the last digit, whether the ratings are
carried on from stored rows or recomputed from the first game. OpenSkill's ``mu`` and
``sigma`` are kept to ``MODEL_PRECISION`` (four places).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from enum import StrEnum
from typing import Protocol

PRECISION = Decimal("0.01")
MODEL_PRECISION = Decimal("0.0001")


class RatingSystemName(StrEnum):
    TENHOU = "tenhou"
    OPENSKILL = "openskill"


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A player's rating in a pool: ``value`` as shown, ``games`` rated so far; OpenSkill's
    ``mu`` and ``sigma`` (None under tenhou's R)."""

    value: Decimal
    games: int
    mu: Decimal | None = None
    sigma: Decimal | None = None


class RatingSystem(Protocol):
    name: RatingSystemName

    def start(self) -> PlayerRating: ...

    def rate(self, before: Sequence[PlayerRating], scores: Sequence[int]) -> list[PlayerRating]:
        """The seats' ratings after a game: ``before`` theirs before it, ``scores`` their
        final points (equal points are a tie), seat order."""
        ...


def shared_ranks(scores: Sequence[int]) -> list[tuple[int, int]]:
    """Each seat's (best place, number tied on its score): 30,000/20,000/20,000/10,000
    gives (1, 1), (2, 2), (2, 2), (4, 1)."""
    # Descending, a score's first index is the number of better scores.
    ordered = sorted(scores, reverse=True)
    return [(ordered.index(score) + 1, ordered.count(score)) for score in scores]


def _round(value: Decimal, step: Decimal = PRECISION) -> Decimal:
    return value.quantize(step, rounding=ROUND_HALF_EVEN)


class TenhouR:
    """tenhou.net's R (module docstring), in exact integer arithmetic on hundredths."""

    name = RatingSystemName.TENHOU
    START = Decimal(1500)
    BASES = {4: (30, 10, -10, -30), 3: (30, 0, -30)}
    DIVISOR = 40
    ADJUSTMENT_GAMES = 400
    # The adjustment in thousandths: 1 - 0.002 x games, then 0.2.
    ADJUSTMENT_STEP, ADJUSTMENT_FLOOR = 2, 200

    def start(self) -> PlayerRating:
        return PlayerRating(value=self.START, games=0)

    def adjustment(self, games: int) -> Decimal:
        """``1 - 0.002 x games`` below 400 games rated before this one, then 0.2."""
        return Decimal(self._adjustment(games)) / 1000

    def _adjustment(self, games: int) -> int:
        if games >= self.ADJUSTMENT_GAMES:
            return self.ADJUSTMENT_FLOOR
        return 1000 - self.ADJUSTMENT_STEP * games

    def rate(self, before: Sequence[PlayerRating], scores: Sequence[int]) -> list[PlayerRating]:
        seats = len(before)
        if seats not in self.BASES or len(scores) != seats:
            raise ValueError(f"tenhou's R rates games of 3 or 4 players, not {seats}")
        hundredths = [int(rating.value.scaleb(2)) for rating in before]
        total = sum(hundredths)
        bases = self.BASES[seats]
        after = []
        ranks = shared_ranks(scores)
        for own, rating, (place, tied) in zip(hundredths, before, ranks, strict=True):
            # change = a/1000 x (b/tied + (total/seats - own)/40) in points, x100 in hundredths:
            # a x (4000 x b x seats + (total - seats x own) x tied) / (40000 x tied x seats).
            shared = sum(bases[place - 1 : place - 1 + tied])
            numerator = self._adjustment(rating.games) * (
                4000 * shared * seats + (total - seats * own) * tied
            )
            denominator = 40000 * tied * seats
            # The new rating is what is rounded (half to even), not the change alone.
            rounded = _divide_half_even(own * denominator + numerator, denominator)
            after.append(PlayerRating(value=Decimal(rounded).scaleb(-2), games=rating.games + 1))
        return after


def _divide_half_even(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded to the nearest integer, a half to the even one."""
    quotient, remainder = divmod(numerator, denominator)
    twice = 2 * remainder
    if twice > denominator or (twice == denominator and quotient % 2):
        quotient += 1
    return quotient


class OpenSkillPL:
    """OpenSkill's Plackett-Luce model (module docstring)."""

    name = RatingSystemName.OPENSKILL

    def __init__(self) -> None:
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.mu = Decimal(str(self.model.mu))
        self.sigma = _round(Decimal(str(self.model.sigma)), MODEL_PRECISION)

    def start(self) -> PlayerRating:
        return self._shown(self.mu, self.sigma, games=0)

    def _shown(self, mu: Decimal, sigma: Decimal, *, games: int) -> PlayerRating:
        return PlayerRating(value=_round(mu - 3 * sigma), games=games, mu=mu, sigma=sigma)

    def rate(self, before: Sequence[PlayerRating], scores: Sequence[int]) -> list[PlayerRating]:
        teams = [
            [
                self.model.rating(
                    mu=float(self.mu if rating.mu is None else rating.mu),
                    sigma=float(self.sigma if rating.sigma is None else rating.sigma),
                )
            ]
            for rating in before
        ]
        ranks = [float(place) for place, _ in shared_ranks(scores)]
        rated = self.model.rate(teams, ranks=ranks)
        after = []
        for own, (team,) in zip(before, rated, strict=True):
            mu = _round(Decimal(repr(team.mu)), MODEL_PRECISION)
            sigma = _round(Decimal(repr(team.sigma)), MODEL_PRECISION)
            after.append(self._shown(mu, sigma, games=own.games + 1))
        return after


def rating_system(name: str) -> RatingSystem:
    """The system called ``name`` (``RatingSystemName``); an unknown name raises ValueError."""
    systems: dict[str, type[TenhouR] | type[OpenSkillPL]] = {
        RatingSystemName.TENHOU: TenhouR,
        RatingSystemName.OPENSKILL: OpenSkillPL,
    }
    if name not in systems:
        raise ValueError(f"no rating system {name!r}: one of {', '.join(systems)}")
    return systems[name]()
