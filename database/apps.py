from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _grant_after_migrate(using: str, verbosity: int = 1, **kwargs: Any) -> None:
    # Every migrate as the owner grants again: a new table, a policy changed, a role created.
    from database.roles import service_role_grant_after_migrate

    granted = service_role_grant_after_migrate(using)
    if granted is not None and verbosity >= 1 and "stdout" in kwargs:
        kwargs["stdout"].write(f"  Granted the {granted.summary()}\n")


class DatabaseConfig(AppConfig):
    name = "database"
    verbose_name = "Database roles"

    def ready(self) -> None:
        from database import checks  # noqa: F401  (registers the deploy check)

        # Sent once per app: connected to this one, last in INSTALLED_APPS, so the grants
        # come after every other app's post_migrate work.
        post_migrate.connect(_grant_after_migrate, sender=self, dispatch_uid="database.grants")
