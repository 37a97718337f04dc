"""Django project package: settings, URLs, the Celery app, WSGI/ASGI entry points."""

# Loaded with Django so that @shared_task binds to this app in every process.
from config.celery import app as celery_app

__all__ = ["celery_app"]
