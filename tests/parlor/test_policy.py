"""parlor.policy: the one table of who may do what, by role, parlor and session state."""

from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User

from ledger.models import SessionState
from parlor import policy
from parlor.models import Role
from parlor.policy import Action, PolicyRefusal, Refusal
from tests.parlor.factories import ParlorFactory, member_of

pytestmark = pytest.mark.django_db


def test_the_policys_session_states_are_the_ledgers() -> None:
    assert set(policy.SESSION_STATES) == set(SessionState.values)


def test_every_action_has_a_rule_naming_roles_and_what_it_is() -> None:
    assert set(policy.TABLE) == set(Action)
    for action, rule in policy.rows():
        assert rule.roles, action
        assert str(rule.what), action


def test_staff_are_the_referees_and_managers_own_the_rules() -> None:
    parlor = ParlorFactory()
    staff = member_of(parlor, Role.STAFF)
    at = {"parlor_id": parlor.pk, "state": policy.OPEN}
    assert policy.allows(staff, Action.RECORD_HAND, **at)
    assert policy.allows(staff, Action.RECORD_PENALTY, **at)
    assert not policy.allows(staff, Action.HAND_OPTIONS, **at)
    assert not policy.allows(staff, Action.VOID_HAND, **at)
    assert not policy.allows(staff, Action.EDIT_RATES, parlor_id=parlor.pk)


def test_another_parlors_object_is_not_found_whatever_the_role() -> None:
    mine, theirs = ParlorFactory(), ParlorFactory()
    manager = member_of(mine, Role.MANAGER)
    with pytest.raises(PolicyRefusal) as refused:
        policy.check(manager, Action.VIEW_BOOKS, parlor_id=theirs.pk)
    assert refused.value.refusal is Refusal.NOT_MEMBER


def test_a_role_refusal_names_the_role_and_the_action() -> None:
    parlor = ParlorFactory()
    player = member_of(parlor, Role.PLAYER)
    with pytest.raises(PolicyRefusal) as refused:
        policy.check(player, Action.RECORD_HAND, parlor_id=parlor.pk, state=policy.OPEN)
    assert refused.value.refusal is Refusal.ROLE
    assert (
        str(refused.value.message) == "Your role (player) may not record a hand (win, draw, abort)."
    )


def test_a_state_refusal_names_the_states_allowed() -> None:
    parlor = ParlorFactory()
    manager = member_of(parlor, Role.MANAGER)
    with pytest.raises(PolicyRefusal) as refused:
        policy.check(manager, Action.CORRECT_HAND, parlor_id=parlor.pk, state=policy.SETTLED)
    assert refused.value.refusal is Refusal.STATE
    assert str(refused.value.message) == (
        "This cannot be done in a settled session: only open, closed."
    )


def test_a_superuser_is_a_manager_everywhere() -> None:
    boss = User.objects.create_superuser("boss", password="secret-for-tests")
    parlor = ParlorFactory()
    assert policy.allows(boss, Action.MARK_SETTLED, parlor_id=parlor.pk, state=policy.CLOSED)
    assert policy.allowed_parlor_ids(boss, Action.AUDIT) is None


def test_the_jobs_account_only_closes_and_exports(settings: object) -> None:
    parlor = ParlorFactory()
    jobs = User.objects.create_user("ledger-jobs", is_active=False)
    assert policy.is_jobs_user(jobs)
    assert policy.allows(jobs, Action.CLOSE_SESSION, parlor_id=parlor.pk, state=policy.OPEN)
    assert policy.allows(jobs, Action.EXPORT_BOOKS, parlor_id=parlor.pk)
    assert not policy.allows(jobs, Action.RECORD_HAND, parlor_id=parlor.pk, state=policy.OPEN)


def test_allowed_parlors_follow_the_role_in_each() -> None:
    first, second = ParlorFactory(), ParlorFactory()
    user = member_of(first, Role.MANAGER, username="two-hats")
    member_of(second, Role.PLAYER, user=user)
    assert policy.allowed_parlor_ids(user, Action.VIEW_BOOKS) == frozenset({first.pk})
    assert policy.allowed_parlor_ids(user, Action.VIEW_OWN) == frozenset({first.pk, second.pk})


def test_the_documented_table_is_the_policys() -> None:
    docs = (Path(settings.BASE_DIR) / "docs" / "permissions.md").read_text(encoding="utf-8")
    start = docs.index("-->\n", docs.index("<!-- generated from parlor/policy.py")) + len("-->\n")
    end = docs.index("\n<!-- end of the generated table -->")
    assert docs[start:end] == policy.markdown_table()
