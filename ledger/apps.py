from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LedgerConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ledger"
    verbose_name = _("Ledger")

    def ready(self) -> None:
        # The audit checks the API's stored answers against the books too (issue 30).
        from ledger.api.answers import audit_idempotency_answers
        from ledger.services.audit import audit_check_add

        audit_check_add(audit_idempotency_answers)
