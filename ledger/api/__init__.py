"""The REST API of the ledger (sessions, hands, corrections, penalties, balances, settlements).

Views parse, call one service or selector of ``ledger.services`` /
``ledger.selectors``, and render; permissions, errors and idempotency are
shared by every view (``permissions``, ``errors``, ``idempotency``). It is a
small Django app of its own (label ``ledger_api``) because idempotency keys
are stored in a table of its own. See docs/api.md.
"""
