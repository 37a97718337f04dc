"""The REST API root (/api/). Apps register their viewsets on `router`."""

from rest_framework.routers import DefaultRouter

router = DefaultRouter()

urlpatterns = router.urls
