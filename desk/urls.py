"""The desk's pages, behind the admin's login (``admin_view``): staff only."""

from django.contrib import admin
from django.urls import path

from desk.floor.members_page import members_page
from desk.floor.table_time_page import table_time_page
from desk.floor.views import floor_page

urlpatterns = [
    path("desk/floor/", admin.site.admin_view(floor_page), name="desk-floor"),
    path("desk/floor/members/", admin.site.admin_view(members_page), name="desk-floor-members"),
    path("desk/table-time/", admin.site.admin_view(table_time_page), name="desk-table-time"),
]
