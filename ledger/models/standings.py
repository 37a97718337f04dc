"""Standings rows: one seat's record of one close, what the parlor's standings sum."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from parlor.models import Parlor, Player, RulesetConfig


class Standing(models.Model):
    """Written by ``session_close`` beside the Settlement rows, in the same transaction;
    never edited (append-only, a trigger on PostgreSQL).

    The settlement's figures, the seat's penalties in the game's live hands at the close,
    and what the standings filter and group by (the parlor, the ruleset configuration, the
    close's moment), copied so that one table answers a year of games without joins
    (benchmarks/standings.py). It lives and dies with its settlement: a correction that
    reopens the session reverses ``posting``, and ``ledger.selectors.settlements`` no
    longer counts either. The audit checks each live row against its settlement, its
    session, its posting and the penalties.
    """

    session = models.ForeignKey(
        "ledger.Session",
        on_delete=models.PROTECT,
        related_name="standings",
        verbose_name=_("session"),
    )
    # The close's settlement posting, as on its Settlement rows.
    posting = models.ForeignKey(
        "ledger.Posting",
        on_delete=models.PROTECT,
        related_name="standings",
        verbose_name=_("posting"),
    )
    # The standings' index (parlor, closed_at) serves the parlor's own lookups.
    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="+", db_index=False, verbose_name=_("parlor")
    )
    ruleset_config = models.ForeignKey(
        RulesetConfig,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("ruleset configuration"),
    )
    # The settlement posting's created_at: the business day the game counts in.
    closed_at = models.DateTimeField(_("closed at"))
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="standings", verbose_name=_("player")
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    placement = models.PositiveSmallIntegerField(_("placement"))
    points = models.IntegerField(_("points"))
    chips = models.IntegerField(_("chips"))
    money = models.BigIntegerField(_("money"))
    fee = models.BigIntegerField(_("game fee"))
    chonbo = models.PositiveIntegerField(_("chonbo"))
    dead_hands = models.PositiveIntegerField(_("dead hands"))

    class Meta:
        ordering = ["session", "posting", "seat"]
        verbose_name = _("standing")
        verbose_name_plural = _("standings")
        constraints = [
            models.UniqueConstraint(fields=["posting", "seat"], name="standing_seat_unique"),
        ]
        indexes = [models.Index(fields=["parlor", "closed_at"], name="standing_parlor_closed")]

    def __str__(self) -> str:
        return f"{self.player}: place {self.placement}"
