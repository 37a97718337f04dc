"""The desk's admin pages: no rows of their own, a place in the admin's index."""

from django.utils.translation import gettext_lazy as _

from ledger.models import TillClose, Visit
from parlor.models import Player


class BalancesPage(Player):
    """The manager's balances page (``desk.balances.page``) and each player's ledger."""

    class Meta:
        proxy = True
        verbose_name = _("player balance")
        verbose_name_plural = _("player balances")


class CounterDesk(Visit):
    """The admin menu's "Counter": opens the counter desk (``desk.counter.views``)."""

    class Meta:
        proxy = True
        verbose_name = _("counter desk")
        verbose_name_plural = _("counter desk")


class TillDesk(TillClose):
    """The admin menu's "Till": opens the till's count and close (``desk.counter.till_page``)."""

    class Meta:
        proxy = True
        verbose_name = _("till count and close")
        verbose_name_plural = _("till count and close")
