from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ParlorConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "parlor"
    verbose_name = _("Parlor")
