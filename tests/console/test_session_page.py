"""The session page: seats and running scores, hand entry with the engine's preview, closing."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from django.test import Client

from ledger.models import HandResult, Session, SessionState
from ledger.play.hands import hand_record
from tests.ledger.factories import PINFU_TANYAO, SessionFactory, draw

RON_POST = {
    "hand-kind": "win",
    "hand-riichi": ["2"],
    "hand-discarder": "3",
    "win0-winner": "2",
    "win0-hand": PINFU_TANYAO["hand"],
    "win0-win_tile": PINFU_TANYAO["win_tile"],
}


@pytest.fixture
def staff_client(client_as: Callable[[str], Client]) -> Client:
    return client_as("staff")


def page_of(client: Client, session: Session) -> str:
    response = client.get(f"/admin/ledger/session/{session.pk}/change/")
    assert response.status_code == 200
    return response.content.decode()


def post_hand(client: Client, session: Session, data: dict[str, Any]) -> Any:
    return client.post(f"/admin/ledger/session/{session.pk}/hands/", data)


def test_the_page_shows_the_seats_the_running_scores_and_the_hand_form(
    staff_client: Client, open_session: Session
) -> None:
    page = page_of(staff_client, open_session)
    names = [seat.player.name for seat in open_session.seats.order_by("seat")]

    assert all(name in page for name in names)
    # Hand 1: seat 2 ron seat 3, 2 han 30 fu, 2,000: the running totals follow the books.
    assert "+2,000" in page and "-2,000" in page
    # Seats' points with thousands separators, as the scoreboard prints them.
    assert '<span class="seat-points">27,000</span>' in page
    assert '<span class="seat-points">23,000</span>' in page
    assert 'id="hand-entry-form"' in page
    assert 'src="/static/ledger/tiles/2m.svg"' in page


def test_preview_shows_yaku_points_and_payments_and_writes_nothing(
    staff_client: Client, db: None
) -> None:
    session = SessionFactory()

    response = post_hand(staff_client, session, {**RON_POST, "_preview": "1"})

    page = response.content.decode()
    assert response.status_code == 200
    assert "Preview of hand 1" in page
    assert "Riichi" in page and "Pinfu" in page and "Tanyao" in page
    assert "3 han 30 fu" in page and "Ron 3,900" in page
    assert 'id="save-hand"' in page and response.context["digest"]
    assert HandResult.objects.count() == 0


def test_save_records_exactly_the_previewed_hand(staff_client: Client, db: None) -> None:
    session = SessionFactory()
    preview = post_hand(staff_client, session, {**RON_POST, "_preview": "1"})

    saved = post_hand(
        staff_client,
        session,
        {**RON_POST, "_save": "1", "preview_digest": preview.context["digest"]},
    )

    hand = HandResult.objects.get()
    assert saved.status_code == 302
    assert hand.payload == {
        "kind": "win",
        "riichi": [2],
        "wins": [{"winner": 2, "discarder": 3, "record": dict(PINFU_TANYAO)}],
    }
    assert "Hand 1 recorded." in page_of(staff_client, session)


def test_save_without_a_matching_preview_shows_the_preview_instead(
    staff_client: Client, db: None
) -> None:
    session = SessionFactory()
    preview = post_hand(staff_client, session, {**RON_POST, "_preview": "1"})
    changed = {**RON_POST, "hand-dora_indicators": "1m"}

    response = post_hand(
        staff_client,
        session,
        {**changed, "_save": "1", "preview_digest": preview.context["digest"]},
    )

    assert response.status_code == 200
    assert HandResult.objects.count() == 0
    assert "changed since its preview" in response.content.decode()
    assert response.context["preview"] is not None


def test_a_preview_is_stale_once_another_hand_was_recorded(
    client_as: Callable[[str], Client], db: None
) -> None:
    session = SessionFactory()
    desk, other_desk = client_as("staff"), client_as("manager")
    preview = post_hand(desk, session, {**RON_POST, "_preview": "1"})
    other = post_hand(other_desk, session, {**RON_POST, "_preview": "1"})
    post_hand(
        other_desk, session, {**RON_POST, "_save": "1", "preview_digest": other.context["digest"]}
    )

    response = post_hand(
        desk, session, {**RON_POST, "_save": "1", "preview_digest": preview.context["digest"]}
    )

    assert response.status_code == 200
    assert HandResult.objects.count() == 1
    assert "Preview of hand 2" in response.content.decode()


def test_two_desks_saving_the_same_preview_at_once_record_it_once(
    client_as: Callable[[str], Client], db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The digest check reads the next number before the service locks the session; another
    # desk's save landing in between is refused under the lock by the same number.
    from console import session_page

    session = SessionFactory()
    desk, other_desk = client_as("staff"), client_as("manager")
    preview = post_hand(desk, session, {**RON_POST, "_preview": "1"})
    other = post_hand(other_desk, session, {**RON_POST, "_preview": "1"})
    post_hand(
        other_desk, session, {**RON_POST, "_save": "1", "preview_digest": other.context["digest"]}
    )
    monkeypatch.setattr(session_page, "session_next_ordinal", lambda session: 1)

    response = post_hand(
        desk, session, {**RON_POST, "_save": "1", "preview_digest": preview.context["digest"]}
    )

    assert response.status_code == 200
    assert HandResult.objects.count() == 1
    assert "next hand is number 2, not 1" in response.content.decode()


@pytest.mark.parametrize(
    ("change", "form_key", "field", "message"),
    [
        ({"win0-hand": "234m345p456s2348xs"}, 0, "hand", "cannot be read at “x”"),
        ({"win0-hand": "234m345p456s11188s", "hand-riichi": []}, 0, "hand", "no yaku"),
        ({"hand-dora_indicators": "9x"}, "hand", "dora_indicators", "“9x” cannot be read"),
        ({"win0-melds": "pon 123s", "win0-hand": "234m345p11188s"}, 0, "melds", "pon"),
        ({"win0-ippatsu": "on", "hand-riichi": []}, 0, "ippatsu", "needs riichi"),
        ({"hand-discarder": "2"}, "hand", "discarder", "winner"),
        ({"win0-win_tile": "9m"}, 0, "win_tile", "9m"),
    ],
    ids=[
        "bad_tile",
        "no_yaku",
        "bad_dora",
        "bad_meld",
        "ippatsu_without_riichi",
        "discarder_is_winner",
        "win_tile_not_in_hand",
    ],
)
def test_the_engines_refusal_is_shown_beside_the_field_it_names(
    staff_client: Client,
    db: None,
    change: dict[str, Any],
    form_key: Any,
    field: str,
    message: str,
) -> None:
    session = SessionFactory()

    response = post_hand(staff_client, session, {**RON_POST, **change, "_preview": "1"})

    entry = response.context["entry"]
    form = entry.hand if form_key == "hand" else entry.wins[form_key]
    assert response.status_code == 200 and response.context["preview"] is None
    assert message in " ".join(form.errors.get(field, [])), (form.errors, entry.non_field_errors)
    assert HandResult.objects.count() == 0


def test_the_live_preview_answers_json_with_the_panel_and_the_save_digest(
    staff_client: Client, db: None
) -> None:
    session = SessionFactory()
    url = f"/admin/ledger/session/{session.pk}/hands/preview/"

    good = staff_client.post(url, RON_POST).json()
    bad = staff_client.post(url, {**RON_POST, "win0-hand": "234x"}).json()

    assert good["ok"] and len(good["digest"]) == 64 and "Pinfu" in good["html"]
    assert not bad["ok"] and bad["digest"] == ""
    assert "cannot be read" in bad["errors"]["win0-hand"][0]


def test_the_hand_form_labels_seats_with_their_wind_and_defaults_the_winner_to_the_dealer(
    staff_client: Client, open_session: Session
) -> None:
    response = staff_client.get(f"/admin/ledger/session/{open_session.pk}/change/")
    entry = response.context["entry"]
    names = [seat.player.name for seat in open_session.seats.order_by("seat")]

    # After a non-dealer win the deal moved to seat 1: it is East now.
    assert entry.wins[0].initial["winner"] == 1
    assert dict(entry.hand.fields["discarder"].choices)[1] == f"{names[1]} — East"
    assert dict(entry.hand.fields["discarder"].choices)[""] == "none: tsumo"


def test_a_closed_session_shows_its_settlement_and_no_hand_form(
    client_as: Callable[[str], Client], closed_session: Session
) -> None:
    page = page_of(client_as("manager"), closed_session)

    assert 'id="hand-entry-form"' not in page
    assert "changes only through a correction" in page
    assert "mark settled" in page
    assert closed_session.settlements.count() == 4


def test_closing_a_game_that_goes_on_names_why_it_cannot_close(
    client_as: Callable[[str], Client], open_session: Session
) -> None:
    manager = client_as("manager")

    response = manager.post(
        f"/admin/ledger/session/{open_session.pk}/close/", {"confirm": "1"}, follow=True
    )

    open_session.refresh_from_db()
    assert open_session.state == SessionState.OPEN
    messages = [str(m) for m in response.context["messages"]]
    assert len(messages) == 1 and "game" in messages[0]


def test_opening_a_session_seats_the_players_in_order(staff_client: Client, db: None) -> None:
    model = SessionFactory()  # for a parlor with a table, rules, rate and players
    seats = [seat.player for seat in model.seats.order_by("seat")]
    from tests.parlor.factories import TableFactory

    table = TableFactory(parlor=model.parlor)
    data = {
        "table": table.pk,
        "ruleset_config": model.ruleset_config_id,
        "rate": model.rate_id,
        **{f"seat_{i}": player.pk for i, player in enumerate(seats)},
    }

    response = staff_client.post("/admin/ledger/session/add/", data)

    session = Session.objects.get(table=table)
    assert response.status_code == 302
    assert response["Location"] == f"/admin/ledger/session/{session.pk}/change/"
    assert [seat.player for seat in session.seats.order_by("seat")] == seats


def test_opening_a_session_with_a_player_twice_names_the_seat(
    staff_client: Client, db: None
) -> None:
    model = SessionFactory()
    players = [seat.player for seat in model.seats.order_by("seat")]
    from tests.parlor.factories import TableFactory

    data = {
        "table": TableFactory(parlor=model.parlor).pk,
        "ruleset_config": model.ruleset_config_id,
        "rate": model.rate_id,
        **{f"seat_{i}": players[min(i, 2)].pk for i in range(4)},
    }

    response = staff_client.post("/admin/ledger/session/add/", data)

    assert response.status_code == 200
    said = " ".join(response.context["form"].errors["seat_3"])
    assert said == f"{players[2].name} is already seated in the West seat: choose another player."


def test_a_manager_amends_a_hand_through_the_hand_form(
    client_as: Callable[[str], Client], open_session: Session
) -> None:
    manager = client_as("manager")
    hand = open_session.hands.get()
    url = f"/admin/ledger/session/{open_session.pk}/hands/{hand.pk}/correct/"
    form = manager.get(url).context["entry"]
    assert form.wins[0].initial["hand"] == PINFU_TANYAO["hand"]

    data = {
        "kind": "amend",
        "reason": "the winner had declared riichi",
        "hand-kind": "win",
        "hand-riichi": ["2"],
        "hand-discarder": "3",
        "win0-winner": "2",
        "win0-hand": PINFU_TANYAO["hand"],
        "win0-win_tile": PINFU_TANYAO["win_tile"],
    }
    previewed = manager.post(url, data)
    assert HandResult.objects.filter(session=open_session).count() == 1  # a preview writes nothing
    digest = previewed.context["digest"]
    response = manager.post(url, {**data, "_confirm": "1", "correction_digest": digest})

    live = HandResult.objects.get(session=open_session, superseded_by__isnull=True)
    assert response.status_code == 302
    assert (live.version, live.payload["riichi"]) == (2, [2])


def test_an_amendment_the_engine_refuses_is_shown_beside_the_field(
    client_as: Callable[[str], Client], open_session: Session
) -> None:
    manager = client_as("manager")
    hand = open_session.hands.get()
    url = f"/admin/ledger/session/{open_session.pk}/hands/{hand.pk}/correct/"

    response = manager.post(
        url,
        {
            "kind": "amend",
            "reason": "typo",
            "hand-kind": "win",
            "hand-discarder": "3",
            "win0-winner": "2",
            "win0-hand": "234m345p456s2348zs",
            "win0-win_tile": "4s",
        },
    )

    assert response.status_code == 200
    assert "hand" in response.context["entry"].wins[0].errors
    assert HandResult.objects.filter(session=open_session).count() == 1


def test_the_session_page_speaks_the_users_language_yaku_included(
    role_user: Callable[[str], Any], open_session: Session
) -> None:
    from parlor.services.preferences import user_language_set

    user = role_user("staff")
    user_language_set(user=user, language="ja")
    client = Client()
    client.force_login(user)

    page = page_of(client, open_session)

    assert "平和" in page and "断幺九" in page  # pinfu, tanyao
    assert "次の局を入力" in page and "プレビュー" in page
    assert "ロン（放銃：" in page


def test_a_speed_tonpuu_session_takes_special_tiles_and_shows_the_chips(
    staff_client: Client, db: None
) -> None:
    session = SessionFactory(
        ruleset_config__ruleset_slug="speed-tonpuu", ruleset_config__game_options={}
    )
    blue_seven_ippatsu = {
        **RON_POST,
        "win0-hand": "234m345p456s77788s",
        "win0-win_tile": "8s",
        "win0-ippatsu": "on",
        "win0-specials": ["blue_7s"],
        "_preview": "1",
    }

    response = post_hand(staff_client, session, blue_seven_ippatsu)

    entry = response.context["entry"]
    assert {"specials", "wildcard", "chankan_ankan"} <= set(entry.wins[0].fields)
    assert "nuki" not in entry.wins[0].fields
    page = response.content.decode()
    assert "Blue sevens" in page and "Mangan" in page
    # Ippatsu 1 chip and the blue seven 2: the discarder pays 3 chips.
    assert "3 chips from the discarder" in page
    assert response.context["preview"].result["transfers"][0]["chips"] == 3


def test_the_page_prints_times_in_the_parlors_time_zone(
    staff_client: Client, open_session: Session
) -> None:
    # 15:30 UTC is 00:30 the next day in Tokyo, the parlor's zone; the server's zone is UTC.
    opened = datetime(2026, 1, 5, 15, 30, tzinfo=UTC)
    Session.objects.filter(pk=open_session.pk).update(opened_at=opened)
    open_session.parlor.time_zone = "Asia/Tokyo"
    open_session.parlor.save(update_fields=["time_zone"])

    page = page_of(staff_client, open_session)

    assert "Jan. 6, 2026, 12:30 a.m. (Asia/Tokyo)" in page


def test_a_dead_hand_shows_in_its_hands_row(staff_client: Client, staff: Any, db: None) -> None:
    session = SessionFactory()
    hand_record(
        session=session,
        hand=draw(0, 1, dead=[{"seat": 2, "cause": "taahai"}]),
        entered_by=staff,
    )
    chie = session.players.order_by("session_seats__seat")[2].name

    page = page_of(staff_client, session)

    row = page[page.index('id="hand-1"') :].split("</tr>")[0]
    assert f"{chie}: dead hand (Taahai (too many tiles))" in row
