from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client, override_settings

from parlor.models import Membership, Parlor
from parlor.services.demo import (
    DEMO_ACCOUNTS,
    DEMO_PARLOR_NAME,
    DEMO_RULESET_CONFIGS,
    DemoAccount,
    demo_parlor_load,
    engine_ruleset_slugs,
)

pytestmark = pytest.mark.django_db


def demo_counts() -> dict[str, int]:
    parlor = Parlor.objects.get(name=DEMO_PARLOR_NAME)
    return {
        "parlors": Parlor.objects.count(),
        "players": parlor.players.count(),
        "tables": parlor.tables.count(),
        "ruleset_configs": parlor.ruleset_configs.count(),
        "rates": parlor.rates.count(),
        "users": get_user_model().objects.count(),
        "memberships": Membership.objects.count(),
    }


def test_demo_parlor_has_players_tables_both_rulesets_a_rate_and_two_accounts() -> None:
    demo = demo_parlor_load()

    assert demo_counts() == {
        "parlors": 1,
        "players": 8,
        "tables": 3,
        "ruleset_configs": 2,
        "rates": 2,
        "users": 2,
        "memberships": 2,
    }
    slugs = set(demo.parlor.ruleset_configs.values_list("ruleset_slug", flat=True))
    assert slugs == {"speed-tonpuu", "toutenkou"}
    memberships = demo.parlor.memberships.values_list("user__username", "role")
    assert sorted(memberships) == [("demo-manager", "manager"), ("demo-staff", "staff")]


def test_demo_parlor_loads_twice_without_duplicates() -> None:
    demo_parlor_load()
    first = demo_counts()

    demo_parlor_load()

    assert demo_counts() == first


@override_settings(DEBUG=True)
def test_demo_parlor_command_prints_the_demo_credentials() -> None:
    out = StringIO()

    call_command("demo_parlor", stdout=out)

    for account in DEMO_ACCOUNTS:
        assert f"username: {account.username}" in out.getvalue()
        assert f"password: {account.password}" in out.getvalue()


@override_settings(DEBUG=False)
def test_demo_parlor_command_refuses_with_debug_off_unless_forced() -> None:
    with pytest.raises(CommandError, match="DEBUG is off"):
        call_command("demo_parlor", stdout=StringIO())

    call_command("demo_parlor", "--force", stdout=StringIO())
    assert Parlor.objects.filter(name=DEMO_PARLOR_NAME).exists()


@pytest.mark.parametrize("account", DEMO_ACCOUNTS, ids=lambda account: account.role)
def test_demo_accounts_sign_in_and_see_the_players(client: Client, account: DemoAccount) -> None:
    demo_parlor_load()
    assert client.login(username=account.username, password=account.password)

    response = client.get("/admin/parlor/player/")

    assert response.status_code == 200
    assert "Aoki Haruto" in response.content.decode()


@pytest.mark.parametrize(
    ("config_name", "slug"), [(name, slug) for name, slug, *_ in DEMO_RULESET_CONFIGS]
)
def test_demo_ruleset_configs_are_valid_for_the_engine(config_name: str, slug: str) -> None:
    if slug not in engine_ruleset_slugs():
        pytest.skip(f"the engine has no ruleset {slug} yet")
    demo = demo_parlor_load()

    demo.parlor.ruleset_configs.get(name=config_name).full_clean()
    assert config_name not in [config.name for config in demo.unchecked_ruleset_configs]


def test_each_demo_ruleset_has_a_rate_of_its_scale_and_refuses_the_other() -> None:
    from django.contrib.auth.models import User

    from ledger.errors import LedgerError, LedgerErrorCode
    from ledger.play.sessions import session_open

    demo = demo_parlor_load()
    parlor = demo.parlor
    by = User.objects.get(username="demo-staff")
    per_1000 = parlor.rates.get(point_unit=1000)
    per_point = parlor.rates.get(point_unit=1)
    fitting = {"speed-tonpuu": (per_1000, per_point), "toutenkou": (per_point, per_1000)}
    # A table each: a session stays open at its table (the database refuses faking a close).
    tables = list(parlor.tables.all())
    for config, table in zip(parlor.ruleset_configs.all(), tables, strict=False):
        fits, other = fitting[config.ruleset_slug]
        seats = 3 if config.ruleset_slug == "toutenkou" else 4
        players = list(parlor.players.all()[:seats])
        with pytest.raises(LedgerError) as refused:
            session_open(table=table, players=players, ruleset_config=config, rate=other, by=by)
        assert refused.value.code == LedgerErrorCode.RATE_SCALE_MISMATCH
        session = session_open(
            table=table, players=players, ruleset_config=config, rate=fits, by=by
        )
        assert session.point_unit == fits.point_unit
