"""The API's JSON parser: a body the standard parser would crash on is a 400 in the API's shape.

Python's JSON decoder raises RecursionError, not ValueError, on a body nested
past the interpreter's recursion limit, and DRF's parser lets it through as a
500. Here it is a ``bad_json`` refusal like any other malformed body.
"""

from __future__ import annotations

from typing import Any

from rest_framework import status
from rest_framework.parsers import JSONParser

from api.errors import ApiError
from ledger.errors import RequestErrorCode


class SafeJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ApiError(
                status_code=status.HTTP_400_BAD_REQUEST,
                code=RequestErrorCode.BAD_JSON,
                message="the JSON body is nested too deeply to be a hand or any other request",
            ) from None
