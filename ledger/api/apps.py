from django.apps import AppConfig


class LedgerApiConfig(AppConfig):
    name = "ledger.api"
    label = "ledger_api"
    verbose_name = "Ledger API"
    default_auto_field = "django.db.models.BigAutoField"
