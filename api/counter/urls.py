"""/api/counter/: the counter's routes (config/api_urls.py includes them)."""

from django.urls import path
from rest_framework.routers import SimpleRouter

from api.counter.views import CounterEntryViewSet, PlayerMoneyView, TillCloseViewSet, TillPeriodView

router = SimpleRouter()
router.register("entries", CounterEntryViewSet, basename="counter-entry")
router.register("till-closes", TillCloseViewSet, basename="counter-till-close")

urlpatterns = [
    path("till/", TillPeriodView.as_view(), name="counter-till"),
    path("players/<int:player_pk>/money/", PlayerMoneyView.as_view(), name="counter-player-money"),
    *router.urls,
]
