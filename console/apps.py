from django.apps import AppConfig


class ConsoleConfig(AppConfig):
    # No models: the console works on the ledger's (its pages hang off their admin).
    name = "console"
