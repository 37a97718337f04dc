"""tenhou sessions keep the East-only uma they were played with (issue 32).

As parlor 0008 for configurations (``parlor.migrations._east_uma_0008``): a session's
tenhou option set without ``east_uma`` gets its ``uma`` as its ``east_uma``, open or
closed, so its games settle and are audited as recorded. The session guard (migration
0009) is switched off for this one rewrite, which changes what the options say, not what
they mean, and on again (as 0019).
"""

from typing import Any

from django.db import migrations

from parlor.migrations._east_uma_0008 import with_east_uma


def keep_east_uma(apps: Any, schema_editor: Any) -> None:
    sessions = apps.get_model("ledger", "Session")
    guard = f"{sessions._meta.db_table}_guard"
    postgresql = schema_editor.connection.vendor == "postgresql"
    if postgresql:
        schema_editor.execute(f"ALTER TABLE {sessions._meta.db_table} DISABLE TRIGGER {guard}")
    for session in sessions.objects.all():
        done = with_east_uma(session.ruleset_slug, session.game_options)
        if done is not None:
            session.game_options = done
            session.save(update_fields=["game_options"])
    if postgresql:
        schema_editor.execute(f"ALTER TABLE {sessions._meta.db_table} ENABLE TRIGGER {guard}")


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0022_floor"),
        ("parlor", "0008_tenhou_east_uma"),
    ]

    operations = [migrations.RunPython(keep_east_uma, migrations.RunPython.noop)]
