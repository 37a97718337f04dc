"""The desk's admin pages: each room registers its own (desk/counter, desk/floor)."""

from desk.counter import admin as counter_admin
from desk.floor import admin as floor_admin

__all__ = ["counter_admin", "floor_admin"]
