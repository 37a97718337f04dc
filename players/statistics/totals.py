"""A player's counts summed over games, and every rate the pages show, each with its sample.

``Totals`` is what a view sums (in the database for the standings, in Python for one
player's page): integer sums of ``SeatGame`` columns. Its properties are the figures
of issue 35, each a ``Rate`` or ``Mean`` (``figures``) that knows its sample and its
standard error:

| figure | of | sample |
|---|---|---|
| top, top-two, last-avoidance rates | games placed 1st; 1st or 2nd; not last (as settled) | games |
| average placement | places with ties averaged (2.5 for two tied for 2nd) | games |
| win rate (和了率), riichi rate | wins; hands with a riichi | hands |
| deal-in rate (放銃率), to riichi / open / closed hands | hands dealt in | hands |
| open-hand share, tsumo share | wins with an open hand; tsumo wins | wins |
| average points won | points paid to each win | wins |
| average points dealt in | ron payments per deal-in hand | deal-ins |
| tenpai at exhaustive draws | draws tenpai | exhaustive draws |
| bust rate (トビ率) | games the player busted | games |
| chips per game | chips (final, placement chips included) | games with chips in play |
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

from players.statistics.counting import HAN_BUCKETS
from players.statistics.figures import Mean, Rate

# Columns of SeatGame summed as they are.
SUMMED = (
    "hands", "wins", "tsumo_wins", "open_wins", "riichi_wins", "points_won",
    "points_won_squares", "deal_ins", "deal_ins_riichi", "deal_ins_open", "deal_ins_closed",
    "points_dealt_in", "points_dealt_in_squares", "riichi", "draws", "draws_tenpai", "nagashi",
    "aborts", "chonbo", "dead_hands", "points", "place_halves",
)  # fmt: skip


_COUNTED = (
    "games", "first", "second", "third", "fourth", "lasts", "place_halves",
    "place_halves_squares", "busted", "chip_games", "chips", *SUMMED,
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Totals:
    games: int = 0
    first: int = 0
    second: int = 0
    third: int = 0
    fourth: int = 0
    # Games placed last (4th of four, 3rd of three).
    lasts: int = 0
    place_halves: int = 0
    place_halves_squares: int = 0
    busted: int = 0
    chip_games: int = 0
    chips: int = 0
    points: int = 0
    hands: int = 0
    wins: int = 0
    tsumo_wins: int = 0
    open_wins: int = 0
    riichi_wins: int = 0
    points_won: int = 0
    points_won_squares: int = 0
    deal_ins: int = 0
    deal_ins_riichi: int = 0
    deal_ins_open: int = 0
    deal_ins_closed: int = 0
    points_dealt_in: int = 0
    points_dealt_in_squares: int = 0
    riichi: int = 0
    draws: int = 0
    draws_tenpai: int = 0
    nagashi: int = 0
    aborts: int = 0
    chonbo: int = 0
    dead_hands: int = 0
    yaku: Mapping[str, int] = field(default_factory=dict)
    han: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def from_sums(
        cls,
        sums: Mapping[str, Any],
        *,
        yaku: Mapping[str, int] | None = None,
        han: Mapping[str, int] | None = None,
    ) -> Totals:
        """From a mapping of the field names to their sums (None, as SQL sums nothing, is 0)."""
        counted: dict[str, Any] = {name: int(sums.get(name) or 0) for name in _COUNTED}
        return cls(**counted, yaku=dict(yaku or {}), han=dict(han or {}))

    # Placements (as settled) and the average place (ties averaged).
    @property
    def top_rate(self) -> Rate:
        return Rate(self.first, self.games)

    @property
    def top_two_rate(self) -> Rate:
        return Rate(self.first + self.second, self.games)

    @property
    def last_avoidance_rate(self) -> Rate:
        return Rate(self.games - self.lasts, self.games)

    @property
    def average_placement(self) -> Mean:
        return Mean(self.place_halves, self.place_halves_squares, self.games, scale=2)

    @property
    def bust_rate(self) -> Rate:
        return Rate(self.busted, self.games)

    # Per hand.
    @property
    def win_rate(self) -> Rate:
        return Rate(self.wins, self.hands)

    @property
    def deal_in_rate(self) -> Rate:
        return Rate(self.deal_ins, self.hands)

    @property
    def deal_in_riichi_rate(self) -> Rate:
        return Rate(self.deal_ins_riichi, self.hands)

    @property
    def deal_in_open_rate(self) -> Rate:
        return Rate(self.deal_ins_open, self.hands)

    @property
    def deal_in_closed_rate(self) -> Rate:
        return Rate(self.deal_ins_closed, self.hands)

    @property
    def riichi_rate(self) -> Rate:
        return Rate(self.riichi, self.hands)

    # Per win, per deal-in, per draw.
    @property
    def open_win_share(self) -> Rate:
        return Rate(self.open_wins, self.wins)

    @property
    def tsumo_share(self) -> Rate:
        return Rate(self.tsumo_wins, self.wins)

    @property
    def average_points_won(self) -> Mean:
        return Mean(self.points_won, self.points_won_squares, self.wins)

    @property
    def average_points_dealt_in(self) -> Mean:
        return Mean(self.points_dealt_in, self.points_dealt_in_squares, self.deal_ins)

    @property
    def tenpai_rate(self) -> Rate:
        return Rate(self.draws_tenpai, self.draws)

    @property
    def chips_per_game(self) -> Decimal | None:
        """None where no game of these paid chips."""
        if not self.chip_games:
            return None
        ratio = Decimal(self.chips) / Decimal(self.chip_games)
        return ratio.quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN)

    def han_distribution(self) -> list[tuple[str, int]]:
        """(bucket, wins) in bucket order, every bucket listed."""
        return [(bucket, int(self.han.get(bucket, 0))) for bucket in HAN_BUCKETS]

    def yaku_distribution(self) -> list[tuple[str, int]]:
        """(yaku, wins) most counted first, then by name."""
        return sorted(self.yaku.items(), key=lambda item: (-item[1], item[0]))


# The figures a view may sort by or name (API, exports): name -> how to read it off.
RATES = (
    "top_rate", "top_two_rate", "last_avoidance_rate", "bust_rate", "win_rate",
    "deal_in_rate", "deal_in_riichi_rate", "deal_in_open_rate", "deal_in_closed_rate",
    "riichi_rate", "open_win_share", "tsumo_share", "tenpai_rate",
)  # fmt: skip
MEANS = ("average_placement", "average_points_won", "average_points_dealt_in")


def totals_of(rows: Iterable[Any]) -> Totals:
    """The totals of ``SeatGame`` rows (or anything with their attributes), in Python."""
    sums: Counter[str] = Counter()
    yaku: Counter[str] = Counter()
    han: Counter[str] = Counter()
    for row in rows:
        sums["games"] += 1
        place = row.placement
        sums[("first", "second", "third", "fourth")[place - 1]] += 1
        sums["lasts"] += place == row.seats
        sums["place_halves_squares"] += row.place_halves * row.place_halves
        sums["busted"] += row.busted
        if row.chips_in_play:
            sums["chip_games"] += 1
            sums["chips"] += row.chips
        for name in SUMMED:
            sums[name] += getattr(row, name)
        yaku.update(row.yaku)
        han.update(row.han)
    return Totals.from_sums(sums, yaku=yaku, han=han)
