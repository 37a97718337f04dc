"""Model instances for rows just read, built as ``Model.from_db`` builds them, for less CPU.

``Model.from_db`` goes through ``Model.__init__``: the init signals are sent and
every field's value is set through its descriptor, one by one. For a row read
from the database that work changes nothing: the plain fields' descriptors keep
the value in the instance's ``__dict__`` as given, and a foreign key's id
descriptor only clears a cached object, which a new instance does not have.
Building the instance's ``__dict__`` directly gives the same instance in about a
quarter of the CPU; the hot reads (``orm_bypass.prepared``) build 10-20
instances per request, and ``__init__`` was 8% of a loaded worker's CPU
(docs/performance.md).

Where that reasoning does not hold, the model's own ``from_db`` builds it: a
model that overrides ``from_db`` or ``__init__``, a field whose attribute is any
other descriptor (a file, say), or any receiver of ``pre_init`` or
``post_init``. ``tests/orm_bypass/test_loaded.py`` holds the instances to
``from_db``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from django.db.models import Model, prefetch_related_objects
from django.db.models.base import ModelState
from django.db.models.fields.related_descriptors import ForeignKeyDeferredAttribute
from django.db.models.query_utils import DeferredAttribute
from django.db.models.signals import post_init, pre_init

from orm_bypass.switch import bypassed

M = TypeVar("M", bound=Model)

_PLAIN_MODELS: dict[type[Model], bool] = {}
# The attributes whose values live in the instance's ``__dict__`` as set: a plain field's
# and a foreign key's id (whose setter also forgets a cached object, none on a new one).
_PLAIN_ATTRIBUTES = (DeferredAttribute, ForeignKeyDeferredAttribute)
_MODEL_FROM_DB = Model.from_db.__func__  # type: ignore[attr-defined]


def _plain(model_cls: type[Model]) -> bool:
    """Whether ``from_db`` would only put the values in the instance's ``__dict__``."""
    plain = _PLAIN_MODELS.get(model_cls)
    if plain is None:
        plain = (
            model_cls.__init__ is Model.__init__
            and model_cls.from_db.__func__ is _MODEL_FROM_DB  # type: ignore[attr-defined]
            and all(
                type(getattr(model_cls, field.attname, None)) in _PLAIN_ATTRIBUTES
                for field in model_cls._meta.concrete_fields
            )
        )
        _PLAIN_MODELS[model_cls] = plain
    return plain


def loaded_instance(model_cls: type[M], db: str, attnames: Sequence[str], values: Any) -> M:
    """``model_cls.from_db(db, attnames, values)``: the same instance, built directly."""
    if pre_init.receivers or post_init.receivers or not _plain(model_cls) or not bypassed("loaded"):
        return model_cls.from_db(db, attnames, values)
    instance = model_cls.__new__(model_cls)
    state = ModelState()
    state.adding = False
    state.db = db
    fields = instance.__dict__
    fields["_state"] = state
    fields.update(zip(attnames, values, strict=True))
    return instance


def populate_related(populator: Any, row: Sequence[Any], from_obj: Model) -> None:
    """Django's ``RelatedPopulator.populate`` (select_related's objects of one row), with
    each object built by ``loaded_instance``."""
    if not bypassed("loaded"):
        populator.populate(row, from_obj)
        return
    if populator.reorder_for_init:
        obj_data = populator.reorder_for_init(row)
    else:
        obj_data = row[populator.cols_start : populator.cols_end]
    if obj_data[populator.pk_idx] is None:
        obj = None
    else:
        obj = loaded_instance(populator.model_cls, populator.db, populator.init_list, obj_data)
        for nested in populator.related_populators:
            populate_related(nested, row, obj)
    populator.local_setter(from_obj, obj)
    if obj is not None:
        populator.remote_setter(obj, from_obj)


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
