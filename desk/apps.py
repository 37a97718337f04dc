from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DeskConfig(AppConfig):
    # No models: the visits and the floor's rows are the ledger's (ledger.counter, ledger.floor).
    name = "desk"
    verbose_name = _("Desk")
