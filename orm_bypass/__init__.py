"""Where the service steps around Django's ORM for speed: every such place, and only here.

Design overview. The domain apps (``ledger``, ``parlor``, ``api``) read and write
through Django's ORM. A few hot paths cost more CPU in building and compiling
Django's queries than the database spends answering them
(docs/performance.md), and for those this package does the same work with
less: each module is one bypass, and each is

- kept only while ``benchmarks/api_profile.py --bypasses`` shows it saving at
  least 0.3 ms of worker CPU per request of a kind that uses it, measured
  against the plain Django call it replaces, in one process, interleaved;
- pinned to Django's own behaviour: by a test that compares its results with
  Django's (``tests/orm_bypass/``) and by a system check (``orm_bypass.checks``)
  on the Django internals it reads, so that a Django upgrade fails loudly
  instead of silently changing what is read or written.

Nothing above the domain apps imports from here except through them: this is
infrastructure, under ``ledger`` and ``parlor`` and beside Django itself.
"""
