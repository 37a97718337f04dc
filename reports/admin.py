"""Exports in the admin: the list with each job's progress and its download, and new ones.

"Add export" asks for one (``export_request``) and sends it to a worker;
the list shows queued, running (rows done of rows in all), done (a download
link) and failed jobs (the error), and "Run again" re-queues failed ones.
Files are served by the download view here, never from a public URL.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ledger.admin.job_workers import JobWorkersOnList
from ledger.admin.roles import LedgerAdmin, acting_user, may, may_anywhere, refused
from parlor import policy
from parlor.access import AnyUser
from parlor.models import Parlor, Player
from parlor.policy import Action, PolicyRefusal
from reports.download import export_file_response, export_is_ready
from reports.models import (
    FORMATS_BY_KIND,
    ExportFormat,
    ExportJob,
    ExportKind,
    ExportScope,
    ExportState,
)
from reports.queue import export_enqueue, export_was_not_sent
from reports.services import ExportRequestError, export_request, export_retry, format_refusal
from reports.stale import export_is_stale

ADD_TEMPLATE = "admin/reports/exportjob/add.html"


def _unsent_message(count: int) -> str:
    return _(
        "The job queue (Redis) did not answer: %(count)d export(s) were not sent; they are"
        " listed as failed. Run them again once the queue is back."
    ) % {"count": count}


class FormatSelect(forms.Select):
    """Each format's option names the kinds written in it (``data-kinds``): the form's script
    (reports/export_form.js) offers only the formats of the kind chosen."""

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(*args, **kwargs)
        kinds = [kind for kind, formats in FORMATS_BY_KIND.items() if option["value"] in formats]
        option["attrs"]["data-kinds"] = " ".join(kinds)
        return option


class ExportRequestForm(forms.Form):
    kind = forms.ChoiceField(
        label=gettext_lazy("what"),
        choices=[(k, label) for k, label in ExportKind.choices if k != ExportKind.DAY_REPORT],
    )
    format = forms.ChoiceField(
        label=gettext_lazy("format"),
        choices=ExportFormat.choices,
        widget=FormatSelect,
        help_text=gettext_lazy("Statements are PDF; the other exports CSV or XLSX."),
    )
    scope = forms.ChoiceField(label=gettext_lazy("over"), choices=ExportScope.choices)
    parlor = forms.ModelChoiceField(label=gettext_lazy("parlor"), queryset=Parlor.objects.all())
    player = forms.ModelChoiceField(
        label=gettext_lazy("player"), queryset=Player.objects.all(), required=False
    )
    date_from = forms.DateField(
        label=gettext_lazy("from (business day)"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    date_to = forms.DateField(
        label=gettext_lazy("to (business day, included)"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    language = forms.ChoiceField(
        label=gettext_lazy("statements in"),
        choices=[("", gettext_lazy("each player's language")), *settings.LANGUAGES],
        required=False,
    )

    def __init__(self, *args: Any, user: AnyUser | None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Only the parlors (and their players) whose books the user may export.
        parlor, player = self.fields["parlor"], self.fields["player"]
        assert isinstance(parlor, forms.ModelChoiceField)
        assert isinstance(player, forms.ModelChoiceField)
        parlor.queryset = policy.scoped_to(Parlor.objects.all(), user, Action.EXPORT_BOOKS, "pk")
        player.queryset = policy.scoped_to(Player.objects.all(), user, Action.EXPORT_BOOKS)
        only = list(parlor.queryset[:2])
        if len(only) == 1:  # the one parlor the user may export: chosen already
            parlor.empty_label = None
            self.initial.setdefault("parlor", only[0].pk)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        kind, format = data.get("kind"), data.get("format")
        if kind in FORMATS_BY_KIND and format and format not in FORMATS_BY_KIND[kind]:
            self.add_error("format", format_refusal(kind))
        return data

    class Media:
        js = ["reports/export_form.js"]


@admin.register(ExportJob)
class ExportJobAdmin(JobWorkersOnList[ExportJob], LedgerAdmin[ExportJob]):
    parlor_path = "parlor"
    list_display = [
        "number", "kind", "scope_text", "format", "state_text", "progress", "download",
        "requested_by", "requested_at", "finished_at", "error_short", "note",
    ]  # fmt: skip
    list_filter = ["state", "kind", "format", ("parlor", admin.RelatedOnlyFieldListFilter)]
    list_select_related = ["requested_by", "player", "parlor"]
    date_hierarchy = "requested_at"
    fields = readonly_fields = (
        "kind", "scope_text", "format", "language", "parlor", "state_text", "progress", "download",
        "note", "error_code", "error", "attempts", "requested_by", "requested_at", "resent_at",
        "started_at", "finished_at",
    )  # fmt: skip
    actions = ["run_again"]

    @admin.display(description=gettext_lazy("export"), ordering="pk")
    def number(self, job: ExportJob) -> str:
        return f"#{job.pk}"

    @admin.display(description=gettext_lazy("over"))
    def scope_text(self, job: ExportJob) -> str:
        return f"{job.get_scope_display()}: {job.describe_scope()}"

    @admin.display(description=gettext_lazy("state"), ordering="state")
    def state_text(self, job: ExportJob) -> str:
        """The state, and "stale" when no worker took it within the limit (docs/jobs.md)."""
        if export_is_stale(job=job, now=timezone.now()):
            return format_html(
                '{} <strong class="errornote">{}</strong>', job.get_state_display(), _("stale")
            )
        return job.get_state_display()

    @admin.display(description=gettext_lazy("progress"))
    def progress(self, job: ExportJob) -> str:
        if job.state == ExportState.QUEUED:
            return "—"
        return format_html(
            '<progress value="{}" max="100">{}%</progress> {} / {}',
            job.percent, job.percent, job.progress_done, job.progress_total,
        )  # fmt: skip

    @admin.display(description=gettext_lazy("file"))
    def download(self, job: ExportJob) -> str:
        if not export_is_ready(job):
            return "—"
        url = reverse("admin:reports_exportjob_download", args=[job.pk])
        return format_html('<a href="{}">{}</a>', url, _("download"))

    @admin.display(description=gettext_lazy("note"))
    def note(self, job: ExportJob) -> str:
        return job.empty_window_note()

    @admin.display(description=gettext_lazy("error"))
    def error_short(self, job: ExportJob) -> str:
        return job.error[:120]

    # --- who may do what ---------------------------------------------------

    def has_add_permission(self, request: HttpRequest) -> bool:
        return may_anywhere(request, Action.EXPORT_BOOKS)

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        return super().get_actions(request) if self.has_add_permission(request) else {}

    # --- actions and pages -------------------------------------------------

    @admin.action(description=gettext_lazy("Run the selected failed exports again"))
    def run_again(self, request: HttpRequest, queryset: QuerySet[ExportJob]) -> None:
        failed = [
            job
            for job in queryset.filter(state=ExportState.FAILED)
            if may(request, Action.EXPORT_BOOKS, parlor_id=job.parlor_id)
        ]
        for job in failed:
            try:
                export_enqueue(job=export_retry(job=job))
            except PolicyRefusal as error:
                refused(request, error)
        messages.info(request, _("%(count)d export(s) queued again.") % {"count": len(failed)})
        unsent = ExportJob.objects.filter(pk__in=[job.pk for job in failed])
        unsent_count = sum(export_was_not_sent(job) for job in unsent)
        if unsent_count:
            messages.warning(request, _unsent_message(unsent_count))

    def get_urls(self) -> list[URLPattern]:
        download = self.admin_site.admin_view(self.download_view)
        return [
            path("<int:job_id>/download/", download, name="reports_exportjob_download"),
            *super().get_urls(),
        ]

    def download_view(self, request: HttpRequest, job_id: int) -> HttpResponseBase:
        # The user's parlors' exports only (get_queryset): another parlor's is not found (404).
        job = get_object_or_404(self.get_queryset(request), pk=job_id)
        if not export_is_ready(job):
            raise Http404(_("This export has no file yet."))
        return export_file_response(job)

    def add_view(
        self, request: HttpRequest, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        if not self.has_add_permission(request):
            raise PermissionDenied
        form = ExportRequestForm(
            request.POST if request.method == "POST" else None, user=request.user
        )
        if request.method == "POST" and form.is_valid():
            try:
                job = export_request(**form.cleaned_data, by=acting_user(request))
            except ExportRequestError as error:
                form.add_error(error.field if error.field in form.fields else None, error.message)
            except PolicyRefusal as error:
                form.add_error(None, str(error.message))
            else:
                export_enqueue(job=job)
                job.refresh_from_db()
                if export_was_not_sent(job):
                    messages.warning(request, _unsent_message(1))
                else:
                    messages.success(request, _("Export #%(number)d queued.") % {"number": job.pk})
                return HttpResponseRedirect(reverse("admin:reports_exportjob_changelist"))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Export the books"),
            "form": form,
        }
        return TemplateResponse(request, ADD_TEMPLATE, context)
