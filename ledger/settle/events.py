"""What the ledger tells the rooms that derive figures from the books, without importing them.

The players' statistics and ratings (``players.statistics``) are derived from the
books: they learn of a close and of a close undone here and keep their own rows.
The ledger sends, never listens; a receiver runs inside the sending transaction, so
its rows commit or roll back with the close. A receiver must not fail the books: the
statistics' guard their own work (``players.statistics.services.close_derive``).

- ``session_closed``: sent by ``session_close`` once the Settlement and standings rows
  of the close are written; ``session`` (locked), ``settlements`` (by seat, each with
  its ``posting``) and ``hands``, the live hands the close replayed, in order, each as
  (payload as entered, the engine's ``HandOutcome``): nothing needs reading again.
- ``close_reversed``: sent by ``session_reopen`` once a correction has reversed a
  close's postings; ``session``, and ``posting``, the reversed settlement posting.
"""

from django.dispatch import Signal

session_closed = Signal()
close_reversed = Signal()
