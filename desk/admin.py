"""The desk's admin pages: each room registers its own (desk/counter, desk/balances, desk/floor)."""

from desk.balances import admin as balances_admin
from desk.counter import admin as counter_admin
from desk.floor import admin as floor_admin

__all__ = ["balances_admin", "counter_admin", "floor_admin"]
