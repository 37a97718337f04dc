"""Fixtures of the export tests: the API's role clients, and export files in a temporary folder."""

from pathlib import Path
from typing import Any

import pytest

from tests.api.support import api_as, role_groups

__all__ = ["api_as", "role_groups"]


@pytest.fixture(autouse=True)
def _media_root(settings: Any, tmp_path: Path) -> None:
    settings.MEDIA_ROOT = str(tmp_path)
