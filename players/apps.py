from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayersConfig(AppConfig):
    # Its models are the statistics' derived rows (players.statistics.models).
    name = "players"
    verbose_name = _("Players' numbers")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from players.statistics.receivers import connect

        connect()
