"""Memberships: an account's role in each parlor; existing role-group members keep their access.

Before this migration a role group (manager, staff, player) reached every
parlor. So that an existing installation keeps working, every member of a
role group gets a membership with that role in every parlor that exists
(docs/permissions.md says so), except a player whose login is linked to a
player row: that account is a member of its player's parlor only. A user in
several role groups gets the highest (manager, then staff, then player).
Superusers need no membership.
"""

from typing import Any

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


ROLES_HIGHEST_FIRST = ("manager", "staff", "player")


def memberships_from_role_groups(apps: Any, schema_editor: Any) -> None:
    group_model = apps.get_model("auth", "Group")
    parlor_model = apps.get_model("parlor", "Parlor")
    player_model = apps.get_model("parlor", "Player")
    membership_model = apps.get_model("parlor", "Membership")
    every_parlor = list(parlor_model.objects.values_list("pk", flat=True))
    player_parlor = dict(
        player_model.objects.filter(user__isnull=False).values_list("user_id", "parlor_id")
    )
    role_of: dict[int, str] = {}
    for role in reversed(ROLES_HIGHEST_FIRST):  # a higher role overwrites a lower one
        members = group_model.objects.filter(name=role).values_list("user__pk", flat=True)
        role_of.update({user_id: role for user_id in members if user_id is not None})
    membership_model.objects.bulk_create(
        membership_model(user_id=user_id, parlor_id=parlor_id, role=role)
        for user_id, role in role_of.items()
        for parlor_id in (
            [player_parlor[user_id]]
            if role == "player" and user_id in player_parlor
            else every_parlor
        )
    )


class Migration(migrations.Migration):
    dependencies = [
        ("parlor", "0005_rate_point_unit"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.CreateModel(
            name="Membership",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "role",
                    models.CharField(
                        choices=[("manager", "manager"), ("staff", "staff"), ("player", "player")],
                        max_length=20,
                        verbose_name="role",
                    ),
                ),
                (
                    "parlor",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="memberships",
                        to="parlor.parlor",
                        verbose_name="parlor",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="memberships",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="user",
                    ),
                ),
            ],
            options={
                "verbose_name": "membership",
                "verbose_name_plural": "memberships",
                "ordering": ["parlor", "user"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("user", "parlor"), name="membership_one_role_per_parlor"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("role__in", ["manager", "staff", "player"])),
                        name="membership_role_valid",
                    ),
                ],
            },
        ),
        migrations.RunPython(memberships_from_role_groups, migrations.RunPython.noop),
    ]
