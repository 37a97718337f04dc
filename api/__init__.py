"""The REST API: the shared plumbing here, each domain's views and serializers beside it.

``errors`` (one error shape, status codes, the exception handler: the
domains' error codes mapped to answers), ``permissions`` (roles per action),
``pagination``, ``parsers`` (a JSON parser that refuses bodies nested too
deep), ``idempotency`` (Idempotency-Key, stored in its own table: this package
is a small Django app, label ``ledger_api``), ``filters`` (filters every list
shares) and ``viewsets`` (what every viewset mixes in). The resources, one
package per domain: ``play/`` (sessions, hands, corrections, penalties),
``books/`` (balances, statements, settlements, me), ``settle/`` (standings),
``reports/`` (exports, close jobs), ``parlor/`` (players, tables, rulesets,
rates), ``players/`` (a player's own reads), ``statistics/``, ``scoreboard/``.
Nothing below the API (the ledger, the parlor) imports it.
"""
