"""Accounts: who can hold points, chips and money in the books."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from parlor.models import Parlor, Player, Table


class AccountKind(models.TextChoices):
    PLAYER = "player", _("player")
    # Riichi sticks and noten payments lying on a table between hands.
    TABLE_POT = "table_pot", _("table pot")
    PARLOR_FEE = "parlor_fee", _("parlor fees")
    # The parlor's own account: riichi sticks the house keeps and money-rounding remainders.
    HOUSE = "house", _("house")
    # The counter's (ledger.counter): the books keep a player's three kinds of money apart.
    # Money held for the player, refundable at leave (預かり).
    PLAYER_DEPOSIT = "player_deposit", _("deposit held")
    # Money paid in ahead, spent on game fees.
    PLAYER_PREPAID = "player_prepaid", _("prepaid balance")
    # The parlor's cash drawer, one per parlor. Like every asset in these books it holds
    # the negative of what it has: 10,000 yen in the drawer is a balance of -10,000.
    TILL = "till", _("till")
    # What the till counted above (+) or below (-) what the entries say it holds (不明金).
    OVER_SHORT = "over_short", _("over/short")
    # Counter sales (drinks, food) and paid-outs; card and QR payments not yet received.
    SALES = "sales", _("counter sales")
    PAID_OUT = "paid_out", _("paid-outs")
    CARD_CLEARING = "card_clearing", _("card payments")
    QR_CLEARING = "qr_clearing", _("QR payments")
    # The parlor's cash outside the till: the float comes from it, cash drops go to it.
    SAFE = "safe", _("safe")


PARLOR_KINDS = (
    AccountKind.PARLOR_FEE,
    AccountKind.HOUSE,
    AccountKind.TILL,
    AccountKind.OVER_SHORT,
    AccountKind.SALES,
    AccountKind.PAID_OUT,
    AccountKind.CARD_CLEARING,
    AccountKind.QR_CLEARING,
    AccountKind.SAFE,
)
# A player's accounts besides their results (PLAYER): one of each per player.
PLAYER_MONEY_KINDS = (AccountKind.PLAYER_DEPOSIT, AccountKind.PLAYER_PREPAID)


class Account(models.Model):
    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="ledger_accounts", verbose_name=_("parlor")
    )
    kind = models.CharField(_("kind"), max_length=20, choices=AccountKind.choices)
    player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="ledger_accounts",
        verbose_name=_("player"),
    )
    table = models.ForeignKey(
        Table,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="ledger_accounts",
        verbose_name=_("table"),
    )

    class Meta:
        ordering = ["parlor", "kind", "pk"]
        verbose_name = _("account")
        verbose_name_plural = _("accounts")
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(kind=AccountKind.PLAYER, player__isnull=False, table__isnull=True)
                    | Q(kind__in=PLAYER_MONEY_KINDS, player__isnull=False, table__isnull=True)
                    | Q(kind=AccountKind.TABLE_POT, player__isnull=True, table__isnull=False)
                    | Q(kind__in=PARLOR_KINDS, player__isnull=True, table__isnull=True)
                ),
                name="account_owner_matches_kind",
            ),
            models.UniqueConstraint(
                fields=["player"],
                condition=Q(kind=AccountKind.PLAYER),
                name="account_one_per_player",
            ),
            models.UniqueConstraint(
                fields=["player", "kind"],
                condition=Q(kind__in=PLAYER_MONEY_KINDS),
                name="account_one_of_each_player_kind",
            ),
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(kind=AccountKind.TABLE_POT),
                name="account_one_pot_per_table",
            ),
            models.UniqueConstraint(
                fields=["parlor", "kind"],
                condition=Q(kind__in=PARLOR_KINDS),
                name="account_one_of_each_parlor_kind",
            ),
        ]

    def __str__(self) -> str:
        owner = self.player or self.table or self.parlor
        return f"{self.get_kind_display()}: {owner}"
