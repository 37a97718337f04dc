"""A running job's progress: rows done of rows in all, saved every few thousand rows.

Saving is one UPDATE of two columns, outside any transaction the export
holds, so the admin and the API see the figures while the job runs.
"""

from __future__ import annotations

from reports.models import ExportJob

SAVE_EVERY = 5000


class Progress:
    def __init__(self, *, job_id: int, total: int, every: int = SAVE_EVERY) -> None:
        self.job_id = job_id
        self.total = total
        self.every = max(1, every)
        self.done = 0
        self._saved = 0
        ExportJob.objects.filter(pk=job_id).update(progress_total=total, progress_done=0)

    def advance(self, rows: int = 1) -> None:
        self.done += rows
        if self.done - self._saved >= self.every:
            self._save()

    def finish(self) -> None:
        self._save()

    def _save(self) -> None:
        ExportJob.objects.filter(pk=self.job_id).update(progress_done=self.done)
        self._saved = self.done
