from typing import Any

from django.apps import AppConfig, apps
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def _sync_roles_after_migrate(**kwargs: Any) -> None:
    # The role groups follow the models: every migrate (a fresh database, a new model)
    # leaves manager, staff and player with their permissions, with no step to forget.
    from parlor.services.roles import roles_sync

    roles_sync()


class ParlorConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "parlor"
    verbose_name = _("Parlor")

    def ready(self) -> None:
        # Once per migrate, when the last of the apps the roles cover has its turn (they follow
        # parlor in INSTALLED_APPS): by then auth has made all their permissions, which the
        # groups are given.
        from parlor.services.roles import MANAGED_APPS

        last = [config for config in apps.get_app_configs() if config.label in MANAGED_APPS][-1]
        post_migrate.connect(
            _sync_roles_after_migrate, sender=last, dispatch_uid="parlor.roles_sync"
        )
