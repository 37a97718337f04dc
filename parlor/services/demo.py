"""A demo parlor to try the service with: members, tables, both rulesets, a rate, accounts.

Loading is idempotent: every object is found by its natural key and brought
back to the demo values, so rerunning `make run` never duplicates anything
and the printed passwords always work.
"""

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from parlor.models import (
    GameFeePayer,
    Membership,
    Parlor,
    Player,
    PointUnit,
    Rate,
    RulesetConfig,
    Table,
)
from parlor.services.roles import ROLE_MANAGER, ROLE_STAFF, roles_sync

DEMO_PARLOR_NAME = "Demo Parlor"

DEMO_PLAYERS = (
    ("D001", "Aoki Haruto"),
    ("D002", "Sato Yui"),
    ("D003", "Suzuki Ren"),
    ("D004", "Takahashi Mei"),
    ("D005", "Tanaka Sora"),
    ("D006", "Watanabe Hina"),
    ("D007", "Ito Kaito"),
    ("D008", "Yamamoto Rin"),
)
DEMO_TABLES = ("Table 1", "Table 2", "Table 3")
# (name, ruleset, hand options, game options): the chip value is a game option (engine.game).
DEMO_RULESET_CONFIGS: tuple[tuple[str, str, dict[str, Any], dict[str, Any]], ...] = (
    ("Speed Tonpuu, chip 5,000", "speed-tonpuu", {}, {"chip_value": 5000}),
    ("Toutenkou, house rules", "toutenkou", {}, {}),
)


# A rate prices the point scale its ruleset scores in (Rate.point_unit; a session refuses
# another): speed tonpuu scores in thousands, Toutenkou in single points (a mangan is 8 each).
DEMO_RATES: tuple[tuple[str, dict[str, Any]], ...] = (
    (
        "Tengo: 50 yen per 1,000 points",
        {
            "point_unit": PointUnit.PER_1000,
            "money_per_unit": 50,
            "money_per_chip": 100,
            "game_fee": 500,
            "game_fee_payer": GameFeePayer.EACH_PLAYER,
        },
    ),
    (
        "Toutenkou: 50 yen per point",
        {
            "point_unit": PointUnit.PER_POINT,
            "money_per_unit": 50,
            "money_per_chip": 100,
            "game_fee": 500,
            "game_fee_payer": GameFeePayer.EACH_PLAYER,
        },
    ),
)


@dataclass(frozen=True)
class DemoAccount:
    role: str
    username: str
    password: str


# Published on purpose: the demo is for a local machine (the command refuses when DEBUG is off).
DEMO_ACCOUNTS = (
    DemoAccount(role=ROLE_MANAGER, username="demo-manager", password="mahjong-manager"),
    DemoAccount(role=ROLE_STAFF, username="demo-staff", password="mahjong-staff"),
)


@dataclass(frozen=True)
class DemoParlor:
    parlor: Parlor
    accounts: tuple[DemoAccount, ...]
    # Configurations the engine could not check yet: it lacks their ruleset.
    unchecked_ruleset_configs: tuple[RulesetConfig, ...]


def engine_ruleset_slugs() -> frozenset[str]:
    """The rulesets the engine can configure; none while the engine is not importable."""
    try:
        from engine_door.rulesets import hand_rulesets
    except ImportError:
        return frozenset()
    return frozenset(hand_rulesets())


@transaction.atomic
def demo_parlor_load() -> DemoParlor:
    parlor, _ = Parlor.objects.update_or_create(
        name=DEMO_PARLOR_NAME,
        defaults={
            "currency_code": "JPY",
            "currency_minor_unit_digits": 0,
            "time_zone": "Asia/Tokyo",
        },
    )
    for member_number, name in DEMO_PLAYERS:
        Player.objects.update_or_create(
            parlor=parlor, member_number=member_number, defaults={"name": name, "is_active": True}
        )
    for table_name in DEMO_TABLES:
        Table.objects.update_or_create(parlor=parlor, name=table_name, defaults={"is_active": True})

    known_slugs = engine_ruleset_slugs()
    unchecked = []
    for config_name, slug, options, game_options in DEMO_RULESET_CONFIGS:
        config = RulesetConfig.objects.filter(parlor=parlor, name=config_name).first()
        config = config or RulesetConfig(parlor=parlor, name=config_name)
        config.ruleset_slug, config.options, config.is_active = slug, options, True
        config.game_options = game_options
        if slug in known_slugs:
            config.full_clean()
        else:
            unchecked.append(config)
        config.save()

    for name, values in DEMO_RATES:
        Rate.objects.update_or_create(
            parlor=parlor, name=name, defaults={**values, "is_active": True}
        )

    groups = roles_sync()
    user_model = get_user_model()
    for account in DEMO_ACCOUNTS:
        user, _ = user_model.objects.get_or_create(username=account.username)
        user.is_staff, user.is_active = True, True
        user.set_password(account.password)
        user.save()
        user.groups.set([groups[account.role]])
        # The account's role in the demo parlor (it sees that parlor's books only).
        Membership.objects.update_or_create(
            user=user, parlor=parlor, defaults={"role": account.role}
        )

    return DemoParlor(
        parlor=parlor, accounts=DEMO_ACCOUNTS, unchecked_ruleset_configs=tuple(unchecked)
    )
