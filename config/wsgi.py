"""WSGI entry point, e.g. `gunicorn config.wsgi`."""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_wsgi_application()

# Django's modules, settings and models, loaded above, live as long as the process: frozen,
# the cyclic collector's full passes no longer walk them (about 140,000 objects, a tenth of
# a second each pass: 2% of a worker's CPU in docs/performance.md), and workers forked from
# a preloading master keep sharing their pages.
gc.collect()
gc.freeze()
