"""A player's visit: checked in at the counter for a business day, checked out when they leave.

A visit is the frame of a regular's day (issue 34, item 4): the floor seats only
players with an open visit, and the check-out slip will settle the games, fees
and counter entries of the visit in one posting (built on the counter's postings;
docs/visits.md). At most one open visit per player and parlor: the database
refuses a second (``visit_one_open_per_player``), so two desks checking the same
player in at once record one visit.

A manager sets each player's credit limit (:class:`CreditLimit`, money in the
currency's minor unit). A check-in while the player owes the parlor more than
that is refused unless a manager overrides it; the override is recorded on the
visit with who and why, and so are the amount owed and the limit at check-in.
"""

from django.conf import settings
from django.core.validators import MaxValueValidator, RegexValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from parlor.models import Parlor, Player


class CreditLimit(models.Model):
    """How much a player may owe the parlor and still be checked in without a manager."""

    player = models.OneToOneField(
        Player, on_delete=models.PROTECT, related_name="credit_limit", verbose_name=_("player")
    )
    amount = models.PositiveBigIntegerField(
        _("credit limit"), help_text=_("Money in the currency's minor unit (yen for JPY).")
    )
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("set by"),
    )
    set_at = models.DateTimeField(_("set at"), default=timezone.now)

    class Meta:
        ordering = ["player"]
        verbose_name = _("credit limit")
        verbose_name_plural = _("credit limits")

    def __str__(self) -> str:
        return f"{self.player}: {self.amount}"


class Visit(models.Model):
    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="visits", verbose_name=_("parlor")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="visits", verbose_name=_("player")
    )
    business_day = models.DateField(_("business day"))
    checked_in_at = models.DateTimeField(_("checked in at"), default=timezone.now)
    checked_in_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("checked in by"),
    )
    checked_out_at = models.DateTimeField(_("checked out at"), null=True, blank=True)
    checked_out_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("checked out by"),
    )
    # What the player owed the parlor and their limit when checked in (money, minor unit).
    owed_at_check_in = models.BigIntegerField(_("owed at check-in"), default=0)
    credit_limit_at_check_in = models.PositiveBigIntegerField(
        _("credit limit at check-in"), null=True, blank=True
    )
    # A check-in above the limit: the manager who let it through, and why.
    override_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("limit overridden by"),
    )
    override_reason = models.TextField(_("reason for the override"), blank=True)

    class Meta:
        ordering = ["-checked_in_at", "-pk"]
        verbose_name = _("visit")
        verbose_name_plural = _("visits")
        constraints = [
            models.UniqueConstraint(
                fields=["parlor", "player"],
                condition=Q(checked_out_at__isnull=True),
                name="visit_one_open_per_player",
            ),
            models.CheckConstraint(
                condition=Q(checked_out_at__isnull=True, checked_out_by__isnull=True)
                | Q(checked_out_at__isnull=False, checked_out_by__isnull=False),
                name="visit_check_out_has_who_and_when",
            ),
            models.CheckConstraint(
                condition=Q(override_by__isnull=True, override_reason="")
                | (Q(override_by__isnull=False) & ~Q(override_reason="")),
                name="visit_override_has_who_and_why",
            ),
        ]
        indexes = [models.Index(fields=["parlor", "business_day"], name="visit_parlor_day")]

    def __str__(self) -> str:
        return f"{self.player} ({self.business_day})"

    @property
    def is_open(self) -> bool:
        return self.checked_out_at is None


class VisitSettlement(models.Model):
    """A visit's check-out slip as confirmed: the one posting that settled it (append-only).

    ``slip`` keeps what the staff confirmed, figure for figure (``ledger.counter.slip``
    as JSON), so a reprint shows what was paid even after a later correction of a game,
    which the next visit's slip carries. ``cut`` is the last posting the slip covered: the
    next slip starts after it. ``posting`` is None when nothing was left to move.
    """

    visit = models.OneToOneField(
        Visit, on_delete=models.PROTECT, related_name="settlement", verbose_name=_("visit")
    )
    posting = models.OneToOneField(
        "ledger.Posting",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="visit_settlement",
        verbose_name=_("posting"),
    )
    cut = models.BigIntegerField(_("last posting covered"))
    slip: models.JSONField[dict[str, object]] = models.JSONField(_("slip as confirmed"))
    settled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("settled by"),
    )
    settled_at = models.DateTimeField(_("settled at"), default=timezone.now)

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("visit settlement")
        verbose_name_plural = _("visit settlements")

    def __str__(self) -> str:
        return str(self.visit)


class InvoiceRegistration(models.Model):
    """The parlor's qualified-invoice registration (適格請求書発行事業者の登録番号).

    With one, the check-out slip itemizes the fees and tab sales as a qualified invoice
    (docs/counter.md, "Qualified invoice"): the number, the rate, the tax at that rate.
    """

    parlor = models.OneToOneField(
        Parlor,
        on_delete=models.PROTECT,
        related_name="invoice_registration",
        verbose_name=_("parlor"),
    )
    registration_number = models.CharField(
        _("registration number"),
        max_length=14,
        validators=[
            RegexValidator(
                r"^T[0-9]{13}$",
                _("A registration number is T followed by 13 digits (T1234567890123)."),
            )
        ],
        help_text=_("T and 13 digits, as the tax office issued it."),
    )
    issuer_name = models.CharField(
        _("issuer's name"),
        max_length=200,
        help_text=_("The registered business name printed on invoices."),
    )
    tax_rate_percent = models.PositiveSmallIntegerField(
        _("consumption tax rate (%)"),
        default=10,
        validators=[MaxValueValidator(100)],
        help_text=_("The rate of the fees and of food and drink served in the parlor."),
    )
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("set by"),
    )

    class Meta:
        ordering = ["parlor"]
        verbose_name = _("invoice registration")
        verbose_name_plural = _("invoice registrations")

    def __str__(self) -> str:
        return f"{self.parlor}: {self.registration_number}"
