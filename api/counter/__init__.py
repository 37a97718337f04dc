"""The counter's API (issue 34): visits and credit limits (``visits``); money at the counter
beside them: entries, a player's three kinds of money, the till and its closes (``views``,
routes in ``urls`` under /api/counter/; docs/counter.md).

Every POST here needs an ``Idempotency-Key``: a retried deposit is recorded
once (428 ``retry_guard_required`` without one). Reads and writes are scoped
to the user's parlors; the services ask the policy (``record_counter``,
``correct_counter``, ``manage_till``).
"""
