"""Settings for the parlor ledger, read from the environment.

With nothing set, the service runs as a local development install: DEBUG on,
a SQLite file next to manage.py, and Celery tasks executed in process. A
production install sets DEBUG=0, SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL
(PostgreSQL) and CELERY_BROKER_URL (Redis); see docs/configuration.md.
"""

from datetime import timedelta
from pathlib import Path

import dj_database_url
import django_stubs_ext
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.env import env_bool, env_float, env_int, env_list, env_optional, env_str
from database.owner_alias import database_owner

# Lets generic Django classes be subscripted at run time, e.g. admin.ModelAdmin[Player].
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

# --- core ------------------------------------------------------------------

# On by default so that `make run` works with nothing configured; production sets DEBUG=0.
DEBUG = env_bool("DEBUG", default=True)

INSECURE_DEFAULT_SECRET_KEY = "django-insecure-local-development-key-do-not-deploy"
SECRET_KEY = env_optional("SECRET_KEY") or INSECURE_DEFAULT_SECRET_KEY
if not DEBUG and SECRET_KEY == INSECURE_DEFAULT_SECRET_KEY:
    raise ImproperlyConfigured(
        "SECRET_KEY is unset (or the built-in development key) while DEBUG is off. "
        "Set SECRET_KEY to a long random value, e.g. the output of "
        "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`."
    )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    # No models: the words people read (labels, refusal texts, tiles); an app so that
    # makemessages and the locale test see its messages with the other apps'.
    "words",
    "parlor",
    "ledger",
    "reports",
    "console",
    "scoreboard",
    "players",
    "desk",
    "api",
    "axes",
    # No models: the ORM bypasses' system checks (orm_bypass/checks.py).
    "orm_bypass",
    # Last: its post_migrate grants the service role its privileges on every app's tables.
    "database",
]

# "config.middleware.Browser...": Django's (or the project's) middleware, which an API
# call without a session cookie (token authentication) skips (config/middleware.py).
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.middleware.BrowserSessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "config.middleware.BrowserAuthenticationMiddleware",
    # The signed-in user's own language (parlor.StaffProfile) over the browser's.
    "config.middleware.BrowserUserLanguageMiddleware",
    # Staff pages print times in the parlor's time zone, not UTC.
    "config.middleware.BrowserParlorTimeZoneMiddleware",
    "config.middleware.BrowserMessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: answers a locked-out login with 429.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- database --------------------------------------------------------------

DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("CONN_MAX_AGE", default=60),
        conn_health_checks=True,
    )
}
# PostgreSQL: Django's backend, but a connection that ran a statement less than
# DATABASE_HEALTH_CHECK_AFTER_IDLE seconds ago skips the health check (a SELECT 1 per
# request; config/postgresql/base.py). 0 checks before every request, as Django does.
DATABASE_HEALTH_CHECK_AFTER_IDLE = env_float("DATABASE_HEALTH_CHECK_AFTER_IDLE", default=1.0)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["ENGINE"] = "config.postgresql"
# PostgreSQL: the parameters travel apart from the SQL (psycopg's server-side binding)
# instead of being quoted into it by the client: a hand's JSON is no longer escaped into its
# INSERT, about a tenth of a hand POST's CPU (docs/performance.md). A statement a connection
# has run DATABASE_PREPARE_THRESHOLD times is then kept prepared on the server (Django turns
# psycopg's preparing off by default), so PostgreSQL stops parsing and planning the same
# few statements for every request: about half of its CPU per hand POST. 0 turns it off.
if DATABASES["default"]["ENGINE"] == "config.postgresql" and env_bool(
    "DATABASE_SERVER_SIDE_BINDING", default=True
):
    DATABASES["default"].setdefault("OPTIONS", {})["server_side_binding"] = True
    if (_prepare_threshold := env_int("DATABASE_PREPARE_THRESHOLD", default=5)) > 0:
        DATABASES["default"]["OPTIONS"]["prepare_threshold"] = _prepare_threshold
# The owner of the tables (docs/configuration.md, "Database roles"): `manage.py migrate` and
# `manage.py database_roles` connect as it; the web and the workers connect as DATABASE_URL's
# role, which owns nothing and may only read, add and make the few changes the service makes.
if _owner_url := env_optional("DATABASE_OWNER_URL"):
    DATABASES["owner"] = database_owner(DATABASES["default"], _owner_url)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- auth ------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Login throttling (django-axes, config/login_throttle.py, docs/hardening.md): after
# AXES_FAILURE_LIMIT failed logins for one username from one address, that pair is
# refused for AXES_COOLOFF_TIME; a successful login clears the count.
AUTHENTICATION_BACKENDS = [
    "config.login_throttle.WebLoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True

# --- languages and time ----------------------------------------------------

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("ja", _("Japanese"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
# Each parlor keeps its own time zone; this one is for logs and the admin's default.
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_TZ = True

# --- static files ----------------------------------------------------------

STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))

# Export files (MEDIA_ROOT/exports/...): downloaded only through the admin's and the API's
# views, which check the user's role; MEDIA_URL is not served. See docs/jobs.md.
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(BASE_DIR / "media")))
MEDIA_URL = "media/"

# --- security (production-safe whenever DEBUG is off) ----------------------

SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=not DEBUG)
# Load balancers probe over plain HTTP.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", default=not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", default=not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=not DEBUG)
if env_bool("USE_X_FORWARDED_PROTO", default=False):
    # Only behind a proxy that always sets this header itself.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# --- REST API --------------------------------------------------------------

# The largest request body read (docs/hardening.md, "Limits"): a hand is a few hundred bytes.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("MAX_REQUEST_BODY_BYTES", default=262_144)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # DRF's token authentication, with the user's roles read in the same query.
        "api.authentication.TokenWithMembershipsAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    # Ledger and engine refusals as {"error": {"code", "message", "field"}}; see docs/api.md.
    "EXCEPTION_HANDLER": "api.errors.api_exception_handler",
    # DRF's parsers, but JSON nested past the recursion limit is a 400, not a 500.
    "DEFAULT_PARSER_CLASSES": [
        "api.parsers.SafeJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Mahjong parlor ledger API",
    "DESCRIPTION": "Sessions, hands and settlements of a riichi mahjong parlor.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI and ReDoc assets come from drf-spectacular-sidecar: docs work offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Several models have a "kind"; each choice set gets a name of its own in the schema.
    "ENUM_NAME_OVERRIDES": {
        "HandKindEnum": "ledger.models.HandKind",
        "CorrectionKindEnum": "ledger.models.CorrectionKind",
        "PenaltyKindEnum": "ledger.models.PenaltyKind",
        "PostingKindEnum": "ledger.models.PostingKind",
        "MeldKindEnum": "engine.record.MELD_KINDS",
    },
}

# --- Celery ----------------------------------------------------------------

# No broker configured: tasks run in process, synchronously, and raise their errors.
CELERY_BROKER_URL = env_optional("CELERY_BROKER_URL")
CELERY_TASK_ALWAYS_EAGER = CELERY_BROKER_URL is None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = env_optional("CELERY_RESULT_BACKEND") or (
    CELERY_BROKER_URL if CELERY_BROKER_URL and CELERY_BROKER_URL.startswith("redis") else None
)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# kombu's Redis transport with the mend that keeps a worker alive through a Redis outage
# (config/broker_transport.py; docs/jobs.md, "Redis going away").
# A worker retries a lost broker for ever (every 2, 4, ... then 30 seconds), not 100 times
# (about 48 minutes) before exiting: a long Redis outage must not need someone to restart it.
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_TRANSPORT = (
    "config.broker_transport:Transport"
    if CELERY_BROKER_URL and CELERY_BROKER_URL.startswith(("redis://", "rediss://"))
    else None
)
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
# A task acknowledged late (the close, exports) is redelivered when its worker dies; one
# reserved at a time, so a dead worker strands no others. Redis hands an unacknowledged
# task to another worker after the visibility timeout (longer than the longest export).
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
BROKER_VISIBILITY_TIMEOUT = env_int("CELERY_VISIBILITY_TIMEOUT", 3600)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": BROKER_VISIBILITY_TIMEOUT,
    # Look for abandoned tasks often enough for the timeout to mean what it says.
    "unacked_restore_interval": min(10, max(1, BROKER_VISIBILITY_TIMEOUT // 4)),
    "unacked_restore_throttle": 1,
}
# Periodic tasks for `celery beat` (docs/jobs.md); each is idempotent and checks every
# parlor's local time, so running it often, or twice, is harmless.
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    "ledger-close-overdue-sessions": {
        "task": "ledger.tasks.close_overdue_sessions",
        "schedule": crontab(minute="*/15"),
    },
    "ledger-build-day-reports": {
        "task": "ledger.tasks.build_day_reports",
        "schedule": crontab(minute="20"),
    },
    # Closes and exports whose task was lost (Redis restarted without persistence, a worker
    # killed) are sent again; both are idempotent, so a task that was only slow still posts
    # once. Every minute: a lost close waits at most LEDGER_CLOSE_STALE_AFTER plus a minute.
    "ledger-resend-stale-jobs": {
        "task": "ledger.tasks.resend_stale_jobs",
        "schedule": crontab(minute="*"),
    },
    # Stored Idempotency-Key answers past their 30 days (api/retention.py); once a day.
    "api-expire-idempotency-records": {
        "task": "api.tasks.expire_idempotency_records",
        "schedule": crontab(minute="40", hour="3"),
    },
}

# --- ledger jobs (docs/jobs.md) ---------------------------------------------

# The hour (0-23, each parlor's local time) at which a business day ends: sessions still
# open then are closed by the sweep, the day's report is built, and exports "by day" run
# from this hour to the same hour the next day.
LEDGER_CLOSING_HOUR = env_int("LEDGER_CLOSING_HOUR", 6)
if not 0 <= LEDGER_CLOSING_HOUR <= 23:
    raise ImproperlyConfigured(f"LEDGER_CLOSING_HOUR={LEDGER_CLOSING_HOUR} is not an hour (0-23).")
# The sweep stops an unfinished game where it stands, as at closing time (session_close's
# stop); off: such a session stays open, its close error shown in the admin.
LEDGER_STOP_OVERDUE_GAMES = env_bool("LEDGER_STOP_OVERDUE_GAMES", default=True)
# The user the periodic jobs act as (closed_by, requested_by); created when first needed.
LEDGER_JOBS_USERNAME = env_str("LEDGER_JOBS_USERNAME", "ledger-jobs")
# Seconds a close may stay asked for, neither done nor failed, before it counts as stale
# (its task lost with the queue or with a killed worker): shown in the admin, counted in
# /healthz, sent again by the sweep (every minute): at worst about three minutes in all. A
# close sent twice posts once, so the limit is short (docs/jobs.md, "Lost jobs").
LEDGER_CLOSE_STALE_AFTER = env_int("LEDGER_CLOSE_STALE_AFTER", 120)
# The same for an export queued; a running export is stale after the broker's visibility
# timeout plus this. Longer: an export sent again while its first task still waits behind
# others would be built twice at once.
LEDGER_JOB_STALE_AFTER = env_int("LEDGER_JOB_STALE_AFTER", 600)
# Seconds between a consuming worker's notes in Redis; one not seen for three of them is not
# consuming (/healthz "workers", the admin's job lists; ledger/settle/worker_presence.py).
LEDGER_WORKER_BEAT_SECONDS = env_int("LEDGER_WORKER_BEAT_SECONDS", 5)
# The floor desk page fetches itself again this often, unless a form is being typed into.
FLOOR_REFRESH_SECONDS = env_int("FLOOR_REFRESH_SECONDS", 15)

# --- logging ---------------------------------------------------------------

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    # Replaces Django's own "django" handler, which would print every line twice.
    "loggers": {"django": {"handlers": ["console"], "propagate": False}},
}
