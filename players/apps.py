from django.apps import AppConfig


class PlayersConfig(AppConfig):
    # No models of its own yet: the players are the parlor's, their results the ledger's.
    name = "players"
