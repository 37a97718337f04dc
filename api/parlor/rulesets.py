"""The rulesets a configuration can use, each with its option schema (read-only).

What the manager's ruleset form offers, for API clients: the engine's one
option schema (``engine.option_schema``: hand options under
``options``, game options under ``game_options``), so a client can build a
configuration (``POST /api/ruleset-configs/``) without reading the engine.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.viewsets import ApiDefaults
from parlor.policy import Action
from parlor.services.ruleset_options import configurable_rulesets, option_specs


class OptionSchemaSerializer(serializers.Serializer[Any]):
    scope = serializers.ChoiceField(
        choices=["options", "game_options"],
        help_text="Which JSON object of a configuration holds it.",
    )
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["bool", "int", "str", "choice", "int_list"])
    default = serializers.JSONField()
    doc = serializers.CharField(help_text="What it changes (English, from the engine).")
    choices = serializers.ListField(child=serializers.JSONField(), help_text="For kind choice.")


class RulesetSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    options = OptionSchemaSerializer(many=True)


def _ruleset(slug: str) -> dict[str, Any]:
    return {
        "slug": slug,
        "options": [
            {
                "scope": spec.scope,
                "name": spec.name,
                "kind": spec.kind,
                "default": spec.default,
                "doc": spec.doc,
                "choices": list(spec.choices),
            }
            for spec in option_specs(slug)
        ],
    }


class RulesetListView(ApiDefaults, APIView):
    """Every ruleset a configuration can use, with its options (any role)."""

    roles_by_action = {"read": Action.VIEW_RULES}
    pagination_class = None

    @extend_schema(responses=RulesetSerializer(many=True))
    def get(self, request: Request) -> Response:
        data = [_ruleset(slug) for slug in configurable_rulesets()]
        return Response(RulesetSerializer(data, many=True).data)


class RulesetDetailView(ApiDefaults, APIView):
    """One ruleset's options; 404 for a slug the engine does not know."""

    roles_by_action = {"read": Action.VIEW_RULES}
    pagination_class = None

    @extend_schema(responses=RulesetSerializer)
    def get(self, request: Request, slug: str) -> Response:
        if slug not in configurable_rulesets():
            raise NotFound(f"no ruleset {slug!r}; known: {', '.join(configurable_rulesets())}")
        return Response(RulesetSerializer(_ruleset(slug)).data)
