"""Settlements: each player's closing figures and money for one close of a session."""

from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from ledger import engine_results
from parlor.models import Player


class Settlement(models.Model):
    """Written by ``session_close``; never edited (append-only, a trigger on PostgreSQL).

    A correction that reopens a closed session reverses the close's postings:
    the reversal of ``posting`` marks these rows superseded, by the
    correction that made it. What counts as live is decided in one place,
    ``ledger.selectors.settlements``: every list, export, statement and API
    endpoint reads through it.
    """

    session = models.ForeignKey(
        "ledger.Session",
        on_delete=models.PROTECT,
        related_name="settlements",
        verbose_name=_("session"),
    )
    # The settlement posting (points and chips into money) of this close.
    posting = models.ForeignKey(
        "ledger.Posting",
        on_delete=models.PROTECT,
        related_name="settlements",
        verbose_name=_("posting"),
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="settlements", verbose_name=_("player")
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    final_score = models.IntegerField(_("final score"))
    placement = models.PositiveSmallIntegerField(_("placement"))
    # The engine's points_delta: raw points (where they count) plus oka and uma.
    points = models.IntegerField(_("points"))
    chips = models.IntegerField(_("chips"))
    chips_detail: models.JSONField[dict[str, Any]] = models.JSONField(
        _("chips by kind"), default=dict
    )
    money = models.BigIntegerField(_("money"), help_text=_("Points and chips at the rate."))
    fee = models.BigIntegerField(_("game fee"))
    # The fee by part (ledger.fees.SeatFee.to_json): game, top, time, discount and the
    # class that gave it; ``fee`` is their sum (docs/fees.md). Empty on closes before it.
    fee_detail: models.JSONField[dict[str, Any]] = models.JSONField(
        _("fee by part"), default=dict
    )

    class Meta:
        ordering = ["session", "posting", "seat"]
        verbose_name = _("settlement")
        verbose_name_plural = _("settlements")
        constraints = [
            models.UniqueConstraint(fields=["posting", "seat"], name="settlement_seat_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.net_money}"

    @property
    def net_money(self) -> int:
        """What the player takes home (negative: pays), the game fee deducted."""
        return self.money - self.fee

    @property
    def placement_chips(self) -> int:
        """The chips the final placement paid or earned (uma/oka in chips, where the rules say)."""
        return engine_results.placement_chips(self.chips_detail)

    @property
    def hand_chips(self) -> int:
        """Every other chip: the hands' (yaku, specials), tobi and called-game chips."""
        return self.chips - self.placement_chips
