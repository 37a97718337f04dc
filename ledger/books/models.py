"""The books' models: accounts, and the postings with their entries.

One module per job (issue 31); ``ledger.models`` re-exports every model.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from parlor.models import Parlor, Player, Table

# --- accounts ----------------------------------------------------------------------------------
# Accounts: who can hold points, chips and money in the books.


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
    # Staff who play (issue 36; ledger.floor.members). Cash advanced to a member to play
    # with (アウト): negative while they owe it. Back pay per game played (ゲームバック), owed
    # to the member; the parlor's side of it is its back pay account.
    MEMBER_ADVANCE = "member_advance", _("staff member's advances")
    MEMBER_BACK_PAY = "member_back_pay", _("staff member's back pay")
    BACK_PAY = "back_pay", _("back pay")


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
    AccountKind.BACK_PAY,
)
# A player's accounts besides their results (PLAYER): one of each per player.
PLAYER_MONEY_KINDS = (
    AccountKind.PLAYER_DEPOSIT,
    AccountKind.PLAYER_PREPAID,
    AccountKind.MEMBER_ADVANCE,
    AccountKind.MEMBER_BACK_PAY,
)


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


# --- postings ----------------------------------------------------------------------------------
# Postings and their entries: the books themselves.
#
# Design overview. Every movement of points, chips or money is a
# :class:`Posting` (one balanced transaction) with two or more
# :class:`LedgerEntry` legs, each on one :class:`~ledger.models.Account`.
# Per posting, the legs' points, chips and money each sum to zero, so every
# account's balance is the sum of its entries and the whole book always sums
# to zero. Nothing is edited or deleted: a correction posts a reversal (a
# posting that ``reverses`` the original, legs negated) and new postings.
#
# The invariants are held twice. The service layer
# (``ledger.books.postings.posting_create``) refuses an unbalanced or
# non-integer posting on every database. On PostgreSQL the database holds them
# too (migration 0002): a deferred constraint trigger sums each touched
# posting at commit, and triggers refuse UPDATE and DELETE of postings,
# entries and the other append-only ledger rows, so even raw SQL cannot break
# the books. See docs/ledger.md.


class PostingKind(models.TextChoices):
    # A hand's transfers between players (ron, tsumo, pao, noten, tobi, called game).
    HAND = "hand", _("hand")
    # A hand's movements into and out of the table pot (riichi sticks, noten to the pot).
    DEPOSIT = "deposit", _("deposit")
    # A chonbo's payments.
    PENALTY = "penalty", _("penalty")
    # The reversal of a posting, made by a correction or a reopening.
    CORRECTION = "correction", _("correction")
    # The end of the game: leftover sticks, oka and uma, placement chips.
    GAME_END = "game_end", _("game end")
    # Points and chips converted into money at the session's rate.
    SETTLEMENT = "settlement", _("settlement")
    FEE = "fee", _("game fee")
    # Money across the counter (ledger.counter): deposits, prepaid, payments, sales, the till.
    COUNTER = "counter", _("counter")
    # A staff member's back pay for a game they played (ledger.floor.members), posted at its
    # close in the game's session; a reopening reverses it with the close.
    BACK_PAY = "back_pay", _("back pay")


# The kinds of posting that belong to no session: the counter's, and their reversals.
SESSIONLESS_KINDS = (PostingKind.COUNTER, PostingKind.CORRECTION)


class Posting(models.Model):
    # None only for the counter's postings (ledger.counter.models.CounterEntry names them).
    session = models.ForeignKey(
        "ledger.Session",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="postings",
        verbose_name=_("session"),
    )
    hand = models.ForeignKey(
        "ledger.HandResult",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="postings",
        verbose_name=_("hand"),
    )
    correction = models.ForeignKey(
        "ledger.Correction",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="postings",
        verbose_name=_("made by correction"),
    )
    kind = models.CharField(_("kind"), max_length=20, choices=PostingKind.choices)
    reverses = models.OneToOneField(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reversed_by",
        verbose_name=_("reverses"),
    )
    memo = models.CharField(_("memo"), max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        ordering = ["session", "pk"]
        verbose_name = _("posting")
        verbose_name_plural = _("postings")
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=PostingKind.values), name="posting_kind_valid"
            ),
            # A reversal is a correction posting, and only a reversal reverses.
            models.CheckConstraint(
                condition=Q(kind=PostingKind.CORRECTION, reverses__isnull=False)
                | (~Q(kind=PostingKind.CORRECTION) & Q(reverses__isnull=True)),
                name="posting_reversal_is_correction",
            ),
            # A game's posting always names its session; only the counter's stand alone.
            models.CheckConstraint(
                condition=Q(session__isnull=False) | Q(kind__in=SESSIONLESS_KINDS),
                name="posting_session_unless_counter",
            ),
        ]
        indexes = [
            # A period's closes (standings, exports) and the few corrections that reverse.
            models.Index(fields=["kind", "created_at"], name="posting_kind_created"),
        ]

    def __str__(self) -> str:
        return f"posting {self.pk} ({self.get_kind_display()})"


class LedgerEntry(models.Model):
    """One leg of a posting; integers only (money in the currency's minor unit)."""

    posting = models.ForeignKey(
        Posting, on_delete=models.PROTECT, related_name="entries", verbose_name=_("posting")
    )
    # No index of its own: ``entry_account_posting`` starts with it (one index less to
    # write per entry).
    account = models.ForeignKey(
        "ledger.Account",
        on_delete=models.PROTECT,
        related_name="entries",
        verbose_name=_("account"),
        db_index=False,
    )
    points = models.BigIntegerField(_("points"), default=0)
    chips = models.BigIntegerField(_("chips"), default=0)
    money = models.BigIntegerField(_("money"), default=0)
    # Why the leg moves: the engine's line reason (ron, riichi, noten, ...) or the ledger's.
    reason = models.CharField(_("reason"), max_length=30)

    class Meta:
        ordering = ["posting", "pk"]
        verbose_name = _("ledger entry")
        verbose_name_plural = _("ledger entries")
        indexes = [models.Index(fields=["account", "posting"], name="entry_account_posting")]

    def __str__(self) -> str:
        return f"{self.account}: {self.points} pts, {self.chips} chips, {self.money} money"
