"""parlor 0006: existing role-group members keep their access as memberships."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from database.roles import service_role_ensure
from tests.database import as_the_owner

BEFORE = [("parlor", "0005_rate_point_unit")]
AFTER = [("parlor", "0006_membership")]


def migrate(targets: list[tuple[str, str]]) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor


@pytest.mark.django_db(transaction=True)
def test_role_group_members_become_members_of_every_parlor() -> None:
    with as_the_owner():  # migrations are the owner's (tests/database.py)
        try:
            migrated_back_and_forth()
        finally:
            if connection.vendor == "postgresql":  # as migrate does, for the tables made again
                service_role_ensure(connection)


def migrated_back_and_forth() -> None:
    old = migrate(BEFORE).loader.project_state(BEFORE).apps
    try:
        group = {
            name: old.get_model("auth", "Group").objects.get_or_create(name=name)[0]
            for name in ("manager", "staff", "player")
        }
        user_model = old.get_model("auth", "User")
        parlors = [old.get_model("parlor", "Parlor").objects.create(name=n) for n in "AB"]
        users = {
            name: user_model.objects.create(username=name)
            for name in ("boss", "desk", "both", "linked", "unlinked", "nobody")
        }
        users["boss"].groups.add(group["manager"])
        users["desk"].groups.add(group["staff"])
        users["both"].groups.add(group["staff"], group["manager"])
        users["linked"].groups.add(group["player"])
        users["unlinked"].groups.add(group["player"])
        old.get_model("parlor", "Player").objects.create(
            parlor=parlors[1], member_number="1", name="Linked", user=users["linked"]
        )

        new = migrate(AFTER).loader.project_state(AFTER).apps
        rows = new.get_model("parlor", "Membership").objects.values_list(
            "user__username", "parlor__name", "role"
        )
        assert sorted(rows) == [
            ("boss", "A", "manager"),
            ("boss", "B", "manager"),
            ("both", "A", "manager"),
            ("both", "B", "manager"),
            ("desk", "A", "staff"),
            ("desk", "B", "staff"),
            ("linked", "B", "player"),
            ("unlinked", "A", "player"),
            ("unlinked", "B", "player"),
        ]
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
