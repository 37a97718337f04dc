from django.apps import AppConfig


class PlayersConfig(AppConfig):
    # Its models are the statistics' derived rows (players.statistics.models).
    name = "players"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from players.statistics.receivers import connect

        connect()
