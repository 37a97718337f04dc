from django.apps import AppConfig


class ScoreboardConfig(AppConfig):
    # No models: the link it is reached by is the ledger's (ledger.models.ScoreboardLink).
    name = "scoreboard"
