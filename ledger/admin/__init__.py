"""The ledger's admin: the session page (hand entry with the engine's preview), read-only books.

Modules: ``sessions`` (list, opening, the session page's URLs),
``session_page`` and ``correction_page`` (the views, each calling one
service), ``hands``, ``books`` and ``audit`` (read-only lists), ``roles``
(who may do what), ``display`` (hands as the pages show them), ``closing`` and
``exports`` (background jobs: closes and exports, docs/jobs.md).
"""

from ledger.admin import audit, books, closing, exports, hands, scoreboard, sessions

__all__ = ["audit", "books", "closing", "exports", "hands", "scoreboard", "sessions"]
