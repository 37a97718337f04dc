"""Every session keeps the complete option set it was opened with (issue 32).

A session copied its configuration's overrides; this writes the defaults of the day
(``parlor.migrations._options_before_0007.DEFAULTS``) into each, open or closed, so its
games are settled, continued and audited with the options they were played under.
Once a session has a hand its rules may not change (PostgreSQL's session guard,
migration 0009): the guard is switched off for this one rewrite, which changes what the
options say, not what they mean, and on again.
"""

from typing import Any

from django.db import migrations

from parlor.migrations._options_before_0007 import completed


def complete_sessions(apps: Any, schema_editor: Any) -> None:
    sessions = apps.get_model("ledger", "Session")
    guard = f"{sessions._meta.db_table}_guard"
    postgresql = schema_editor.connection.vendor == "postgresql"
    if postgresql:
        schema_editor.execute(f"ALTER TABLE {sessions._meta.db_table} DISABLE TRIGGER {guard}")
    for session in sessions.objects.all():
        done = completed(session.ruleset_slug, session.ruleset_options, session.game_options)
        if done is not None:
            session.ruleset_options, session.game_options = done
            session.save(update_fields=["ruleset_options", "game_options"])
    if postgresql:
        schema_editor.execute(f"ALTER TABLE {sessions._meta.db_table} ENABLE TRIGGER {guard}")


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0018_truncate_guard"),
        ("parlor", "0007_rulesetconfig_complete_options"),
    ]

    operations = [migrations.RunPython(complete_sessions, migrations.RunPython.noop)]
