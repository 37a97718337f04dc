"""Two parlors for the admin's isolation tests: each with its sessions in every state and members.

``Parlors.make()`` builds parlor A and parlor B the same way: a table, a
ruleset, a rate, four players, an open session with one hand (``open``), an
open one whose game has ended (``over``), a closed one with a chonbo and a
voided hand (``closed``), a settled one (``settled``), a scoreboard link and
an export job; and a manager, a staff and a player account (with staff
status, the worst case) of that parlor only (``member_of``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.test import Client

from ledger.models import ScoreboardLink, Session
from ledger.play.corrections import hand_void
from ledger.play.hands import hand_record
from ledger.play.sessions import session_mark_settled
from ledger.settle.settlements import session_close
from parlor.models import Parlor, Player, Rate, RulesetConfig, Table
from reports.models import ExportJob
from tests.fixtures.clients import DAISANGEN
from tests.ledger.factories import PINFU_TANYAO, SessionFactory, chonbo, ron
from tests.parlor.factories import ParlorFactory, PlayerFactory, member_of

MANAGER, STAFF, PLAYER = "manager", "staff", "player"
ROLES = (MANAGER, STAFF, PLAYER)

# Seat 0's pinfu-tanyao ron off seat 1, as the hand form posts it.
HAND_POST = {
    "hand-kind": "win",
    "hand-discarder": "1",
    "win0-winner": "0",
    "win0-hand": PINFU_TANYAO["hand"],
    "win0-win_tile": PINFU_TANYAO["win_tile"],
}
CHONBO_POST = {"hand-kind": "chonbo", "hand-offender": "1", "hand-chonbo_cause": "false_ron"}


@dataclass
class Side:
    """One parlor's rows and accounts."""

    parlor: Parlor
    users: dict[str, User]
    open: Session
    over: Session
    closed: Session
    settled: Session
    table: Table = field(init=False)
    ruleset: RulesetConfig = field(init=False)
    rate: Rate = field(init=False)
    player: Player = field(init=False)
    spare: Player = field(init=False)
    link: ScoreboardLink = field(init=False)
    export: ExportJob = field(init=False)

    def __post_init__(self) -> None:
        self.table, self.ruleset, self.rate = (
            self.open.table,
            self.open.ruleset_config,
            self.open.rate,
        )
        self.player = self.open.seats.order_by("seat").first().player  # type: ignore[union-attr]
        self.spare = PlayerFactory(parlor=self.parlor, name=f"Spare of {self.parlor.name}")
        self.link = ScoreboardLink.objects.create(parlor=self.parlor)
        self.export = ExportJob.objects.create(
            kind="settlements",
            scope="day",
            format="csv",
            parlor=self.parlor,
            date_from=self.open.opened_at.date(),
            requested_by=self.users[MANAGER],
            state="failed",
            error="test",
        )

    def client(self, role: str) -> Client:
        client = Client()
        client.force_login(self.users[role])
        return client


def session_at(parlor: Parlor, manager: User, staff: User, *, state: str, over: bool) -> Session:
    """A session of ``parlor`` in ``state`` (an open one's game ``over`` or not)."""
    session = SessionFactory(parlor=parlor, by=manager)
    if state == "open" and not over:
        hand_record(session=session, hand=ron(2, 3), entered_by=staff)
        return session
    voided = hand_record(session=session, hand=ron(2, 3), entered_by=staff)
    hand_record(session=session, hand=chonbo(1, cause="false_ron"), entered_by=staff)
    hand_void(hand=voided, reason="entered at the wrong table", by=manager)
    hand_record(session=session, hand=ron(3, 0, DAISANGEN), entered_by=staff)
    if state != "open":
        session_close(session=session, by=manager)
    if state == "settled":
        session.refresh_from_db()
        session_mark_settled(session=session, by=manager)
    session.refresh_from_db()
    return session


def side(name: str) -> Side:
    parlor = ParlorFactory(name=name)
    users = {role: member_of(parlor, role, username=f"{role}-of-{name}") for role in ROLES}
    manager, staff = users[MANAGER], users[STAFF]
    first = session_at(parlor, manager, staff, state="open", over=False)
    return Side(
        parlor=parlor,
        users=users,
        open=first,
        over=session_at(parlor, manager, staff, state="open", over=True),
        closed=session_at(parlor, manager, staff, state="closed", over=True),
        settled=session_at(parlor, manager, staff, state="settled", over=True),
    )


@dataclass
class Parlors:
    a: Side
    b: Side

    @classmethod
    def make(cls) -> Parlors:
        return cls(a=side("A"), b=side("B"))


def form_data(response: Any) -> dict[str, Any]:
    """The POST data of an admin change page's form as it stands (to change one field)."""
    form = response.context["adminform"].form
    data: dict[str, Any] = {}
    for name, bound in ((name, form[name]) for name in form.fields):
        value = bound.field.prepare_value(bound.value())
        if bound.widget_type == "checkbox":
            if value:
                data[name] = "on"
        elif value is not None:
            data[name] = value
    return data
