"""Each parlor's books are its own (issue 19): parlor B's staff, manager and player against
parlor A's sessions, hands, statements, balances, settlements, exports, tables, players,
rates, rulesets, penalties and corrections, through the real API on PostgreSQL.

Every probe is refused: an object of A answers 404 (it does not exist for B's
accounts), a request naming one of A's rows as a related id answers 400 on that
field, a list filtered to A's rows is empty, and a role that may not act at all
is 403. Nothing in the books changes. The control: the same requests on B's own
rows succeed. ``pytest -s`` prints the matrix and its figures (docs/permissions.md).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from ledger.models import Session, Settlement
from parlor.models import Player, Rate, RulesetConfig, Table
from parlor.policy import Role
from reports.models import ExportJob
from tests.api.support import ledger_row_counts, token_client
from tests.api.world import World, build_world
from tests.ledger.factories import draw
from tests.parlor.factories import ParlorFactory, member_of

pytestmark = [pytest.mark.requires_postgres, pytest.mark.django_db]

STAFF, MANAGER, PLAYER = "staff of B", "manager of B", "player of B"
# A list probe: 200 and not one row.
EMPTY = "empty"


@dataclass
class Books:
    a: World
    b: World
    clients: dict[str, APIClient]
    export_a: ExportJob
    export_b: ExportJob
    settlement_a: Settlement
    # B's player with postings, and a third parlor where B's manager is manager too.
    player_with_postings: Player
    third_parlor_id: int


@dataclass(frozen=True)
class Probe:
    name: str
    actor: str
    method: str
    path: Callable[[Books], str]
    expect: int | str
    body: Callable[[Books], Any] | None = None
    # The request field a 400 must name.
    field: str | None = None
    # A list that may show B's rows: refused when this row of A is not among them.
    absent: Callable[[Books], int] | None = None

    def send(self, books: Books) -> Any:
        client = books.clients[self.actor]
        headers = {"Idempotency-Key": f"probe-{self.name}-{self.actor}"}
        body = None if self.body is None else self.body(books)
        return client.generic(
            self.method,
            self.path(books),
            data="" if body is None else json.dumps(body),
            content_type="application/json",
            headers=headers,
        )

    def refused(self, response: Any, books: Books) -> bool:
        if self.expect == EMPTY:
            return response.status_code == 200 and response.json()["results"] == []
        if self.absent is not None:
            ids = {row["id"] for row in response.json()["results"]}
            return response.status_code == 200 and self.absent(books) not in ids
        if response.status_code != self.expect:
            return False
        if self.field is not None:
            return self.field in response.json()
        return True


def _export(parlor_id: int, by: User) -> ExportJob:
    return ExportJob.objects.create(
        kind="settlements", scope="day", format="csv", parlor_id=parlor_id,
        date_from="2026-01-01", date_to="2026-01-01", requested_by=by,
    )  # fmt: skip


@pytest.fixture
def books(role_groups: None) -> Books:
    builder = User.objects.create_superuser("world-builder", password="secret-for-tests")
    a, b = build_world(by=builder), build_world(by=builder)
    a.parlor.name, b.parlor.name = "Parlor A", "Parlor B"
    a.parlor.save()
    b.parlor.save()
    third = ParlorFactory(name="Parlor C")
    staff = member_of(b.parlor, Role.STAFF, username="b-staff")
    manager = member_of(b.parlor, Role.MANAGER, username="b-manager")
    member_of(third, Role.MANAGER, user=manager)
    player_user = member_of(b.parlor, Role.PLAYER, username="b-player")
    own = b.players[0]
    own.user = player_user
    own.save(update_fields=["user"])
    a_staff = member_of(a.parlor, Role.STAFF, username="a-staff")
    return Books(
        a=a,
        b=b,
        clients={
            STAFF: token_client(staff),
            MANAGER: token_client(manager),
            PLAYER: token_client(player_user),
        },
        export_a=_export(a.parlor.pk, a_staff),
        export_b=_export(b.parlor.pk, staff),
        settlement_a=Settlement.objects.filter(session=a.closed).order_by("pk").first(),  # type: ignore[misc]
        player_with_postings=b.players[1],
        third_parlor_id=third.pk,
    )


def _open_at_a(k: Books) -> dict[str, Any]:
    return {
        "table": k.a.spare_table.pk,
        "players": [p.pk for p in k.a.free_players],
        "ruleset_config": k.a.config.pk,
        "rate": k.a.rate.pk,
    }


def _export_a(k: Books) -> dict[str, Any]:
    return {"kind": "settlements", "scope": "day", "format": "csv", "parlor": k.a.parlor.pk}


def _own_statement_of_a(k: Books) -> dict[str, Any]:
    return {"kind": "statements", "scope": "player", "format": "pdf", "player": k.a.players[0].pk}


S, M, P = STAFF, MANAGER, PLAYER

PROBES = [
    # Sessions.
    Probe("session-read", S, "GET", lambda k: f"/api/sessions/{k.a.open.pk}/", 404),
    Probe("session-read", M, "GET", lambda k: f"/api/sessions/{k.a.open.pk}/", 404),
    Probe("session-read", P, "GET", lambda k: f"/api/sessions/{k.a.open.pk}/", 403),
    Probe("sessions-of-a", M, "GET", lambda k: f"/api/sessions/?parlor={k.a.parlor.pk}", EMPTY),
    Probe("session-balances", S, "GET", lambda k: f"/api/sessions/{k.a.open.pk}/balances/", 404),
    Probe("session-open-at-a", S, "POST", lambda k: "/api/sessions/", 400, _open_at_a, "table"),
    Probe("session-open-at-a", M, "POST", lambda k: "/api/sessions/", 400, _open_at_a, "rate"),
    Probe("session-close", M, "POST", lambda k: f"/api/sessions/{k.a.finished.pk}/close/", 404),
    Probe(
        "session-mark-settled",
        M,
        "POST",
        lambda k: f"/api/sessions/{k.a.closed.pk}/mark-settled/",
        404,
    ),
    Probe(
        "session-close-job", M, "POST", lambda k: f"/api/sessions/{k.a.finished.pk}/close-job/", 404
    ),
    # Hands.
    Probe("hands-list", S, "GET", lambda k: f"/api/sessions/{k.a.open.pk}/hands/", 404),
    Probe(
        "hand-read", M, "GET", lambda k: f"/api/sessions/{k.a.open.pk}/hands/{k.a.hand.pk}/", 404
    ),
    Probe(
        "hand-record",
        S,
        "POST",
        lambda k: f"/api/sessions/{k.a.open.pk}/hands/",
        404,
        lambda k: draw(1),
    ),
    Probe(
        "chonbo-as-hand",
        M,
        "POST",
        lambda k: f"/api/sessions/{k.a.open.pk}/hands/",
        404,
        lambda k: {"kind": "chonbo", "offender": 2, "cause": "false_ron"},
    ),
    Probe(
        "hand-preview",
        S,
        "POST",
        lambda k: f"/api/sessions/{k.a.open.pk}/hands/preview/",
        404,
        lambda k: draw(1),
    ),
    # Penalties and corrections.
    Probe(
        "chonbo-record",
        S,
        "POST",
        lambda k: "/api/penalties/",
        400,
        lambda k: {"session": k.a.open.pk, "offender": 2, "cause": "false_riichi"},
        "session",
    ),
    Probe("penalties-of-a", M, "GET", lambda k: f"/api/penalties/?parlor={k.a.parlor.pk}", EMPTY),
    Probe(
        "corrections-of-a",
        M,
        "GET",
        lambda k: f"/api/corrections/?session={k.a.corrected.pk}",
        EMPTY,
    ),  # noqa: E501
    Probe("correction-read", M, "GET", lambda k: f"/api/corrections/{k.a.correction.pk}/", 404),
    Probe(
        "void",
        M,
        "POST",
        lambda k: "/api/corrections/",
        400,
        lambda k: {"hand": k.a.hand.pk, "kind": "void", "reason": "probe"},
        "hand",
    ),
    # Statements, balances, settlements.
    Probe(
        "statements-of-a", S, "GET", lambda k: f"/api/statements/?player={k.a.players[0].pk}", EMPTY
    ),  # noqa: E501
    Probe(
        "statements-of-a", P, "GET", lambda k: f"/api/statements/?player={k.a.players[0].pk}", EMPTY
    ),  # noqa: E501
    Probe(
        "statements-of-a", M, "GET", lambda k: f"/api/statements/?session={k.a.closed.pk}", EMPTY
    ),  # noqa: E501
    Probe("balances-of-a", S, "GET", lambda k: f"/api/balances/?parlor={k.a.parlor.pk}", EMPTY),
    Probe("balances-of-a", P, "GET", lambda k: f"/api/balances/?player={k.a.players[0].pk}", EMPTY),  # noqa: E501
    Probe(
        "settlements-of-a", S, "GET", lambda k: f"/api/settlements/?session={k.a.closed.pk}", EMPTY
    ),  # noqa: E501
    Probe("settlement-read", M, "GET", lambda k: f"/api/settlements/{k.settlement_a.pk}/", 404),
    Probe("settlement-read", P, "GET", lambda k: f"/api/settlements/{k.settlement_a.pk}/", 404),
    Probe("standings-of-a", M, "GET", lambda k: f"/api/standings/?parlor={k.a.parlor.pk}", 404),
    Probe("my-session-of-a", P, "GET", lambda k: f"/api/me/sessions/{k.a.open.pk}/", 404),
    # Exports.
    Probe("export-request", S, "POST", lambda k: "/api/exports/", 400, _export_a, "parlor"),
    Probe(
        "export-request", P, "POST", lambda k: "/api/exports/", 400, _own_statement_of_a, "player"
    ),  # noqa: E501
    Probe("export-read", M, "GET", lambda k: f"/api/exports/{k.export_a.pk}/", 404),
    Probe("export-download", M, "GET", lambda k: f"/api/exports/{k.export_a.pk}/download/", 404),
    Probe("exports-list", S, "GET", lambda k: "/api/exports/", 200, absent=lambda k: k.export_a.pk),
    # Reference data: tables, players, rates, rulesets.
    Probe("table-read", S, "GET", lambda k: f"/api/tables/{k.a.spare_table.pk}/", 404),
    Probe(
        "table-rename",
        M,
        "PATCH",
        lambda k: f"/api/tables/{k.a.spare_table.pk}/",
        404,
        lambda k: {"name": "taken"},
    ),
    Probe(
        "table-add-in-a",
        M,
        "POST",
        lambda k: "/api/tables/",
        400,
        lambda k: {"parlor": k.a.parlor.pk, "name": "T-new"},
        "parlor",
    ),
    Probe("player-read", S, "GET", lambda k: f"/api/players/{k.a.players[0].pk}/", 404),
    Probe("player-read", P, "GET", lambda k: f"/api/players/{k.a.players[0].pk}/", 404),
    Probe(
        "player-rename",
        S,
        "PATCH",
        lambda k: f"/api/players/{k.a.players[0].pk}/",
        404,
        lambda k: {"name": "Renamed"},
    ),
    Probe(
        "player-register-in-a",
        S,
        "POST",
        lambda k: "/api/players/",
        400,
        lambda k: {"parlor": k.a.parlor.pk, "member_number": "X1", "name": "New"},
        "parlor",
    ),
    Probe(
        "player-move-into-a",
        S,
        "PATCH",
        lambda k: f"/api/players/{k.b.spare_player.pk}/",
        400,
        lambda k: {"parlor": k.a.parlor.pk},
        "parlor",
    ),
    Probe(
        "player-with-postings-move",
        M,
        "PATCH",
        lambda k: f"/api/players/{k.player_with_postings.pk}/",
        400,
        lambda k: {"parlor": k.third_parlor_id},
        "parlor",
    ),
    Probe("rate-read", M, "GET", lambda k: f"/api/rates/{k.a.rate.pk}/", 404),
    Probe("rates-of-a", P, "GET", lambda k: f"/api/rates/?parlor={k.a.parlor.pk}", EMPTY),
    Probe(
        "rate-edit",
        M,
        "PATCH",
        lambda k: f"/api/rates/{k.a.rate.pk}/",
        404,
        lambda k: {"money_per_unit": 1},
    ),
    Probe(
        "rate-add-in-a",
        M,
        "POST",
        lambda k: "/api/rates/",
        400,
        lambda k: {"parlor": k.a.parlor.pk, "name": "R", "money_per_unit": 1},
        "parlor",
    ),
    Probe("ruleset-read", M, "GET", lambda k: f"/api/ruleset-configs/{k.a.config.pk}/", 404),
    Probe(
        "ruleset-edit",
        M,
        "PATCH",
        lambda k: f"/api/ruleset-configs/{k.a.config.pk}/",
        404,
        lambda k: {"name": "Changed"},
    ),
]


def _a_unchanged(k: Books) -> dict[str, Any]:
    """What the probes must not change in A (besides the books' row counts)."""
    return {
        "player": Player.objects.filter(pk=k.a.players[0].pk).values("name", "parlor").get(),
        "moved": Player.objects.get(pk=k.player_with_postings.pk).parlor_id,
        "table": Table.objects.get(pk=k.a.spare_table.pk).name,
        "rate": Rate.objects.get(pk=k.a.rate.pk).money_per_unit,
        "config": RulesetConfig.objects.get(pk=k.a.config.pk).name,
        "states": [Session.objects.get(pk=s.pk).state for s in (k.a.finished, k.a.closed)],
        "a-rows": (Table.objects.filter(parlor=k.a.parlor).count(), Rate.objects.count()),
    }


def _probe_all(books: Books, probes: list[Probe]) -> list[str]:
    """Send each probe; print the matrix and its figures; return the probes not refused."""
    lines, unsafe = [], []
    for probe in probes:
        response = probe.send(books)
        refused = probe.refused(response, books)
        line = f"{probe.actor:13} {probe.method:5} {probe.name:27} -> {response.status_code}"
        lines.append(f"{line} {'refused' if refused else 'NOT REFUSED'}")
        if not refused:
            unsafe.append(line)
    print("\n".join(["", *lines, f"{len(probes)} probes, {len(probes) - len(unsafe)} refused"]))
    return unsafe


def test_parlor_b_cannot_reach_parlor_a_through_the_api(books: Books) -> None:
    before, counts = _a_unchanged(books), ledger_row_counts()

    assert _probe_all(books, PROBES) == []

    assert len(PROBES) >= 40
    assert _a_unchanged(books) == before
    assert ledger_row_counts() == counts
    moved = books.clients[MANAGER].patch(
        f"/api/players/{books.player_with_postings.pk}/",
        {"parlor": books.third_parlor_id},
        format="json",
    )
    number = books.player_with_postings.member_number
    assert moved.json()["parlor"] == [
        f"player {number} has entries in the books of Parlor B; a player's parlor cannot"
        " change once they have postings"
    ]


def test_the_same_requests_on_parlor_bs_own_rows_succeed(books: Books) -> None:
    """The control: B's accounts reach B's rows, each as its role allows."""
    b = books.b
    staff, manager, player = (books.clients[who] for who in (STAFF, MANAGER, PLAYER))

    def status(client: APIClient, method: str, path: str, body: Any = None) -> int:
        response = client.generic(
            method, path, data="" if body is None else json.dumps(body),
            content_type="application/json", headers={"Idempotency-Key": f"{method}{path}"},
        )  # fmt: skip
        return int(response.status_code)

    assert status(staff, "GET", f"/api/sessions/{b.open.pk}/") == 200
    assert status(manager, "GET", f"/api/sessions/{b.open.pk}/hands/{b.hand.pk}/") == 200
    assert status(staff, "POST", f"/api/sessions/{b.open.pk}/hands/", draw(1)) == 201
    chonbo = {"session": b.open.pk, "offender": 2, "cause": "false_riichi"}
    assert status(staff, "POST", "/api/penalties/", chonbo) == 201
    void = {"hand": b.hand.pk, "kind": "void", "reason": "control"}
    assert status(manager, "POST", "/api/corrections/", void) == 201
    opened = {
        "table": b.spare_table.pk,
        "players": [p.pk for p in b.free_players],
        "ruleset_config": b.config.pk,
        "rate": b.rate.pk,
    }
    assert status(staff, "POST", "/api/sessions/", opened) == 201
    assert status(manager, "POST", f"/api/sessions/{b.finished.pk}/close/") == 200
    assert status(manager, "POST", f"/api/sessions/{b.closed.pk}/mark-settled/") == 200
    assert status(manager, "PATCH", f"/api/rates/{b.rate.pk}/", {"money_per_unit": 60}) == 200
    assert status(manager, "PATCH", f"/api/tables/{b.spare_table.pk}/", {"name": "T9"}) == 200
    assert status(staff, "PATCH", f"/api/players/{b.spare_player.pk}/", {"name": "N"}) == 200
    # A player who never played may move, to a parlor where the mover may edit players.
    move = {"parlor": books.third_parlor_id}
    assert status(manager, "PATCH", f"/api/players/{b.spare_player.pk}/", move) == 200
    assert status(manager, "GET", f"/api/standings/?parlor={b.parlor.pk}") == 200
    assert status(manager, "GET", f"/api/exports/{books.export_b.pk}/") == 200
    assert status(staff, "GET", f"/api/exports/{books.export_a.pk}/") == 404

    lines = player.get("/api/statements/", {"page_size": 500}).json()["results"]
    assert lines and {line["player"] for line in lines} == {b.players[0].pk}
    # Nine players, one of them moved to parlor C above.
    assert staff.get(f"/api/balances/?parlor={b.parlor.pk}").json()["count"] == 8
    me = player.get("/api/me/").json()
    assert me["memberships"] == [{"parlor": b.parlor.pk, "name": "Parlor B", "role": "player"}]


def test_a_filter_cannot_tell_another_parlors_id_from_no_row(books: Books) -> None:
    """Another parlor's id and an id of no row give the same empty list: nothing to probe."""
    staff = books.clients[STAFF]
    for path in (
        "/api/sessions/?parlor={}",
        "/api/penalties/?session={}",
        "/api/tables/?parlor={}",
    ):
        other = staff.get(path.format(books.a.parlor.pk if "parlor" in path else books.a.open.pk))
        missing = staff.get(path.format(999_999))
        assert (other.status_code, other.json()["results"]) == (200, [])
        assert (missing.status_code, missing.json()["results"]) == (200, [])


def test_a_manager_of_one_parlor_and_player_of_another_sees_each_as_that_role(
    books: Books,
) -> None:
    """The role is per parlor: the books of A as A's manager; in B, only their own rows."""
    a, b = books.a, books.b
    user = member_of(a.parlor, Role.MANAGER, username="manager-of-a")
    member_of(b.parlor, Role.PLAYER, user=user)
    mine = b.players[2]
    mine.user = user
    mine.save(update_fields=["user"])
    client = token_client(user)

    def rows(path: str) -> list[dict[str, Any]]:
        response = client.get(f"{path}{'&' if '?' in path else '?'}page_size=500")
        assert response.status_code == 200, response.content
        return list(response.json()["results"])

    assert {s["parlor"] for s in rows("/api/sessions/")} == {a.parlor.pk}
    assert {p["parlor"] for p in rows("/api/balances/")} == {a.parlor.pk, b.parlor.pk}
    assert [p["player"] for p in rows(f"/api/balances/?parlor={b.parlor.pk}")] == [mine.pk]
    statement_b = rows(f"/api/statements/?session={b.closed.pk}")
    assert statement_b and {line["player"] for line in statement_b} == {mine.pk}
    assert len({line["player"] for line in rows(f"/api/statements/?session={a.closed.pk}")}) == 4
    assert client.get(f"/api/sessions/{b.open.pk}/").status_code == 404
    assert client.get(f"/api/sessions/{a.open.pk}/").status_code == 200
    # A's rate may be edited; B's not (a player there), nor may B's players be renamed.
    assert (
        client.patch(f"/api/rates/{a.rate.pk}/", {"game_fee": 400}, format="json").status_code
        == 200
    )
    assert (
        client.patch(f"/api/rates/{b.rate.pk}/", {"game_fee": 400}, format="json").status_code
        == 403
    )
    assert (
        client.patch(f"/api/players/{mine.pk}/", {"name": "Me"}, format="json").status_code == 403
    )
    assert client.get(f"/api/players/{b.players[0].pk}/").status_code == 404
    me = client.get("/api/me/").json()
    assert [(m["name"], m["role"]) for m in me["memberships"]] == [
        ("Parlor A", "manager"),
        ("Parlor B", "player"),
    ]
