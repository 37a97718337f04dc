"""The statistics' rows: derived from the books, rebuildable at any time, never money.

- ``SeatGame``: one seat of one live close, with what that game's live hands say about
  the seat (``counting.game_counts``) and how the game ended for it. Written when a
  session closes; the pages, the standings and the API sum these rows.
- ``PlayerRating``: a player's rating in a pool (its parlor and ruleset configuration),
  now and after each rated game (its ``history``). Rated in the total order (close time,
  session id).
- ``StatisticsOptions``: a parlor's choices (rating system, the scoreboard's standings).

``SeatGame`` rows of a close that a correction reversed stay until rebuilt but never
count: the readers keep only those whose ``posting`` is live, by the ledger's one rule
(``ledger.settle.settlement_selectors``). ``manage.py statistics_rebuild`` derives every
row again from the hands and settlements.
"""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from parlor.models import Parlor, Player, RulesetConfig
from players.statistics.ratings import RatingSystemName


class RatingSystemChoice(models.TextChoices):
    # The values of players.statistics.ratings.RatingSystemName (a test keeps them equal).
    TENHOU = RatingSystemName.TENHOU.value, _("tenhou's R")
    OPENSKILL = RatingSystemName.OPENSKILL.value, _("OpenSkill (Plackett-Luce)")


class SeatGame(models.Model):
    """One seat's game: the counts of ``players.statistics.counting.SeatCounts``, the ending."""

    session = models.ForeignKey(
        "ledger.Session", on_delete=models.CASCADE, related_name="+", verbose_name=_("session")
    )
    # The close's settlement posting: the row counts while it is live.
    posting = models.ForeignKey(
        "ledger.Posting", on_delete=models.CASCADE, related_name="+", verbose_name=_("posting")
    )
    parlor = models.ForeignKey(
        Parlor, on_delete=models.CASCADE, related_name="+", db_index=False, verbose_name=_("parlor")
    )
    ruleset_config = models.ForeignKey(
        RulesetConfig,
        on_delete=models.CASCADE,
        related_name="+",
        db_index=False,
        verbose_name=_("ruleset configuration"),
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", db_index=False, verbose_name=_("player")
    )
    closed_at = models.DateTimeField(_("closed at"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    seats = models.PositiveSmallIntegerField(_("players at the table"))
    final_score = models.IntegerField(_("final score"))
    # As the game was settled (ties by seat order, or shared: the best place).
    placement = models.PositiveSmallIntegerField(_("placement"))
    # Ties averaged, in halves: 5 is 2.5th (counting.averaged_places).
    place_halves = models.PositiveSmallIntegerField(_("place, ties averaged, in halves"))
    points = models.IntegerField(_("points"))
    chips = models.IntegerField(_("chips"))
    chips_in_play = models.BooleanField(_("chips in play"))
    busted = models.BooleanField(_("busted"))
    hands = models.PositiveIntegerField(_("hands"))
    wins = models.PositiveIntegerField(_("wins"))
    tsumo_wins = models.PositiveIntegerField(_("tsumo wins"))
    open_wins = models.PositiveIntegerField(_("wins with an open hand"))
    riichi_wins = models.PositiveIntegerField(_("wins in riichi"))
    points_won = models.BigIntegerField(_("points won"))
    points_won_squares = models.BigIntegerField(_("points won, sum of squares"))
    deal_ins = models.PositiveIntegerField(_("deal-ins"))
    deal_ins_riichi = models.PositiveIntegerField(_("deal-ins to riichi"))
    deal_ins_open = models.PositiveIntegerField(_("deal-ins to open hands"))
    deal_ins_closed = models.PositiveIntegerField(_("deal-ins to closed hands"))
    points_dealt_in = models.BigIntegerField(_("points dealt in"))
    points_dealt_in_squares = models.BigIntegerField(_("points dealt in, sum of squares"))
    riichi = models.PositiveIntegerField(_("riichi"))
    draws = models.PositiveIntegerField(_("exhaustive draws"))
    draws_tenpai = models.PositiveIntegerField(_("tenpai at exhaustive draws"))
    nagashi = models.PositiveIntegerField(_("nagashi mangan"))
    aborts = models.PositiveIntegerField(_("abortive draws"))
    chonbo = models.PositiveIntegerField(_("chonbo"))
    dead_hands = models.PositiveIntegerField(_("dead hands"))
    # {yaku name: wins}; {han bucket ("1".."12", "13+", "yakuman"): wins}.
    yaku: models.JSONField[dict[str, Any]] = models.JSONField(_("yaku"), default=dict)
    han: models.JSONField[dict[str, Any]] = models.JSONField(_("han"), default=dict)

    class Meta:
        verbose_name = _("player's game")
        verbose_name_plural = _("players' games")
        constraints = [
            models.UniqueConstraint(fields=["posting", "seat"], name="seat_game_unique"),
        ]
        indexes = [
            models.Index(fields=["parlor", "closed_at"], name="seat_game_parlor_closed"),
            models.Index(fields=["player", "closed_at"], name="seat_game_player_closed"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in session {self.session_id}: place {self.placement}"


# Ratings to two places (players.statistics.ratings.PRECISION); OpenSkill's mu and sigma to four.
class StandingsPage(SeatGame):
    """The admin's standings page (``players.statistics.standings_page``): no rows of its own,
    a place in the admin's index and its permissions."""

    class Meta:
        proxy = True
        verbose_name = _("standings")
        verbose_name_plural = _("standings")


RATING_PLACES, MODEL_PLACES = 2, 4


def _rating_field(label: str) -> models.DecimalField[Any, Any]:
    return models.DecimalField(_(label), max_digits=9, decimal_places=RATING_PLACES)


def _model_field(label: str) -> models.DecimalField[Any, Any]:
    return models.DecimalField(
        _(label), null=True, blank=True, max_digits=9, decimal_places=MODEL_PLACES
    )


class PlayerRating(models.Model):
    """A player's rating in one pool (parlor, ruleset configuration): now, and after each of
    their rated games (``history``, ``players.statistics.history``)."""

    parlor = models.ForeignKey(
        Parlor, on_delete=models.CASCADE, related_name="+", db_index=False, verbose_name=_("parlor")
    )
    ruleset_config = models.ForeignKey(
        RulesetConfig,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("ruleset configuration"),
    )
    system = models.CharField(_("rating system"), max_length=20, choices=RatingSystemChoice.choices)
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", db_index=False, verbose_name=_("player")
    )
    games = models.PositiveIntegerField(_("games rated"))
    value = _rating_field("rating")
    mu = models.DecimalField(
        _("mu"), null=True, blank=True, max_digits=9, decimal_places=MODEL_PLACES
    )
    sigma = models.DecimalField(
        _("sigma"), null=True, blank=True, max_digits=9, decimal_places=MODEL_PLACES
    )
    # The last rated game's place in the pool's order: (its close's time, its session).
    last_closed_at = models.DateTimeField(_("last game closed at"))
    last_session = models.ForeignKey(
        "ledger.Session",
        on_delete=models.CASCADE,
        related_name="+",
        db_index=False,
        verbose_name=_("last game's session"),
    )
    # [session id, close time, rating, games rated(, mu, sigma)] per rated game, in the
    # pool's order; whole numbers (players.statistics.history: microseconds, hundredths).
    history: models.JSONField[list[Any]] = models.JSONField(_("rating history"), default=list)

    class Meta:
        verbose_name = _("player rating")
        verbose_name_plural = _("player ratings")
        constraints = [
            models.UniqueConstraint(
                fields=["player", "ruleset_config"], name="player_rating_unique"
            ),
        ]
        indexes = [models.Index(fields=["parlor", "ruleset_config"], name="player_rating_pool")]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.value}"


class ScoreboardPeriod(models.TextChoices):
    MONTH = "month", _("this month")
    YEAR = "year", _("this year")
    ALL = "all", _("all time")


class StatisticsOptions(models.Model):
    """A parlor's statistics choices; a parlor without a row takes the defaults."""

    parlor = models.OneToOneField(
        Parlor,
        on_delete=models.CASCADE,
        related_name="statistics_options",
        verbose_name=_("parlor"),
    )
    rating_system = models.CharField(
        _("rating system"),
        max_length=20,
        choices=RatingSystemChoice.choices,
        default=RatingSystemChoice.TENHOU,
        help_text=_("Changing it recomputes every rating of the parlor from its games."),
    )
    scoreboard_standings = models.BooleanField(
        _("standings on the scoreboard"),
        default=False,
        help_text=_("Show the standings (names and numbers, no money) on the scoreboard screen."),
    )
    scoreboard_period = models.CharField(
        _("standings period"),
        max_length=10,
        choices=ScoreboardPeriod.choices,
        default=ScoreboardPeriod.MONTH,
    )
    scoreboard_min_games = models.PositiveIntegerField(
        _("minimum games"),
        default=0,
        help_text=_("Players with fewer games in the period are left off the scoreboard."),
    )

    class Meta:
        verbose_name = _("statistics options")
        verbose_name_plural = _("statistics options")

    def __str__(self) -> str:
        return f"{self.parlor}: statistics"
