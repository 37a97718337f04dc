"""Changelist columns the ledger's admins share."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _


class SessionColumn:
    """``session_link``: a row's session, linked to the session page (rows with ``session``)."""

    @admin.display(description=_("session"), ordering="session")
    def session_link(self, row: Any) -> str:
        url = reverse("admin:ledger_session_change", args=[row.session_id])
        return format_html('<a href="{}">{}</a>', url, row.session)
