"""The desk's admin pages: no rows of their own, a place in the admin's index."""

from django.utils.translation import gettext_lazy as _

from parlor.models import Player


class BalancesPage(Player):
    """The manager's balances page (``desk.balances.page``) and each player's ledger."""

    class Meta:
        proxy = True
        verbose_name = _("player balance")
        verbose_name_plural = _("player balances")
