"""Serving a finished export's file; the caller has checked the user's role."""

from __future__ import annotations

from pathlib import PurePosixPath

from django.http import FileResponse

from reports.models import ExportJob, ExportState

CONTENT_TYPES = {
    ".csv": "text/csv; charset=utf-8",
    ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ".pdf": "application/pdf",
    ".zip": "application/zip",
}


def export_is_ready(job: ExportJob) -> bool:
    return job.state == ExportState.DONE and bool(job.file)


def export_file_response(job: ExportJob) -> FileResponse:
    """The file as an attachment named after the job, with its content type."""
    name = PurePosixPath(str(job.file.name)).name
    content_type = CONTENT_TYPES.get(PurePosixPath(name).suffix, "application/octet-stream")
    return FileResponse(
        job.file.open("rb"), as_attachment=True, filename=name, content_type=content_type
    )
