from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "api"
    # The label the idempotency table was created under (migrations, content types).
    label = "ledger_api"
    verbose_name = "API"
    default_auto_field = "django.db.models.BigAutoField"
