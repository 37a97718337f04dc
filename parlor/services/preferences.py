"""A user's language, kept on their StaffProfile so it follows them from browser to browser."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser

from parlor.models import StaffProfile


def language_codes() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def user_language(*, user_id: int) -> str:
    """The user's chosen language code, or "" when they have not chosen one (one query)."""
    chosen = StaffProfile.objects.filter(user_id=user_id).values_list("language", flat=True)
    return chosen.first() or ""


def user_language_set(*, user: AbstractBaseUser, language: str) -> StaffProfile:
    """Store ``language`` ("" for the browser's) as the user's; an unknown code is refused."""
    if language and language not in language_codes():
        raise ValueError(
            f"language {language!r} is not offered; choose one of {', '.join(language_codes())}"
        )
    profile, _created = StaffProfile.objects.update_or_create(
        user_id=user.pk, defaults={"language": language}
    )
    return profile
