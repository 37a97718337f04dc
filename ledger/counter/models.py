"""The counter's records: entries (each with its posting) and the till's closes.

Both tables are append-only: PostgreSQL refuses their UPDATE, DELETE and
TRUNCATE (migration ledger/0025), as it does the postings'. Amounts are
positive integers in the parlor's currency minor unit; which way the money
goes follows from the entry's kind (``ledger.counter.kinds``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from parlor.models import Parlor, Player


class CounterEntryKind(models.TextChoices):
    # A player's deposit (預かり): taken on entry, returned at leave or applied to what they owe.
    DEPOSIT_TAKEN = "deposit_taken", _("deposit taken")
    DEPOSIT_RETURNED = "deposit_returned", _("deposit returned")
    DEPOSIT_APPLIED = "deposit_applied", _("deposit applied to the balance")
    # A prepaid balance: topped up at the counter, spent on game fees.
    PREPAID_TOPUP = "prepaid_topup", _("prepaid top-up")
    PREPAID_SPENT = "prepaid_spent", _("prepaid spent on fees")
    # Settling a player's results: the player pays what they lost, or is paid what they won.
    PAYMENT_RECEIVED = "payment_received", _("payment from the player")
    PAYMENT_MADE = "payment_made", _("payment to the player")
    # Other money at the counter: a sale paid at once, or put on the player's tab (paid with
    # the visit's settlement at check-out).
    SALE = "sale", _("sale")
    SALE_ON_TAB = "sale_on_tab", _("sale on the tab")
    PAID_OUT = "paid_out", _("paid-out")
    # Cash between the safe and the till: the opening float, and cash taken out (a drop).
    FLOAT_IN = "float_in", _("float into the till")
    CASH_DROP = "cash_drop", _("cash taken from the till")
    # What a till count found above or below the expected till (不明金); made by a close.
    TILL_OVER = "till_over", _("till over")
    TILL_SHORT = "till_short", _("till short")
    # A staff member who plays (issue 36): cash advanced to play with (アウト), and returned.
    MEMBER_ADVANCE = "member_advance", _("cash advanced to a staff member")
    MEMBER_ADVANCE_RETURNED = "member_repaid", _("staff member's advance returned")


class PaymentMethod(models.TextChoices):
    CASH = "cash", _("cash")
    CARD = "card", _("card")
    QR = "qr", _("QR code")
    # Between a player's own accounts: nothing crosses the counter.
    BALANCE = "balance", _("from a balance")


class CounterCategory(models.TextChoices):
    """What a sale or a paid-out was for (the day report groups by it)."""

    DRINK = "drink", _("drink")
    FOOD = "food", _("food")
    GOODS = "goods", _("goods")
    SUPPLIES = "supplies", _("supplies")
    SERVICES = "services", _("services")
    OTHER = "other", _("other")


class CounterEntry(models.Model):
    """One movement at the counter and the posting it made (append-only)."""

    # No index of its own: ``counter_parlor_day`` starts with it.
    parlor = models.ForeignKey(
        Parlor,
        on_delete=models.PROTECT,
        related_name="counter_entries",
        verbose_name=_("parlor"),
        db_index=False,
    )
    kind = models.CharField(_("kind"), max_length=20, choices=CounterEntryKind.choices)
    player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="counter_entries",
        verbose_name=_("player"),
    )
    amount = models.BigIntegerField(_("amount"), help_text=_("In the currency's minor unit."))
    method = models.CharField(_("payment method"), max_length=10, choices=PaymentMethod.choices)
    category = models.CharField(
        _("category"), max_length=20, choices=CounterCategory.choices, blank=True
    )
    memo = models.CharField(_("memo"), max_length=200, blank=True)
    # One posting per entry, except a visit's settlement: its parts (prepaid spent, deposit
    # applied and returned, the payment) are entries of one posting (ledger.counter.settle).
    posting = models.ForeignKey(
        "ledger.Posting",
        on_delete=models.PROTECT,
        related_name="counter_entries",
        verbose_name=_("posting"),
    )
    # The visit the entry was made during (the player's open visit), so its slip lists it.
    visit = models.ForeignKey(
        "ledger.Visit",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="counter_entries",
        verbose_name=_("visit"),
    )
    # A reversal names the entry it takes back: same kind, amount and method, legs negated.
    reverses = models.OneToOneField(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reversed_by",
        verbose_name=_("reverses"),
    )
    business_day = models.DateField(_("business day"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("recorded by"),
    )
    created_at = models.DateTimeField(_("recorded at"), default=timezone.now)

    class Meta:
        ordering = ["parlor", "pk"]
        verbose_name = _("counter entry")
        verbose_name_plural = _("counter entries")
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="counter_amount_positive"),
            models.CheckConstraint(
                condition=Q(kind__in=CounterEntryKind.values), name="counter_kind_valid"
            ),
            models.CheckConstraint(
                condition=Q(method__in=PaymentMethod.values), name="counter_method_valid"
            ),
        ]
        indexes = [models.Index(fields=["parlor", "business_day"], name="counter_parlor_day")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount} ({self.get_method_display()})"


class TillCloseKind(models.TextChoices):
    SHIFT = "shift", _("shift handover")
    DAY = "day", _("end of the business day")


class TillClose(models.Model):
    """A till counted and closed: the period since the previous close is locked.

    The period holds the parlor's cash entries after ``previous``'s last entry up to
    ``last_entry`` (entry ids: the till's lock orders them). ``expected`` is the opening
    float (the previous close's count) plus their cash; the difference was posted as a
    ``till_over`` or ``till_short`` entry (``difference_entry``).
    """

    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="till_closes", verbose_name=_("parlor")
    )
    kind = models.CharField(_("kind"), max_length=10, choices=TillCloseKind.choices)
    business_day = models.DateField(_("business day"))
    previous = models.OneToOneField(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="next_close",
        verbose_name=_("previous close"),
    )
    last_entry = models.ForeignKey(
        CounterEntry,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("last entry of the period"),
    )
    opening_float = models.BigIntegerField(_("opening float"))
    cash_entries = models.BigIntegerField(_("cash from the entries"))
    expected = models.BigIntegerField(_("expected till"))
    counted = models.BigIntegerField(_("counted till"))
    # {"10000": 3, "500": 2}: how many of each note and coin (face value in the minor unit).
    denominations = models.JSONField(_("count by denomination"))
    difference = models.BigIntegerField(_("difference (over +, short -)"))
    difference_entry = models.OneToOneField(
        CounterEntry,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="till_close",
        verbose_name=_("over/short entry"),
    )
    memo = models.CharField(_("memo"), max_length=200, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("closed by"),
    )
    closed_at = models.DateTimeField(_("closed at"), default=timezone.now)

    class Meta:
        ordering = ["parlor", "pk"]
        verbose_name = _("till close")
        verbose_name_plural = _("till closes")
        constraints = [
            models.CheckConstraint(
                condition=Q(expected=models.F("opening_float") + models.F("cash_entries")),
                name="till_close_expected_sum",
            ),
            models.CheckConstraint(
                condition=Q(difference=models.F("counted") - models.F("expected")),
                name="till_close_difference",
            ),
            # One end-of-day close per parlor and business day; shifts as many as there are.
            models.UniqueConstraint(
                fields=["parlor", "business_day"],
                condition=Q(kind="day"),
                name="till_close_one_day_close",
            ),
            # The chain of closes per parlor has one first close.
            models.UniqueConstraint(
                fields=["parlor"], condition=Q(previous__isnull=True), name="till_close_one_first"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.business_day}"
