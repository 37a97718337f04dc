"""Account roles as auth groups, and what each may do.

- manager: everything on parlor, ledger and reports data.
- staff: sees parlor and ledger data, adds and changes ledger records (exports too) and
  players (members are registered at the desk), deletes nothing.
- player: sees the parlor's ruleset configurations and rates.

Permissions are derived from the apps' models, so rerunning `roles_sync`
after a migration adds models (the demo loader does) grants them too.
"""

from django.contrib.auth.models import Group, Permission
from django.db.models import Q, QuerySet

ROLE_MANAGER = "manager"
ROLE_STAFF = "staff"
ROLE_PLAYER = "player"

# The apps whose models the roles cover: the books (ledger) and their reports (exports).
MANAGED_APPS = ("parlor", "ledger", "reports")
BOOKS_APPS = ("ledger", "reports")


def role_permissions(*, role: str) -> QuerySet[Permission]:
    managed = Permission.objects.filter(content_type__app_label__in=MANAGED_APPS)
    if role == ROLE_MANAGER:
        return managed
    if role == ROLE_STAFF:
        return managed.filter(
            Q(codename__startswith="view_")
            | Q(content_type__app_label__in=BOOKS_APPS, codename__regex=r"^(add|change)_")
            | Q(content_type__app_label="parlor", codename__in=["add_player", "change_player"])
        )
    if role == ROLE_PLAYER:
        return managed.filter(
            content_type__app_label="parlor", codename__in=["view_rulesetconfig", "view_rate"]
        )
    roles = ", ".join((ROLE_MANAGER, ROLE_STAFF, ROLE_PLAYER))
    raise ValueError(f"unknown role {role!r}; roles are {roles}")


def roles_sync() -> dict[str, Group]:
    """Create the role groups if missing and set each one's permissions."""
    groups = {}
    for role in (ROLE_MANAGER, ROLE_STAFF, ROLE_PLAYER):
        group, _ = Group.objects.get_or_create(name=role)
        group.permissions.set(role_permissions(role=role))
        groups[role] = group
    return groups
