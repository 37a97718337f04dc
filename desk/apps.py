from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DeskConfig(AppConfig):
    # The visits and the floor's rows are the ledger's (ledger.counter, ledger.floor); the
    # desk's only models are proxies that give its admin pages a place (desk.models).
    name = "desk"
    verbose_name = _("Desk")
    default_auto_field = "django.db.models.BigAutoField"
