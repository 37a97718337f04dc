"""The ledger's admin: read-only books, hands and audit lists, close jobs.

Modules: ``hands``, ``books`` and ``audit`` (read-only lists), ``roles``
(who may do what), ``display`` (hands as the pages show them), ``closing``
(background closes, docs/jobs.md), ``counter`` (the counter's entries and till closes,
read-only). The session list and its page, the staff's
table console, are the ``console`` app's; the exports' admin is ``reports.admin``,
the scoreboard links' ``scoreboard.admin``.
"""

from ledger.admin import audit, books, closing, counter, hands

__all__ = ["audit", "books", "closing", "counter", "hands"]
