"""How the statistics read as JSON: every rate with its count, sample and standard error."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.periods import BIGINT_MAX, PeriodQuerySerializer
from players.statistics.figures import Mean, Rate
from players.statistics.selectors import SORT_FIELDS
from players.statistics.totals import Totals

RATE_HELP = (
    "count / sample; standard_error is the binomial one; small is true under 100 in the"
    " sample (docs/statistics.md)"
)


class RateFigureSerializer(serializers.Serializer[Rate]):
    count = serializers.IntegerField()
    sample = serializers.IntegerField(help_text="Hands, games, wins or draws: the denominator.")
    value = serializers.DecimalField(max_digits=6, decimal_places=4, allow_null=True)
    standard_error = serializers.DecimalField(max_digits=6, decimal_places=4, allow_null=True)
    small = serializers.BooleanField(help_text="The sample is too small to mean much.")


class MeanFigureSerializer(serializers.Serializer[Mean]):
    sample = serializers.IntegerField()
    value = serializers.DecimalField(max_digits=14, decimal_places=4, allow_null=True)
    standard_error = serializers.DecimalField(max_digits=14, decimal_places=4, allow_null=True)
    small = serializers.BooleanField()


class CountSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    wins = serializers.IntegerField()


class TotalsSerializer(serializers.Serializer[Totals]):
    games = serializers.IntegerField()
    hands = serializers.IntegerField()
    first = serializers.IntegerField()
    second = serializers.IntegerField()
    third = serializers.IntegerField()
    fourth = serializers.IntegerField()
    points = serializers.IntegerField(help_text="Points settled (oka and uma included).")
    wins = serializers.IntegerField()
    tsumo_wins = serializers.IntegerField()
    open_wins = serializers.IntegerField()
    riichi_wins = serializers.IntegerField()
    deal_ins = serializers.IntegerField()
    deal_ins_riichi = serializers.IntegerField()
    deal_ins_open = serializers.IntegerField()
    deal_ins_closed = serializers.IntegerField()
    riichi = serializers.IntegerField()
    draws = serializers.IntegerField(help_text="Exhaustive draws played.")
    draws_tenpai = serializers.IntegerField()
    nagashi = serializers.IntegerField()
    aborts = serializers.IntegerField()
    chonbo = serializers.IntegerField()
    dead_hands = serializers.IntegerField()
    busted = serializers.IntegerField()
    chips_per_game = serializers.DecimalField(
        max_digits=12,
        decimal_places=2,
        allow_null=True,
        help_text="Null where no game paid chips.",
    )
    # Every figure of players.statistics.totals RATES and MEANS (a test keeps them equal).
    top_rate = RateFigureSerializer(help_text=RATE_HELP)
    top_two_rate = RateFigureSerializer(help_text=RATE_HELP)
    last_avoidance_rate = RateFigureSerializer(help_text=RATE_HELP)
    bust_rate = RateFigureSerializer(help_text=RATE_HELP)
    win_rate = RateFigureSerializer(help_text=RATE_HELP)
    deal_in_rate = RateFigureSerializer(help_text=RATE_HELP)
    deal_in_riichi_rate = RateFigureSerializer(help_text=RATE_HELP)
    deal_in_open_rate = RateFigureSerializer(help_text=RATE_HELP)
    deal_in_closed_rate = RateFigureSerializer(help_text=RATE_HELP)
    riichi_rate = RateFigureSerializer(help_text=RATE_HELP)
    open_win_share = RateFigureSerializer(help_text=RATE_HELP)
    tsumo_share = RateFigureSerializer(help_text=RATE_HELP)
    tenpai_rate = RateFigureSerializer(help_text=RATE_HELP)
    average_placement = MeanFigureSerializer()
    average_points_won = MeanFigureSerializer()
    average_points_dealt_in = MeanFigureSerializer()


class TotalsWithDistributionsSerializer(TotalsSerializer):
    yaku = serializers.SerializerMethodField()
    han = serializers.SerializerMethodField()

    @extend_schema_field(CountSerializer(many=True))
    def get_yaku(self, totals: Totals) -> Any:
        return [{"name": name, "wins": wins} for name, wins in totals.yaku_distribution()]

    @extend_schema_field(CountSerializer(many=True))
    def get_han(self, totals: Totals) -> Any:
        """Buckets "1" to "12", "13+" and "yakuman"."""
        return [{"name": name, "wins": wins} for name, wins in totals.han_distribution()]


class GamePointSerializer(serializers.Serializer[Any]):
    session = serializers.IntegerField(source="session_id")
    closed_at = serializers.DateTimeField()
    placement = serializers.IntegerField()
    final_score = serializers.IntegerField()
    points = serializers.IntegerField()


class RatingPointSerializer(serializers.Serializer[Any]):
    session = serializers.IntegerField(source="session_id")
    closed_at = serializers.DateTimeField()
    value = serializers.DecimalField(max_digits=9, decimal_places=2)
    games = serializers.IntegerField()


class CurrentRatingSerializer(serializers.Serializer[Any]):
    system = serializers.CharField(help_text="tenhou or openskill")
    value = serializers.DecimalField(max_digits=9, decimal_places=2)
    games = serializers.IntegerField()


class ConfigStatisticsSerializer(serializers.Serializer[Any]):
    ruleset_config = serializers.IntegerField(source="ruleset_config_id")
    ruleset_config_name = serializers.CharField()
    totals = TotalsWithDistributionsSerializer()
    games = GamePointSerializer(many=True)
    ratings = RatingPointSerializer(many=True)
    rating = CurrentRatingSerializer(allow_null=True)


class PlayerStatisticsSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(source="player.pk")
    player_name = serializers.CharField(source="player.name")
    date_from = serializers.DateField(source="period.first", allow_null=True)
    date_to = serializers.DateField(source="period.last", allow_null=True)
    configs = ConfigStatisticsSerializer(many=True)


class StandingsLineSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(source="player_id")
    member_number = serializers.CharField()
    player_name = serializers.CharField()
    ruleset_config = serializers.IntegerField(source="ruleset_config_id")
    ruleset_config_name = serializers.CharField()
    rating = serializers.DecimalField(max_digits=9, decimal_places=2, allow_null=True)
    rating_games = serializers.IntegerField()
    totals = TotalsSerializer()


class StatisticsStandingsSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField(help_text="Lines in all pages.")
    page = serializers.IntegerField()
    page_size = serializers.IntegerField()
    parlor = serializers.IntegerField(source="parlor.pk")
    date_from = serializers.DateField(source="period.first", allow_null=True)
    date_to = serializers.DateField(source="period.last", allow_null=True)
    ruleset_config = serializers.IntegerField(source="ruleset_config_id", allow_null=True)
    min_games = serializers.IntegerField()
    ordering = serializers.CharField()
    lines = StandingsLineSerializer(many=True)


class PlayerStatisticsQuerySerializer(PeriodQuerySerializer):
    date_from = serializers.DateField(
        required=False, help_text="First business day (default: the first game)."
    )
    date_to = serializers.DateField(
        required=False, help_text="Last business day, included (default: the last game)."
    )
    ruleset_config = serializers.IntegerField(required=False, min_value=1, max_value=BIGINT_MAX)


class StatisticsStandingsQuerySerializer(PlayerStatisticsQuerySerializer):
    parlor = serializers.IntegerField(min_value=1, max_value=BIGINT_MAX)
    date_from = serializers.DateField(
        required=False, help_text="First business day (default: the 1st of this month)."
    )
    date_to = serializers.DateField(
        required=False, help_text="Last business day, included (default: the month's last)."
    )
    min_games = serializers.IntegerField(required=False, min_value=0, max_value=1_000_000)
    ordering = serializers.ChoiceField(
        choices=[*SORT_FIELDS, *(f"-{name}" for name in SORT_FIELDS)],
        default="-rating",
        required=False,
    )
    page = serializers.IntegerField(required=False, min_value=1, max_value=1_000_000)
    page_size = serializers.IntegerField(
        required=False, min_value=1, max_value=500, help_text="Lines per page (default 50)."
    )
