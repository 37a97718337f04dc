"""The admin refuses moving a player whose money is in the books, beside the field (no 500)."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from ledger.play.hands import hand_record
from parlor.models import Player
from tests.ledger.admin.isolation import form_data
from tests.ledger.factories import SessionFactory, draw, parlor_manager
from tests.parlor.factories import ParlorFactory

pytestmark = pytest.mark.django_db


def test_moving_a_player_with_postings_is_a_form_error_naming_why() -> None:
    session = SessionFactory()
    hand_record(session=session, hand=draw(0), entered_by=parlor_manager(session.parlor))
    player = session.seats.get(seat=0).player
    elsewhere = ParlorFactory(name="Elsewhere")
    client = Client()
    client.force_login(User.objects.create_superuser("root", password="secret-for-tests"))
    url = f"/admin/parlor/player/{player.pk}/change/"

    response = client.post(url, {**form_data(client.get(url)), "parlor": elsewhere.pk})

    assert response.status_code == 200
    errors = response.context["adminform"].form.errors["parlor"]
    assert errors == [
        f"player {player.member_number} has entries in the books of {session.parlor.name};"
        " a player's parlor cannot change once they have postings"
    ]
    assert Player.objects.get(pk=player.pk).parlor_id == session.parlor_id
