"""Where the service steps around Django's ORM for speed: every such place, and only here.

Design overview. The domain apps (``ledger``, ``parlor``, ``api``) read and write
through Django's ORM, and the books' writer (``ledger.books.postings``) is plain
``bulk_create`` on every database. A few hot paths cost more CPU in building and
compiling Django's queries than the database spends answering them
(docs/performance.md); for those, one module each:

- ``prepared``: a read compiled once per process, then run with new values
  (``PreparedQuery``; its values found by identity, never by value);
- ``inserts``: an insert whose statement is built once per model and number of rows
  (``rows_insert``: opening and closing a session);
- ``related``: rows just written given to the relation that shows them
  (``related_loaded``: no query to read a hand's postings back).

Each is kept only while ``benchmarks/api_profile.py --bypasses`` shows it saving at
least 0.3 ms of worker CPU per request of a kind that reaches it, against the plain
Django call it stands for (``switch``: the benchmark turns each into that call, in one
process, interleaved); each is pinned to Django's own behaviour by tests that compare
its results with Django's (``tests/orm_bypass/``) and by system checks on the Django
release and the internals it reads (``checks``), so that a Django upgrade fails loudly
instead of silently changing what is read or written.

This is infrastructure under the domain apps: it imports Django only, and they import it.
"""
