"""Django's PostgreSQL backend, with the per-request health check skipped on a connection
that ran a statement a moment ago (``base.DatabaseWrapper``)."""
