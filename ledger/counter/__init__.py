"""The counter: money that crosses the desk, in the books beside the games (issue 34).

Design overview (docs/counter.md). Every movement at the counter is one
:class:`~ledger.counter.models.CounterEntry` (what happened, to whom, how it
was paid) and the balanced :class:`~ledger.models.Posting` it made, between
a player's three accounts (results, deposit held, prepaid balance) and the
parlor's till, card or QR clearing, sales, paid-outs, safe or over/short
accounts. Entries and postings are append-only; a mistake is corrected by a
reversal entry. Only cash moves the till, so the till's expected content is
the sum of the cash entries alone, which the till close compares with a
count (``ledger.counter.till``) and the audit with the till account.

Models live in ``ledger.counter.models`` and are registered with the ledger
app (its migrations, its PostgreSQL guards), so they sit beside the books
they point into.
"""
