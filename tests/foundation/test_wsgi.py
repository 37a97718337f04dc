"""The WSGI entry point gunicorn loads: the application, with its loaded objects frozen."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_wsgi_module_freezes_what_django_loaded() -> None:
    """The cyclic collector's full passes skip the loaded application (config/wsgi.py):
    in a fresh process, as a gunicorn worker imports it, tens of thousands of objects end
    up frozen and the application answers."""
    probe = (
        "import gc\n"
        "from config.wsgi import application\n"
        "print(callable(application), gc.get_freeze_count())\n"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=120, check=True,
    )  # fmt: skip
    answers, frozen = out.stdout.split()[-2:]
    assert answers == "True"
    assert int(frozen) > 20_000
