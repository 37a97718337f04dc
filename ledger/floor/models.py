"""The floor's rows: queue entries, staff shifts, seat draws, the parlor's floor options, and
the back pay of staff who play."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from parlor.models import Parlor, Player, Rate, RulesetConfig, Table


class LeftBecause(models.TextChoices):
    LEFT = "left", _("left the queue")
    SEATED = "seated", _("seated")
    CHECKED_OUT = "checked_out", _("checked out")


class WaitingEntry(models.Model):
    """A checked-in player waiting for a game: a ruleset configuration at a rate."""

    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="waiting_entries", verbose_name=_("parlor")
    )
    visit = models.ForeignKey(
        "ledger.Visit",
        on_delete=models.PROTECT,
        related_name="waiting_entries",
        verbose_name=_("visit"),
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="waiting_entries", verbose_name=_("player")
    )
    ruleset_config = models.ForeignKey(
        RulesetConfig,
        on_delete=models.PROTECT,
        related_name="waiting_entries",
        verbose_name=_("ruleset configuration"),
    )
    rate = models.ForeignKey(
        Rate, on_delete=models.PROTECT, related_name="waiting_entries", verbose_name=_("rate")
    )
    joined_at = models.DateTimeField(_("joined at"), default=timezone.now)
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("added by"),
    )  # fmt: skip
    left_at = models.DateTimeField(_("left at"), null=True, blank=True)
    left_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+", verbose_name=_("removed by"),
    )  # fmt: skip
    left_because = models.CharField(
        _("left because"), max_length=20, choices=LeftBecause.choices, blank=True
    )
    session = models.ForeignKey(
        "ledger.Session", on_delete=models.PROTECT, null=True, blank=True,
        related_name="waiting_entries", verbose_name=_("seated in"),
    )  # fmt: skip

    class Meta:
        ordering = ["joined_at", "pk"]
        verbose_name = _("waiting player")
        verbose_name_plural = _("waiting list")
        constraints = [
            models.UniqueConstraint(
                fields=["player", "ruleset_config", "rate"],
                condition=Q(left_at__isnull=True),
                name="waiting_once_per_game",
            ),
            models.CheckConstraint(
                condition=Q(left_at__isnull=True, left_because="")
                | (Q(left_at__isnull=False) & ~Q(left_because="")),
                name="waiting_left_has_when_and_why",
            ),
        ]
        indexes = [
            models.Index(
                fields=["parlor", "ruleset_config", "rate", "joined_at"],
                condition=Q(left_at__isnull=True),
                name="waiting_queue_order",
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.ruleset_config} / {self.rate})"


class StaffShift(models.Model):
    """A staff member on the floor, from clock-in to clock-out; ``player`` is whom they sit as."""

    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="staff_shifts", verbose_name=_("parlor")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="staff_shifts",
        verbose_name=_("staff member"),
    )  # fmt: skip
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="staff_shifts",
        verbose_name=_("plays as"),
        help_text=_("The player record the staff member sits at a table as."),
    )  # fmt: skip
    clocked_in_at = models.DateTimeField(_("clocked in at"), default=timezone.now)
    clocked_in_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("clocked in by"),
    )  # fmt: skip
    clocked_out_at = models.DateTimeField(_("clocked out at"), null=True, blank=True)
    clocked_out_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+", verbose_name=_("clocked out by"),
    )  # fmt: skip

    class Meta:
        ordering = ["clocked_in_at", "pk"]
        verbose_name = _("staff shift")
        verbose_name_plural = _("staff shifts")
        constraints = [
            models.UniqueConstraint(
                fields=["parlor", "user"],
                condition=Q(clocked_out_at__isnull=True),
                name="shift_one_open_per_staff",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.clocked_in_at:%Y-%m-%d %H:%M})"


class SeatDraw(models.Model):
    """One draw of the seats of a proposed table: who takes part and the seats they drew.

    ``seats`` lists the players' ids by seat (0 deals first), as the operating
    system's randomness shuffled ``candidates`` (the queue's order, then the staff
    member filling in). A re-draw is a new row pointing to the draw it replaces,
    with who asked and why. ``session`` is the game opened from the draw.
    """

    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="seat_draws", verbose_name=_("parlor")
    )
    table = models.ForeignKey(
        Table, on_delete=models.PROTECT, related_name="seat_draws", verbose_name=_("table")
    )
    ruleset_config = models.ForeignKey(
        RulesetConfig, on_delete=models.PROTECT, related_name="seat_draws",
        verbose_name=_("ruleset configuration"),
    )  # fmt: skip
    rate = models.ForeignKey(
        Rate, on_delete=models.PROTECT, related_name="seat_draws", verbose_name=_("rate")
    )
    candidates = models.JSONField(_("players drawn"))
    seats = models.JSONField(_("seats drawn"))
    # The waiting entries and the staff shift behind the candidates (ids), to confirm against.
    entries = models.JSONField(_("waiting entries"), default=list)
    staff_shift = models.ForeignKey(
        StaffShift, on_delete=models.PROTECT, null=True, blank=True, related_name="seat_draws",
        verbose_name=_("staff filling in"),
    )  # fmt: skip
    drawn_at = models.DateTimeField(_("drawn at"), default=timezone.now)
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("drawn by"),
    )  # fmt: skip
    redraw_of = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="redrawn_as",
        verbose_name=_("re-draw of"),
    )  # fmt: skip
    reason = models.TextField(_("why drawn again"), blank=True)
    session = models.OneToOneField(
        "ledger.Session", on_delete=models.PROTECT, null=True, blank=True,
        related_name="seat_draw", verbose_name=_("session"),
    )  # fmt: skip

    class Meta:
        ordering = ["-drawn_at", "-pk"]
        verbose_name = _("seat draw")
        verbose_name_plural = _("seat draws")
        constraints = [
            models.CheckConstraint(
                condition=Q(redraw_of__isnull=True, reason="")
                | (Q(redraw_of__isnull=False) & ~Q(reason="")),
                name="seat_draw_redraw_has_why",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.drawn_at:%Y-%m-%d %H:%M}"


class FloorOptions(models.Model):
    """What the parlor's scoreboard shows of the waiting list (never money)."""

    parlor = models.OneToOneField(
        Parlor, on_delete=models.CASCADE, related_name="floor_options", verbose_name=_("parlor")
    )
    scoreboard_waiting_names = models.BooleanField(
        _("show waiting players' names on the scoreboard"),
        default=False,
        help_text=_("Off: the scoreboard shows only how many wait for each game."),
    )

    class Meta:
        verbose_name = _("floor options")
        verbose_name_plural = _("floor options")

    def __str__(self) -> str:
        return str(self.parlor)


# --- staff who play (issue 36, item 3) -----------------------------------------------------
# The back pay rate the manager sets and each game's back pay (ledger.floor.members). Both
# are append-only (PostgreSQL refuses their UPDATE, DELETE and TRUNCATE, migration
# ledger/0028): a new rate is a new row, in force from its ``set_at``; a game's back pay is
# undone by reversing its posting (a reopened game), never by changing the row. The money is
# in the books: a ``back_pay`` posting of the game's session moves the amount from the
# parlor's ``back_pay`` account to the member's ``member_back_pay``.


class BackPayRate(models.Model):
    """The back pay per game played (ゲームバック) from ``set_at`` on, until the next row."""

    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="back_pay_rates", verbose_name=_("parlor")
    )
    amount = models.BigIntegerField(
        _("back pay per game"), help_text=_("In the currency's minor unit; 0 pays none.")
    )
    set_at = models.DateTimeField(_("in force from"), default=timezone.now)
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("set by"),
    )  # fmt: skip
    memo = models.CharField(_("memo"), max_length=200, blank=True)

    class Meta:
        ordering = ["parlor", "-set_at", "-pk"]
        verbose_name = _("back pay rate")
        verbose_name_plural = _("back pay rates")
        constraints = [
            models.CheckConstraint(condition=Q(amount__gte=0), name="back_pay_rate_not_negative"),
        ]
        indexes = [models.Index(fields=["parlor", "set_at"], name="back_pay_rate_in_force")]

    def __str__(self) -> str:
        return f"{self.amount} ({self.set_at:%Y-%m-%d %H:%M})"


class BackPay(models.Model):
    """A member's back pay for one game: the rate in force at its close, and the posting."""

    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="back_pays", verbose_name=_("parlor")
    )
    session = models.ForeignKey(
        "ledger.Session", on_delete=models.PROTECT, related_name="back_pays",
        verbose_name=_("game"),
    )  # fmt: skip
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="back_pays", verbose_name=_("member")
    )
    shift = models.ForeignKey(
        "ledger.StaffShift", on_delete=models.PROTECT, related_name="back_pays",
        verbose_name=_("staff shift"),
    )  # fmt: skip
    rate = models.ForeignKey(
        BackPayRate, on_delete=models.PROTECT, related_name="back_pays", verbose_name=_("rate")
    )
    amount = models.BigIntegerField(_("back pay"))
    posting = models.OneToOneField(
        "ledger.Posting", on_delete=models.PROTECT, related_name="back_pay",
        verbose_name=_("posting"),
    )  # fmt: skip
    created_at = models.DateTimeField(_("posted at"), default=timezone.now)

    class Meta:
        ordering = ["parlor", "pk"]
        verbose_name = _("back pay")
        verbose_name_plural = _("back pay")
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="back_pay_positive"),
        ]
        indexes = [models.Index(fields=["player", "created_at"], name="back_pay_member_month")]

    def __str__(self) -> str:
        return f"{self.player} {self.amount} (session {self.session_id})"


class SessionPause(models.Model):
    """A break in a session's table time (issue 36, item 4): from ``started_at`` to ``ended_at``
    (open while None). Table time leaves it out; the game itself is untouched."""

    session = models.ForeignKey(
        "ledger.Session", on_delete=models.PROTECT, related_name="pauses",
        verbose_name=_("session"),
    )  # fmt: skip
    started_at = models.DateTimeField(_("paused at"), default=timezone.now)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("paused by"),
    )  # fmt: skip
    ended_at = models.DateTimeField(_("resumed at"), null=True, blank=True)
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+", verbose_name=_("resumed by"),
    )  # fmt: skip

    class Meta:
        ordering = ["session", "started_at", "pk"]
        verbose_name = _("pause")
        verbose_name_plural = _("pauses")
        constraints = [
            models.UniqueConstraint(
                fields=["session"], condition=Q(ended_at__isnull=True), name="pause_one_open"
            ),
            models.CheckConstraint(
                condition=Q(ended_at__isnull=True) | Q(ended_at__gte=models.F("started_at")),
                name="pause_ends_after_it_starts",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session_id} {self.started_at:%H:%M}"
