"""Page-number pagination for every list: ``?page=2&page_size=100``."""

from rest_framework.pagination import PageNumberPagination


class ApiPagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500
