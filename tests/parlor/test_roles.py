import pytest
from django.contrib.auth.models import Permission

from parlor.services.roles import (
    ROLE_MANAGER,
    ROLE_PLAYER,
    ROLE_STAFF,
    role_permissions,
    roles_sync,
)

pytestmark = pytest.mark.django_db


def codenames(role: str) -> set[str]:
    return set(role_permissions(role=role).values_list("codename", flat=True))


def test_manager_may_do_everything_on_parlor_data() -> None:
    parlor_permissions = Permission.objects.filter(content_type__app_label="parlor")

    assert set(parlor_permissions.values_list("codename", flat=True)) <= codenames(ROLE_MANAGER)


def test_staff_see_parlor_data_register_players_and_delete_nothing() -> None:
    staff = codenames(ROLE_STAFF)

    assert {"view_parlor", "view_player", "view_table", "view_rulesetconfig", "view_rate"} <= staff
    assert {"add_player", "change_player"} <= staff
    assert not {codename for codename in staff if codename.startswith("delete_")}
    assert "change_rate" not in staff


def test_players_see_only_ruleset_configurations_and_rates() -> None:
    assert codenames(ROLE_PLAYER) == {"view_rulesetconfig", "view_rate"}


def test_roles_sync_creates_the_three_groups_with_their_permissions() -> None:
    groups = roles_sync()

    assert set(groups) == {ROLE_MANAGER, ROLE_STAFF, ROLE_PLAYER}
    for role, group in groups.items():
        assert set(group.permissions.values_list("codename", flat=True)) == codenames(role)


def test_unknown_role_is_an_error_naming_the_roles() -> None:
    with pytest.raises(ValueError, match="unknown role 'owner'; roles are manager, staff, player"):
        role_permissions(role="owner")


def test_migrate_leaves_the_role_groups_with_their_permissions() -> None:
    # The test database was made by migrate: no call to roles_sync here.
    from django.contrib.auth.models import Group

    groups = {group.name: group for group in Group.objects.all()}

    assert {ROLE_MANAGER, ROLE_STAFF, ROLE_PLAYER} <= set(groups)
    for role in (ROLE_MANAGER, ROLE_STAFF, ROLE_PLAYER):
        granted = set(groups[role].permissions.values_list("codename", flat=True))
        assert granted == codenames(role)
    assert "add_handresult" in codenames(ROLE_STAFF)  # the ledger's models too
