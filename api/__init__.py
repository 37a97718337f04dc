"""The project's shared API plumbing, used by ``ledger.api`` and ``parlor.api``.

``errors`` (one error shape, status codes, the exception handler),
``permissions`` (roles per action), ``pagination``, ``parsers`` (a JSON parser
that refuses bodies nested too deep), ``idempotency`` (Idempotency-Key, stored
in its own table: this package is a small Django app, label ``ledger_api``),
``filters`` (filters every list shares) and ``viewsets`` (what every viewset
mixes in). The resources' views and serializers live with their apps:
``ledger/api/views/``, ``ledger/api/serializers/``, ``parlor/api/``.
"""
