"""/favicon.ico, which every browser asks for beside every page, is served (issue 33, item 12):
no 404 in the logs for each page a staff member opens."""

from __future__ import annotations

import io

from django.test import Client
from PIL import Image


def test_the_favicon_is_an_icon_of_three_sizes_without_login() -> None:
    response = Client().get("/favicon.ico")

    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    assert "max-age" in response["Cache-Control"]
    icon = Image.open(io.BytesIO(response.content))
    assert icon.format == "ICO"
    assert {(16, 16), (32, 32), (48, 48)} <= set(icon.info["sizes"])
