"""Every ruleset configuration keeps its complete option set (issue 32).

A configuration stored only the options off the engine's defaults; this writes the
defaults of the day (``_options_before_0007.DEFAULTS``) into each, so a later change
of a default does not change its games. From now on ``RulesetConfig.save`` stores the
complete set (``engine.complete_options``).
"""

from typing import Any

from django.db import migrations, models

from parlor.migrations._options_before_0007 import completed


def complete_configurations(apps: Any, schema_editor: Any) -> None:
    configs = apps.get_model("parlor", "RulesetConfig")
    for config in configs.objects.all():
        done = completed(config.ruleset_slug, config.options, config.game_options)
        if done is not None:
            config.options, config.game_options = done
            config.save(update_fields=["options", "game_options"])


class Migration(migrations.Migration):
    dependencies = [("parlor", "0006_membership")]

    operations = [
        migrations.AlterField(
            model_name="rulesetconfig",
            name="options",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="The ruleset's options, checked by the engine; saved complete.",
                verbose_name="options",
            ),
        ),
        migrations.RunPython(complete_configurations, migrations.RunPython.noop),
    ]
