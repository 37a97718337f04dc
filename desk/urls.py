"""The desk's pages, behind the admin's login (``admin_view``): staff only."""

from django.contrib import admin
from django.urls import path

from desk.counter.checkout import checkout_page, checkout_print
from desk.counter.till_page import till_page
from desk.counter.views import counter_page
from desk.floor.members_page import members_page
from desk.floor.table_time_page import table_time_page
from desk.floor.views import floor_page

urlpatterns = [
    path("desk/floor/", admin.site.admin_view(floor_page), name="desk-floor"),
    path("desk/floor/members/", admin.site.admin_view(members_page), name="desk-floor-members"),
    path("desk/table-time/", admin.site.admin_view(table_time_page), name="desk-table-time"),
    path("desk/counter/", admin.site.admin_view(counter_page), name="desk-counter"),
    path(
        "desk/counter/visits/<int:pk>/",
        admin.site.admin_view(checkout_page),
        name="desk-checkout",
    ),
    path(
        "desk/counter/visits/<int:pk>/print/",
        admin.site.admin_view(checkout_print),
        name="desk-checkout-print",
    ),
    path("desk/till/", admin.site.admin_view(till_page), name="desk-till"),
]
