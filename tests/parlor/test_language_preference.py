"""Each user's language sticks to them: stored on their StaffProfile, activated after login."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from parlor.models import StaffProfile
from parlor.services.preferences import user_language, user_language_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def user() -> User:
    return User.objects.create_user("desk", password="pw", is_staff=True)


def signed_in(user: User, **headers: str) -> Client:
    client = Client(headers=headers)
    client.force_login(user)
    return client


def test_the_chosen_language_is_used_whatever_the_browser_asks_for(user: User) -> None:
    user_language_set(user=user, language="ja")

    response = signed_in(user, accept_language="en").get("/admin/")

    assert response.headers["Content-Language"] == "ja"
    assert "雀荘台帳" in response.content.decode()


def test_without_a_choice_the_browsers_language_is_used(user: User) -> None:
    english = signed_in(user, accept_language="en").get("/admin/")
    japanese = signed_in(user, accept_language="ja").get("/admin/")

    assert english.headers["Content-Language"] == "en"
    assert japanese.headers["Content-Language"] == "ja"


def test_the_header_form_stores_the_choice_and_goes_back(user: User) -> None:
    client = signed_in(user, accept_language="en")

    response = client.post(
        "/preferences/language", {"language": "ja", "next": "/admin/ledger/session/"}
    )

    assert response.status_code == 302 and response["Location"] == "/admin/ledger/session/"
    assert StaffProfile.objects.get(user=user).language == "ja"
    # A new browser (no cookie, English) gets Japanese too: the choice is the user's.
    assert signed_in(user, accept_language="en").get("/admin/").headers["Content-Language"] == "ja"


def test_an_outside_next_address_is_not_followed(user: User) -> None:
    response = signed_in(user).post(
        "/preferences/language", {"language": "en", "next": "https://evil.example/"}
    )

    assert response["Location"] == "/admin/"


def test_an_unknown_language_is_refused_naming_the_choices(user: User) -> None:
    response = signed_in(user).post("/preferences/language", {"language": "fr"})

    assert response.status_code == 400
    assert "choose one of en, ja" in response.content.decode()
    assert user_language(user_id=user.pk) == ""


def test_an_empty_choice_goes_back_to_the_browsers_language(user: User) -> None:
    user_language_set(user=user, language="ja")
    user_language_set(user=user, language="")

    assert signed_in(user, accept_language="en").get("/admin/").headers["Content-Language"] == "en"


def test_signing_in_is_needed_to_choose(db: None) -> None:
    response = Client().post("/preferences/language", {"language": "ja"})

    assert response.status_code == 302 and "/login/" in response["Location"]
    assert not StaffProfile.objects.exists()


def test_the_admin_header_offers_the_languages_by_their_own_names(user: User) -> None:
    page = signed_in(user, accept_language="en").get("/admin/").content.decode()

    assert 'action="/preferences/language"' in page
    assert ">English</option>" in page and ">日本語</option>" in page
