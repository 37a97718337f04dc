"""The REST API of the ledger (sessions, hands, corrections, penalties, balances, settlements).

Views (``views/``) parse, call one service or selector of ``ledger.services`` /
``ledger.selectors``, and render through serializers (``serializers/``);
permissions, errors, pagination and idempotency are the project's shared
plumbing in ``api/``. See docs/api.md.
"""
