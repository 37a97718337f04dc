"""``POST /api/auth/token/``: DRF's token login, with the username held to the length a
username can have.

DRF's serializer takes a username of any length and hands it to ``authenticate``;
django-axes then records the failed login with it, in a column of 255 characters,
and PostgreSQL refuses a longer one: the caller got a 500 instead of a refusal.
No user has a username longer than ``User.username`` allows (the admin's login
form has the same limit), so a longer one is refused as bad input (400, naming
the field) before anyone tries to log in with it.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken

USERNAME_MAX_LENGTH = User._meta.get_field("username").max_length


class TokenLoginSerializer(AuthTokenSerializer):
    username = serializers.CharField(
        label=AuthTokenSerializer().fields["username"].label,
        max_length=USERNAME_MAX_LENGTH,
        write_only=True,
    )


class TokenLoginView(ObtainAuthToken):
    serializer_class = TokenLoginSerializer


token_login = TokenLoginView.as_view()
