from django.apps import AppConfig


class OrmBypassConfig(AppConfig):
    """No models: the bypasses' system checks (orm_bypass.checks), run at every start."""

    name = "orm_bypass"
    verbose_name = "ORM bypasses"

    def ready(self) -> None:
        from orm_bypass import checks  # noqa: F401 - registers them
