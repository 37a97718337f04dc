"""A parlor and what it plays with: members, tables, configured rulesets, rates.

Money is an integer in the currency's minor unit (yen for JPY, cents for
USD); points and chips are integers too. Everything belongs to one parlor,
and names and member numbers are unique within it.
"""

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from parlor.services.ruleset_options import complete_options
from parlor.validators import (
    validate_currency_code,
    validate_game_options,
    validate_ruleset_options,
    validate_time_zone,
)


class Parlor(models.Model):
    name = models.CharField(_("name"), max_length=100, unique=True)
    currency_code = models.CharField(
        _("currency code"), max_length=3, default="JPY", validators=[validate_currency_code]
    )
    currency_minor_unit_digits = models.PositiveSmallIntegerField(
        _("digits of the minor unit"),
        default=0,
        help_text=_("0 for JPY (amounts in yen), 2 for USD or EUR (amounts in cents)."),
    )
    time_zone = models.CharField(
        _("time zone"), max_length=64, default="Asia/Tokyo", validators=[validate_time_zone]
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("parlor")
        verbose_name_plural = _("parlors")

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="players", verbose_name=_("parlor")
    )
    member_number = models.CharField(_("member number"), max_length=20)
    name = models.CharField(_("name"), max_length=100)
    contact = models.CharField(
        _("contact"), max_length=200, blank=True, help_text=_("Phone number or e-mail address.")
    )
    is_active = models.BooleanField(_("active"), default=True)
    # The class whose fee discount the player gets (student, member tier); None: none.
    fee_class = models.ForeignKey(
        "PlayerClass",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="players",
        verbose_name=_("class"),
        help_text=_("The fee discount the player gets (student, member tier)."),
    )
    # The member's login, so they can read their own statements through the API (role "player").
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="player",
        verbose_name=_("user account"),
    )

    class Meta:
        ordering = ["parlor", "member_number"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["parlor", "member_number"], name="player_member_number_unique_per_parlor"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member_number} {self.name}"

    def clean(self) -> None:
        super().clean()
        chosen = self.fee_class
        if chosen is not None and self.parlor_id is not None and chosen.parlor_id != self.parlor_id:
            raise ValidationError({"fee_class": _("This class is another parlor's.")})


class Table(models.Model):
    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="tables", verbose_name=_("parlor")
    )
    name = models.CharField(_("name"), max_length=50, help_text=_("The table's name or number."))
    is_active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["parlor", "name"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["parlor", "name"], name="table_name_unique_per_parlor"),
        ]

    def __str__(self) -> str:
        return self.name


class RulesetConfig(models.Model):
    """An engine ruleset with this parlor's options, e.g. "Speed Tonpuu, chip 5,000"."""

    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="ruleset_configs", verbose_name=_("parlor")
    )
    name = models.CharField(_("name"), max_length=100)
    ruleset_slug = models.SlugField(
        _("engine ruleset"), max_length=50, help_text=_("The engine's ruleset, e.g. speed-tonpuu.")
    )
    options: models.JSONField[dict[str, Any]] = models.JSONField(
        _("options"),
        default=dict,
        blank=True,
        help_text=_("The ruleset's options, checked by the engine; saved complete."),
    )
    # The game-level options (length, uma, chip value, ...) of engine.game; see docs/ledger.md.
    game_options: models.JSONField[dict[str, Any]] = models.JSONField(
        _("game options"),
        default=dict,
        blank=True,
        help_text=_("The game rules' options (length, uma, chips), checked by the engine."),
    )
    is_active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["parlor", "name"]
        verbose_name = _("ruleset configuration")
        verbose_name_plural = _("ruleset configurations")
        constraints = [
            models.UniqueConstraint(
                fields=["parlor", "name"], name="rulesetconfig_name_unique_per_parlor"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        # Every way in (the admin's form, the API, the demo loader, a shell) stores the
        # complete option set, so a later change of an engine default changes no game of
        # this configuration (docs/ledger.md, "Options kept complete").
        self.options, self.game_options = complete_options(
            ruleset_slug=self.ruleset_slug, options=self.options, game_options=self.game_options
        )
        super().save(*args, **kwargs)

    def clean(self) -> None:
        super().clean()
        validate_ruleset_options(ruleset_slug=self.ruleset_slug, options=self.options)
        validate_game_options(ruleset_slug=self.ruleset_slug, game_options=self.game_options)


class PointUnit(models.IntegerChoices):
    """The points a rate prices as one unit (the engine's ``GameRules.point_unit``)."""

    PER_1000 = 1000, _("per 1,000 points")
    PER_100 = 100, _("per 100 points")
    PER_POINT = 1, _("per point")


class GameFeePayer(models.TextChoices):
    EACH_PLAYER = "each_player", _("each player")
    WINNER = "winner", _("the winner (1st place)")
    LOSER = "loser", _("the loser (last place)")


class TimeFeeBasis(models.TextChoices):
    """What a time fee (set tables) is priced per: each player's hour or the table's hour."""

    PERSON_HOUR = "person_hour", _("per person-hour")
    TABLE_HOUR = "table_hour", _("per table-hour (shared by the players)")


class Rate(models.Model):
    """What points, chips and a game are worth in money at this parlor, and its fees.

    The fees (docs/fees.md): the game fee (each player, the winner or the loser), a top
    fee (トップ賞) paid by first place in addition, a time fee for set tables, and
    the players' class discounts. A rate that runs **points only** converts and posts
    no money at all: balances stay in points and chips.
    """

    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="rates", verbose_name=_("parlor")
    )
    name = models.CharField(_("name"), max_length=100)
    point_unit = models.PositiveIntegerField(
        _("points priced"),
        choices=PointUnit.choices,
        default=PointUnit.PER_1000,
        help_text=_(
            "The scale the rate prices: per 1,000 points for rulesets that score in thousands"
            " (riichi, speed tonpuu), per point for rulesets that score in points (Toutenkou)."
            " A session refuses a rate whose scale does not fit its ruleset."
        ),
    )
    money_per_unit = models.PositiveIntegerField(
        _("money per point unit"),
        help_text=_("Money for each unit of points (see points priced), in the minor unit."),
    )
    money_per_chip = models.PositiveIntegerField(
        _("money per chip"), help_text=_("In the currency's minor unit.")
    )
    game_fee = models.PositiveIntegerField(
        _("game fee"), help_text=_("Charged to each payer, per game, in the currency's minor unit.")
    )
    game_fee_payer = models.CharField(
        _("game fee paid by"),
        max_length=20,
        choices=GameFeePayer.choices,
        default=GameFeePayer.EACH_PLAYER,
        help_text=_("“The winner (1st place)” is a top-only fee: only first place pays it."),
    )
    top_fee = models.PositiveIntegerField(
        _("top fee"),
        default=0,
        help_text=_(
            "Paid by first place in addition to the game fee (トップ賞), per game, in the"
            " currency's minor unit. 0: none."
        ),
    )
    time_fee = models.PositiveIntegerField(
        _("time fee per hour"),
        default=0,
        help_text=_(
            "For set tables: money per hour, per person or per table (below), from the"
            " session's start to its close, in the currency's minor unit. 0: none."
        ),
    )
    time_fee_basis = models.CharField(
        _("time fee priced"),
        max_length=20,
        choices=TimeFeeBasis.choices,
        default=TimeFeeBasis.PERSON_HOUR,
    )
    time_fee_step_minutes = models.PositiveSmallIntegerField(
        _("time fee charged per started"),
        default=30,
        validators=[MinValueValidator(1), MaxValueValidator(600)],
        help_text=_("Minutes: the time is charged in whole steps, a started step in full."),
    )
    points_only = models.BooleanField(
        _("points only"),
        default=False,
        help_text=_(
            "No money: points and chips are not converted and no fee is posted; balances"
            " stay in points and chips. For parlors that settle no money between players."
        ),
    )
    is_active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["parlor", "name"]
        verbose_name = _("rate")
        verbose_name_plural = _("rates")
        constraints = [
            models.UniqueConstraint(fields=["parlor", "name"], name="rate_name_unique_per_parlor"),
            models.CheckConstraint(
                condition=models.Q(game_fee_payer__in=GameFeePayer.values),
                name="rate_game_fee_payer_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(point_unit__in=PointUnit.values), name="rate_point_unit_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(time_fee_basis__in=TimeFeeBasis.values),
                name="rate_time_fee_basis_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(time_fee_step_minutes__gte=1), name="rate_time_fee_step_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        super().clean()
        charged = self.game_fee or self.top_fee or self.time_fee
        if self.points_only and charged:
            raise ValidationError(
                {
                    "points_only": _(
                        "A points-only rate posts no money, so it charges no fee: set the game,"
                        " top and time fees to 0, or untick points only."
                    )
                }
            )


class PlayerClass(models.Model):
    """A class of players with a fee discount, set by the manager: student, member tier.

    A class marked *first visit* applies by itself to a player on the business day of
    their first game at the parlor; a player in another class as well gets the larger
    of the two discounts, never both (docs/fees.md).
    """

    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="player_classes", verbose_name=_("parlor")
    )
    name = models.CharField(_("name"), max_length=100)
    percent_off = models.PositiveSmallIntegerField(
        _("percent off the fees"),
        default=0,
        validators=[MaxValueValidator(100)],
        help_text=_("Off the game, top and time fees the player pays for a game."),
    )
    amount_off = models.PositiveIntegerField(
        _("amount off per game"),
        default=0,
        help_text=_("Off the player's fees for each game, in the currency's minor unit."),
    )
    first_visit = models.BooleanField(
        _("first visit"),
        default=False,
        help_text=_("Applies by itself to a player on the business day of their first game."),
    )
    is_active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["parlor", "name"]
        verbose_name = _("player class")
        verbose_name_plural = _("player classes")
        constraints = [
            models.UniqueConstraint(
                fields=["parlor", "name"], name="playerclass_name_unique_per_parlor"
            ),
            models.UniqueConstraint(
                fields=["parlor"],
                condition=models.Q(first_visit=True),
                name="playerclass_one_first_visit_per_parlor",
            ),
            models.CheckConstraint(
                condition=models.Q(percent_off__lte=100), name="playerclass_percent_off_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    """A member's role in one parlor (the names of the role groups of parlor.services.roles)."""

    MANAGER = "manager", _("manager")
    STAFF = "staff", _("staff")
    PLAYER = "player", _("player")


class Membership(models.Model):
    """An account's role in one parlor: it sees that parlor's books and nothing of another's.

    A player's account is also linked to its player row (``Player.user``); superusers
    need no membership (they see every parlor). See docs/permissions.md.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="memberships",
        verbose_name=_("user"),
    )
    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="memberships", verbose_name=_("parlor")
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices)

    class Meta:
        ordering = ["parlor", "user"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "parlor"], name="membership_one_role_per_parlor"
            ),
            models.CheckConstraint(
                condition=models.Q(role__in=Role.values), name="membership_role_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.get_role_display()} @ {self.parlor}"


class StaffProfile(models.Model):
    """A user's preferences; the language is activated on every request after login."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="staff_profile",
        verbose_name=_("user"),
    )
    language = models.CharField(
        _("language"),
        max_length=10,
        choices=settings.LANGUAGES,
        blank=True,
        help_text=_("The language of the admin and statements; empty: the browser's."),
    )

    class Meta:
        verbose_name = _("staff profile")
        verbose_name_plural = _("staff profiles")

    def __str__(self) -> str:
        return f"{self.user}: {self.language or '-'}"
