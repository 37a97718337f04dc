"""What the service role may do to each table (docs/configuration.md, "Database roles").

Every table: ``SELECT`` and ``INSERT``, nothing more, unless it is listed
here with the changes the service's own code makes to its rows, and why. The
append-only tables (the books, hands, corrections, penalties, settlements,
closes, standings) are never listed: the service only adds to them, and
PostgreSQL refuses their UPDATE, DELETE and TRUNCATE to the owner as well.
No table gets ``TRUNCATE``, ``REFERENCES`` or ``TRIGGER``, and the service owns
nothing, so it can neither alter a table nor switch its triggers off.

A new table gets ``SELECT`` and ``INSERT`` (PostgreSQL's default privileges,
then every migrate's grants); one whose rows the service must change is
added here, with its reason, in the change that needs it.
"""

from __future__ import annotations

from django.apps import apps

UPDATE = "UPDATE"
DELETE = "DELETE"
BASE = ("SELECT", "INSERT")
# Every privilege a role can hold on a table, in PostgreSQL's names.
ALL = ("SELECT", "INSERT", UPDATE, DELETE, "TRUNCATE", "REFERENCES", "TRIGGER")

# Model labels (app_label.ModelName; a many-to-many table by its through model's name).
CHANGES: dict[str, tuple[str, ...]] = {
    # Accounts: last login, passwords and the admin's edits; a user may be deleted, and
    # Django deletes with them their groups, permissions, token, admin log, memberships.
    "auth.User": (UPDATE, DELETE),
    "auth.Group": (UPDATE, DELETE),
    "auth.Group_permissions": (DELETE,),  # roles_sync sets each role's permissions
    "auth.User_groups": (DELETE,),
    "auth.User_user_permissions": (DELETE,),
    "admin.LogEntry": (DELETE,),
    "authtoken.Token": (DELETE,),
    # Signed-in browsers, and failed logins counted and cleared (django-axes).
    "sessions.Session": (UPDATE, DELETE),
    "axes.AccessAttempt": (UPDATE, DELETE),
    "axes.AccessAttemptExpiration": (UPDATE, DELETE),
    "axes.AccessLog": (UPDATE, DELETE),
    "axes.AccessFailureLog": (UPDATE, DELETE),
    # A parlor's settings, kept by its manager; rows nothing refers to may be deleted.
    "parlor.Parlor": (UPDATE, DELETE),
    "parlor.Player": (UPDATE, DELETE),
    "parlor.Table": (UPDATE, DELETE),
    "parlor.RulesetConfig": (UPDATE, DELETE),
    "parlor.Rate": (UPDATE, DELETE),
    "parlor.PlayerClass": (UPDATE, DELETE),
    "parlor.Membership": (UPDATE, DELETE),
    "parlor.StaffProfile": (UPDATE, DELETE),
    # A session's state (open, closed, settled; its guard allows only those moves) and its
    # close job; an export's progress; the scoreboard link's token (deleted with its parlor).
    "ledger.Session": (UPDATE,),
    "reports.ExportJob": (UPDATE,),
    "ledger.ScoreboardLink": (UPDATE, DELETE),
    # A visit's check-out (who and when); a player's credit limit, set or removed by a manager.
    "ledger.Visit": (UPDATE,),
    "ledger.CreditLimit": (UPDATE, DELETE),
    # The parlor's invoice registration number and tax rate, kept by its manager.
    "ledger.InvoiceRegistration": (UPDATE, DELETE),
    # The floor: a waiting player leaves or is seated; a staff shift ends; a seat draw gets
    # the session opened from it; the manager's floor options.
    "ledger.WaitingEntry": (UPDATE,),
    "ledger.StaffShift": (UPDATE,),
    "ledger.SeatDraw": (UPDATE,),
    "ledger.FloorOptions": (UPDATE, DELETE),
    # A pause in a session's table time ends (who and when).
    "ledger.SessionPause": (UPDATE,),
    # Stored answers past their 30 days (the table refuses to delete a younger one).
    "ledger_api.IdempotencyRecord": (DELETE,),
    # The players' statistics, derived from the books and never money (docs/statistics.md):
    # a rebuild deletes and writes the seats' rows again; each close rewrites its players'
    # ratings (an upsert), a correction or a new rating system replays them; the manager
    # keeps the parlor's statistics options.
    "players.SeatGame": (DELETE,),
    "players.PlayerRating": (UPDATE, DELETE),
    "players.StatisticsOptions": (UPDATE, DELETE),
}

# Tables that are not models: the migrations' record is read, never written, by the service.
READ_ONLY_TABLES = ("django_migrations",)


def table_privileges(tables: list[str]) -> dict[str, tuple[str, ...]]:
    """The privileges the service role holds on each of ``tables`` (the database's)."""
    changes = {apps.get_model(label)._meta.db_table: extra for label, extra in CHANGES.items()}
    return {
        table: ("SELECT",) if table in READ_ONLY_TABLES else (*BASE, *changes.get(table, ()))
        for table in tables
    }
