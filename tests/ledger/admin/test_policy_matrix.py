"""The policy table tried through the admin: each row it offers, each role, own and other parlor.

Generated from ``parlor.policy.TABLE``: for each action the admin offers
(``PROBES``), each role (manager, staff, player with staff status) of
parlor B does it through the real admin pages, on an object of its own
parlor and on one of parlor A, in each session state for an action about a
session. In its own parlor the action is done exactly when
``policy.allows`` says so; in the other parlor the object is not found
(404, or not among a form's choices), whatever the role. An action that
creates something (a session, an export, a link, a membership) by a role
that may not do it in any parlor is refused outright (403) before any
parlor is looked at, which tells nothing of parlor A either.

The rows the admin does not offer are named in ``NOT_OFFERED`` with where
they live; a new row of the table fails this test until it is placed in one
or the other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from ledger.books.balances import player_balance
from ledger.counter.models import TillClose
from ledger.counter.slip import visit_slip
from ledger.counter.visits import VisitSettlement
from ledger.floor.services import shift_clock_in
from ledger.models import (
    BackPayRate,
    Correction,
    CounterEntry,
    CreditLimit,
    ScoreboardLink,
    Session,
    Visit,
    WaitingEntry,
)
from ledger.play.session_selectors import session_live_hands
from parlor import policy
from parlor.models import Membership, Parlor, Player, Role
from parlor.policy import Action
from players.statistics.models import StatisticsOptions
from reports.models import ExportJob
from tests.ledger.admin.isolation import (
    CHONBO_POST,
    HAND_POST,
    MANAGER,
    PLAYER,
    ROLES,
    STAFF,
    form_data,
    session_at,
)
from tests.parlor.factories import (
    ParlorFactory,
    PlayerFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
    member_of,
)

pytestmark = pytest.mark.django_db

DONE, REFUSED, NOT_FOUND = "done", "refused", "not found"
OWN, OTHER = "own parlor", "other parlor"

NOT_OFFERED = {
    Action.VIEW_OWN: "a player's own pages are /me/ (players.pages), not the admin",
    Action.EXPORT_OWN: "a player's statement is /me/statement/ and the API, not the admin",
    Action.HAND_OPTIONS: "the admin's hand form sends no per-hand ruleset options",
    Action.AUDIT: "the ledger audit is the audit_ledger management command, not an admin page",
    Action.VIEW_STATISTICS: "one player's numbers are the API's (/api/players/{id}/statistics/)"
    " and the player's own pages (/me/statistics/); the admin shows the standings",
    # The counter's entries are listed read-only in the admin; the desk records them through
    # the API (tests/ledger/counter/test_counter_policy.py holds the services to the table).
    Action.CORRECT_COUNTER: "counter entries are reversed through the API (/api/counter/)",
}


@dataclass
class World:
    mine: Parlor  # parlor B, the acting user's
    theirs: Parlor  # parlor A
    users: dict[str, User]  # B's manager, staff and player
    desk: dict[int, tuple[User, User]]  # each parlor's manager and staff (to build sessions)
    root: Client  # a superuser, to read a change form as it stands

    def target(self, where: str) -> Parlor:
        return self.mine if where == OWN else self.theirs

    def session(self, parlor: Parlor, state: str, *, over: bool) -> Session:
        manager, staff = self.desk[parlor.pk]
        return session_at(parlor, manager, staff, state=state, over=over)


@pytest.fixture
def world(db: None, settings: Any, tmp_path: Any) -> World:
    settings.MEDIA_ROOT = str(tmp_path)
    theirs, mine = ParlorFactory(name="A"), ParlorFactory(name="B")
    users = {role: member_of(mine, role, username=f"b-{role}") for role in ROLES}
    a_desk = (member_of(theirs, MANAGER, username="a-manager"), member_of(theirs, STAFF))
    root = Client()
    root.force_login(User.objects.create_superuser("root", password="secret-for-tests"))
    return World(
        mine=mine,
        theirs=theirs,
        users=users,
        desk={mine.pk: (users[MANAGER], users[STAFF]), theirs.pk: a_desk},
        root=root,
    )


def judged(response: Any, changed: bool, *choice_fields: str) -> str:
    """What the admin did: the change happened, the object was not found, or it refused."""
    if changed:
        return DONE
    if response.status_code == 404:
        return NOT_FOUND
    context = getattr(response, "context", None)
    form = None
    if context is not None:
        form = context.get("form") or getattr(context.get("adminform"), "form", None)
    if response.status_code == 200 and form is not None and choice_fields:
        errors = form.errors.as_data()
        if any(e.code == "invalid_choice" for f in choice_fields for e in errors.get(f, [])):
            return NOT_FOUND  # another parlor's row is not among the choices
    return REFUSED


# --- one probe per row the admin offers: (world, client, parlor, state) -> outcome -------------

Probe = Callable[[World, Client, Parlor, str | None], str]


def _edit(model_path: str, make: Callable[[Parlor], Any]) -> Probe:
    """Rename a row of the parlor through its change form."""

    def probe(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
        obj = make(parlor)
        url = f"/admin/{model_path}/{obj.pk}/change/"
        data = {**form_data(world.root.get(url)), "name": "renamed"}
        response = client.post(url, data)
        return judged(response, type(obj).objects.get(pk=obj.pk).name == "renamed")

    return probe


def view_books(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    session = world.session(parlor, "open", over=False)
    response = client.get(f"/admin/ledger/session/{session.pk}/change/")
    return judged(response, response.status_code == 200)


def view_rules(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    rate = RateFactory(parlor=parlor)
    response = client.get(f"/admin/parlor/rate/{rate.pk}/change/")
    return judged(response, response.status_code == 200)


def delete_player(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    player = PlayerFactory(parlor=parlor)
    response = client.post(f"/admin/parlor/player/{player.pk}/delete/", {"post": "yes"})
    return judged(response, not Player.objects.filter(pk=player.pk).exists())


def link_login(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    player = PlayerFactory(parlor=parlor)
    account = User.objects.create_user(f"login-for-{player.pk}")
    url = f"/admin/parlor/player/{player.pk}/change/"
    data = {**form_data(world.root.get(url)), "user": account.pk}
    response = client.post(url, data)
    player.refresh_from_db()
    return judged(response, player.user_id == account.pk, "user")


def open_session(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    seats = {f"seat_{n}": PlayerFactory(parlor=parlor).pk for n in range(4)}
    form = {
        "table": TableFactory(parlor=parlor).pk,
        "ruleset_config": RulesetConfigFactory(parlor=parlor, ruleset_slug="riichi-standard").pk,
        "rate": RateFactory(parlor=parlor).pk,
        **seats,
    }
    response = client.post("/admin/ledger/session/add/", form)
    opened = Session.objects.filter(table_id=form["table"]).exists()
    return judged(response, opened, "table", "ruleset_config", "rate", "seat_0")


def _session_for(world: World, parlor: Parlor, state: str | None, *, over: bool) -> Session:
    return world.session(parlor, state or "open", over=over or state != "open")


def _record(post: dict[str, str]) -> Probe:
    def probe(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
        session = _session_for(world, parlor, state, over=False)
        url = f"/admin/ledger/session/{session.pk}/hands/"
        count = session.hands.count()
        response = client.post(url, {**post, "_preview": "1"})
        if response.status_code == 200 and response.context.get("digest"):
            digest = response.context["digest"]
            response = client.post(url, {**post, "_save": "1", "preview_digest": digest})
        return judged(response, session.hands.count() > count)

    return probe


def _correct(amend: bool) -> Probe:
    def probe(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
        session = _session_for(world, parlor, state, over=False)
        hand = session_live_hands(session=session).order_by("ordinal").first()
        assert hand is not None
        url = f"/admin/ledger/session/{session.pk}/hands/{hand.pk}/correct/"
        before = Correction.objects.filter(session=session).count()
        data: dict[str, Any] = {"kind": "void", "reason": "matrix"}
        if amend:
            data = {**data, "kind": "amend", **CHONBO_POST, "hand-offender": "2"}
        response = client.post(url, data)
        if response.status_code == 200 and response.context.get("digest"):
            digest = response.context["digest"]
            response = client.post(url, {**data, "_confirm": "1", "correction_digest": digest})
        return judged(response, Correction.objects.filter(session=session).count() > before)

    return probe


def _close(*, stop: bool) -> Probe:
    def probe(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
        session = _session_for(world, parlor, state, over=not stop)
        data = {"confirm": "1", "stop": "1" if stop else "0"}
        response = client.post(f"/admin/ledger/session/{session.pk}/close/", data)
        before = session.state
        session.refresh_from_db()
        return judged(response, session.state != before)

    return probe


def mark_settled(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    session = _session_for(world, parlor, state, over=True)
    response = client.post(f"/admin/ledger/session/{session.pk}/settled/", {"confirm": "1"})
    before = session.state
    session.refresh_from_db()
    return judged(response, session.state != before)


def export_books(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    day = timezone.localdate().isoformat()
    form = {"kind": "settlements", "format": "csv", "scope": "day", "parlor": parlor.pk}
    form["date_from"] = day
    response = client.post("/admin/reports/exportjob/add/", form)
    return judged(response, ExportJob.objects.filter(parlor=parlor).exists(), "parlor")


def manage_scoreboard(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    response = client.post("/admin/ledger/scoreboardlink/add/", {"parlor": parlor.pk})
    return judged(response, ScoreboardLink.objects.filter(parlor=parlor).exists(), "parlor")


def manage_members(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    newcomer = User.objects.create_user("newcomer", is_staff=True)
    form = {"user": newcomer.pk, "parlor": parlor.pk, "role": "staff"}
    response = client.post("/admin/parlor/membership/add/", form)
    return judged(response, Membership.objects.filter(user=newcomer).exists(), "parlor")


def view_standings(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    response = client.get("/admin/players/standingspage/", {"parlor": parlor.pk})
    form = getattr(response, "context", None) and response.context.get("form")
    shown = response.status_code == 200 and form is not None and form.is_valid()
    return judged(response, shown and form.cleaned_data["parlor"] == parlor, "parlor")


def manage_statistics(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    form = {"parlor": parlor.pk, "rating_system": "openskill", "scoreboard_period": "month",
            "scoreboard_min_games": "0"}  # fmt: skip
    response = client.post("/admin/players/statisticsoptions/add/", form)
    chosen = StatisticsOptions.objects.filter(parlor=parlor, rating_system="openskill")
    return judged(response, chosen.exists(), "parlor")


def check_in(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    player = PlayerFactory(parlor=parlor)
    response = client.post("/admin/ledger/visit/add/", {"player": player.pk})
    return judged(response, Visit.objects.filter(player=player).exists(), "player")


def override_credit_limit(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    session = world.session(parlor, "closed", over=True)
    seated = [seat.player for seat in session.seats.all()]
    player = min(seated, key=lambda p: player_balance(player=p).money)
    CreditLimit.objects.create(player=player, amount=0, set_by=world.desk[parlor.pk][0])
    form = {"player": player.pk, "override_reason": "pays on Friday"}
    response = client.post("/admin/ledger/visit/add/", form)
    return judged(response, Visit.objects.filter(player=player).exists(), "player")


def set_credit_limit(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    player = PlayerFactory(parlor=parlor)
    form = {"player": player.pk, "amount": "5000"}
    response = client.post("/admin/ledger/creditlimit/add/", form)
    return judged(response, CreditLimit.objects.filter(player=player).exists(), "player")


def _open_visit(world: World, parlor: Parlor) -> Visit:
    return Visit.objects.create(
        parlor=parlor, player=PlayerFactory(parlor=parlor), business_day=timezone.localdate(),
        checked_in_by=world.desk[parlor.pk][1],
    )  # fmt: skip


def record_counter(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    """The counter desk: a deposit, confirmed (the desk's own page, /desk/counter/)."""
    visit = _open_visit(world, parlor)
    form = {
        "parlor": parlor.pk, "do": "money", "visit": visit.pk, "kind": "deposit_taken",
        "amount": "1000", "method": "cash", "category": "", "after": "0", "confirmed": "yes",
    }  # fmt: skip
    response = client.post("/desk/counter/", form)
    return judged(response, CounterEntry.objects.filter(player=visit.player).exists())


def settle_visit(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    """The check-out slip confirmed at the desk (/desk/counter/visits/<id>/)."""
    visit = _open_visit(world, parlor)
    version = visit_slip(visit=visit).version
    response = client.post(
        f"/desk/counter/visits/{visit.pk}/", {"version": version, "method": "cash"}
    )
    return judged(response, VisitSettlement.objects.filter(visit=visit).exists())


def manage_till(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    """The till counted and closed at the desk (/desk/till/)."""
    form = {"parlor": parlor.pk, "kind": "shift", "count-1000": "2", "confirmed": "yes"}
    response = client.post("/desk/till/", {**form, "after_close": "0"})
    return judged(response, TillClose.objects.filter(parlor=parlor).exists())


def run_floor(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    player = PlayerFactory(parlor=parlor)
    Visit.objects.create(
        parlor=parlor, player=player, business_day=timezone.localdate(),
        checked_in_by=world.desk[parlor.pk][1],
    )  # fmt: skip
    rules = RulesetConfigFactory(parlor=parlor, ruleset_slug="riichi-standard")
    game = f"{rules.pk}:{RateFactory(parlor=parlor).pk}"
    form = {"parlor": parlor.pk, "do": "join", "join-player": player.pk, "join-game": game}
    response = client.post(f"/desk/floor/?parlor={parlor.pk}", form)
    return judged(response, WaitingEntry.objects.filter(player=player).exists())


def _member(world: World, parlor: Parlor) -> Player:
    """A player the parlor's staff member clocked in as: a staff member who plays."""
    player = PlayerFactory(parlor=parlor)
    staff = world.desk[parlor.pk][1]
    shift_clock_in(user=staff, player=player, by=staff)
    return player


def member_advance(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    player = _member(world, parlor)
    form = {"parlor": parlor.pk, "do": "advance", "confirm": "1", "advance-player": player.pk,
            "advance-amount": "1000", "advance-memo": ""}  # fmt: skip
    response = client.post(f"/desk/floor/members/?parlor={parlor.pk}", form)
    return judged(response, CounterEntry.objects.filter(player=player).exists())


def set_back_pay(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    form = {"parlor": parlor.pk, "do": "rate", "rate-amount": "500", "rate-memo": ""}
    response = client.post(f"/desk/floor/members/?parlor={parlor.pk}", form)
    return judged(response, BackPayRate.objects.filter(parlor=parlor).exists())


def view_member_statements(world: World, client: Client, parlor: Parlor, state: str | None) -> str:
    _member(world, parlor)
    response = client.get("/desk/floor/members/", {"parlor": parlor.pk, "format": "csv"})
    read = response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    return judged(response, read)


PROBES: dict[Action, Probe] = {
    Action.VIEW_BOOKS: view_books,
    Action.VIEW_RULES: view_rules,
    Action.EDIT_PLAYERS: _edit("parlor/player", lambda p: PlayerFactory(parlor=p)),
    Action.DELETE_PLAYERS: delete_player,
    Action.LINK_LOGIN: link_login,
    Action.EDIT_TABLES: _edit("parlor/table", lambda p: TableFactory(parlor=p)),
    Action.EDIT_RULESETS: _edit("parlor/rulesetconfig", lambda p: RulesetConfigFactory(parlor=p)),
    Action.EDIT_RATES: _edit("parlor/rate", lambda p: RateFactory(parlor=p)),
    Action.OPEN_SESSION: open_session,
    Action.CHECK_IN: check_in,
    Action.OVERRIDE_CREDIT_LIMIT: override_credit_limit,
    Action.SET_CREDIT_LIMIT: set_credit_limit,
    Action.RUN_FLOOR: run_floor,
    Action.RECORD_COUNTER: record_counter,
    Action.SETTLE_VISIT: settle_visit,
    Action.MANAGE_TILL: manage_till,
    Action.RECORD_HAND: _record(HAND_POST),
    Action.RECORD_PENALTY: _record(CHONBO_POST),
    Action.VOID_HAND: _correct(amend=False),
    Action.CORRECT_HAND: _correct(amend=True),
    Action.CLOSE_SESSION: _close(stop=False),
    Action.STOP_SESSION: _close(stop=True),
    Action.MARK_SETTLED: mark_settled,
    Action.EXPORT_BOOKS: export_books,
    Action.MANAGE_SCOREBOARD: manage_scoreboard,
    Action.MANAGE_MEMBERS: manage_members,
    Action.VIEW_STANDINGS: view_standings,
    Action.MANAGE_STATISTICS: manage_statistics,
    Action.MEMBER_ADVANCE: member_advance,
    Action.SET_BACK_PAY: set_back_pay,
    Action.VIEW_MEMBER_STATEMENTS: view_member_statements,
}
# Probes that create a row rather than open one: refused outright (403) for a role that may
# not do it anywhere.
CREATES = {
    Action.OPEN_SESSION,
    Action.CHECK_IN,
    Action.OVERRIDE_CREDIT_LIMIT,
    Action.SET_CREDIT_LIMIT,
    Action.RUN_FLOOR,
    Action.RECORD_COUNTER,
    Action.SETTLE_VISIT,
    Action.MANAGE_TILL,
    Action.EXPORT_BOOKS,
    Action.MANAGE_SCOREBOARD,
    Action.MANAGE_MEMBERS,
    Action.MANAGE_STATISTICS,
    # The members' page (/desk/floor/members/) is the desk's: another parlor is not found,
    # and a role that may do none of it anywhere is refused at its door.
    Action.MEMBER_ADVANCE,
    Action.SET_BACK_PAY,
    Action.VIEW_MEMBER_STATEMENTS,
}


def test_every_row_of_the_table_is_probed_or_named_as_not_offered() -> None:
    rows = {action for action, _rule in policy.rows()}

    assert set(PROBES) | set(NOT_OFFERED) == rows
    assert not set(PROBES) & set(NOT_OFFERED)


def cases() -> list[Any]:
    found = []
    for action, rule in policy.rows():
        if action not in PROBES:
            continue
        states = policy.SESSION_STATES if rule.states is not None else (None,)
        for state in states:
            for role in ROLES:
                for where in (OWN, OTHER):
                    found.append(
                        pytest.param(
                            action, state, role, where, id=f"{action}-{state}-{role}-{where}"
                        )
                    )
    return found


@pytest.mark.parametrize(("action", "state", "role", "where"), cases())
def test_the_admin_does_what_the_policy_allows(
    world: World, action: Action, state: str | None, role: str, where: str
) -> None:
    user = world.users[role]
    client = Client()
    client.force_login(user)
    parlor = world.target(where)

    outcome = PROBES[action](world, client, parlor, state)

    if where == OWN:
        allowed = policy.allows(user, action, parlor_id=parlor.pk, state=state)
        assert (outcome == DONE) is allowed, outcome
    elif action in CREATES and not policy.may_anywhere(user, action):
        assert outcome in (NOT_FOUND, REFUSED)
    else:
        assert outcome == NOT_FOUND


def test_the_roles_tried_are_every_role() -> None:
    assert {MANAGER, STAFF, PLAYER} == {role.value for role in Role}
