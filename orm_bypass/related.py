"""Rows just written, given to the relation that shows them: no query to read them back.

A recorded hand answers with its postings and their entries, an opened session
with its seats: the rows the service has just inserted. Django reads a relation
back with a query (``prefetch_related_objects``: one per level), so the service
gives the relation the rows it holds, as ``prefetch_related`` leaves them: the
manager's ``all()`` serves them (a filter or an ``order_by`` still asks the
database). Reading them back cost a hand POST two queries and about 3 ms of CPU
(``benchmarks/api_profile.py --bypasses``). The system check ``orm_bypass.E003``
fails if Django's prefetch cache moves.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Model, prefetch_related_objects

from orm_bypass.switch import bypassed


def related_loaded(instance: Model, name: str, rows: list[Any]) -> None:
    """Give ``instance.<name>.all()`` the rows just written, as ``prefetch_related`` does,
    so that showing them takes no query (a filter or order_by still asks the database).
    Switched off: Django's ``prefetch_related_objects`` reads them back."""
    if not bypassed("related_loaded"):
        prefetch_related_objects([instance], name)
        return
    queryset = getattr(instance, name).all()
    queryset._result_cache = rows
    queryset._prefetch_done = True
    cache = instance.__dict__.setdefault("_prefetched_objects_cache", {})
    cache[getattr(instance, name).field.remote_field.cache_name] = queryset
