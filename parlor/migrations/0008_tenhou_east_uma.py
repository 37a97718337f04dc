"""tenhou configurations keep the East-only uma they were played with (issue 32).

``parlor.migrations._east_uma_0008``: a stored tenhou option set without ``east_uma``
gets its ``uma`` as its ``east_uma``, so the new default (the server's 10/5/-5/-10 for
East-only games) changes no configuration made before it.
"""

from typing import Any

from django.db import migrations

from parlor.migrations._east_uma_0008 import with_east_uma


def keep_east_uma(apps: Any, schema_editor: Any) -> None:
    configs = apps.get_model("parlor", "RulesetConfig")
    for config in configs.objects.all():
        done = with_east_uma(config.ruleset_slug, config.game_options)
        if done is not None:
            config.game_options = done
            config.save(update_fields=["game_options"])


class Migration(migrations.Migration):
    dependencies = [("parlor", "0007_rulesetconfig_complete_options")]

    operations = [migrations.RunPython(keep_east_uma, migrations.RunPython.noop)]
