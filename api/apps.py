from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "api"
    # The label the idempotency table was created under (migrations, content types).
    label = "ledger_api"
    verbose_name = "API"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The audit checks the API's stored answers against the books too (issue 30). The
        # API adds the check: the ledger knows nothing of the API (no arrow from it up here).
        from api.answers import audit_idempotency_answers
        from ledger.books.audit import audit_check_add

        audit_check_add(audit_idempotency_answers)
