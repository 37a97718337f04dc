"""The ledger's admin: read-only books, hands and audit lists, close jobs, exports.

Modules: ``hands``, ``books`` and ``audit`` (read-only lists), ``roles``
(who may do what), ``display`` (hands as the pages show them), ``closing`` and
``exports`` (background jobs: closes and exports, docs/jobs.md). The session
list and its page, the staff's table console, are the ``console`` app's.
"""

from ledger.admin import audit, books, closing, exports, hands, scoreboard

__all__ = ["audit", "books", "closing", "exports", "hands", "scoreboard"]
