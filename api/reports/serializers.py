"""Export jobs and background closes: the job as the API shows it, and the requests."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework import serializers
from rest_framework.reverse import reverse

from api.scoping import limit_fields
from ledger.models import CloseJobState
from parlor.models import Parlor, Player
from parlor.policy import Action
from reports.download import export_is_ready
from reports.models import ExportJob, ExportKind, ExportScope

REQUESTABLE_KINDS = [kind for kind in ExportKind.values if kind != ExportKind.DAY_REPORT]


class ProgressSerializer(serializers.Serializer[ExportJob]):
    done = serializers.IntegerField(source="progress_done")
    total = serializers.IntegerField(source="progress_total")
    percent = serializers.IntegerField()


class JobErrorSerializer(serializers.Serializer[Any]):
    """The one error shape of a failed job (a close or an export)."""

    code = serializers.CharField(help_text="A LedgerErrorCode or a JobErrorCode.")
    message = serializers.CharField()


class ExportJobSerializer(serializers.ModelSerializer[ExportJob]):
    progress = ProgressSerializer(source="*", read_only=True)
    error = JobErrorSerializer(
        source="error_detail", read_only=True, allow_null=True, help_text="When failed."
    )
    requested_by = serializers.CharField(source="requested_by.username", read_only=True)
    download = serializers.SerializerMethodField()
    note = serializers.CharField(
        source="empty_window_note",
        read_only=True,
        help_text="When done and the window holds no game: says so and names the business"
        " days that hold games (days_with_games).",
    )

    class Meta:
        model = ExportJob
        fields = [
            "id", "kind", "scope", "format", "parlor", "player", "date_from", "date_to", "language",
            "state", "progress", "error", "attempts", "requested_by", "requested_at", "started_at",
            "finished_at", "download", "found_games", "days_with_games", "note",
        ]  # fmt: skip
        read_only_fields = fields

    def get_download(self, job: ExportJob) -> str | None:
        """The file's URL once the job is done."""
        if not export_is_ready(job):
            return None
        return reverse("export-download", args=[job.pk], request=self.context.get("request"))


class ExportRequestSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=REQUESTABLE_KINDS)
    scope = serializers.ChoiceField(choices=ExportScope.values)
    format = serializers.ChoiceField(choices=["csv", "xlsx", "pdf"])
    parlor = serializers.PrimaryKeyRelatedField(
        queryset=Parlor.objects.all(), required=False, help_text="Default: the player's parlor."
    )
    player = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(), required=False, allow_null=True
    )
    date_from = serializers.DateField(required=False, allow_null=True)
    date_to = serializers.DateField(required=False, allow_null=True)
    language = serializers.ChoiceField(
        choices=[code for code, _name in settings.LANGUAGES],
        required=False,
        allow_blank=True,
        default="",
        help_text="Statements only: the language to print them in. Default: each player's own.",
    )

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        """Another parlor, or its player, does not exist for the user (400)."""
        paths = {"parlor": "pk", "player": "parlor"}
        return limit_fields(self, super().get_fields(), Action.EXPORT_OWN, paths)


class CloseJobSerializer(serializers.Serializer[Any]):
    session = serializers.IntegerField(source="session_id")
    state = serializers.ChoiceField(choices=CloseJobState.choices)
    session_state = serializers.CharField()
    requested_at = serializers.DateTimeField(allow_null=True)
    failed_at = serializers.DateTimeField(allow_null=True)
    error = JobErrorSerializer(allow_null=True, help_text="When failed.")


class CloseRequestSerializer(serializers.Serializer[Any]):
    stop = serializers.BooleanField(
        default=False, help_text="End an unfinished game where it stands (closing time)."
    )
