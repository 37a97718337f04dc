"""Reports: what is read out of the books for people and files, by a job or on demand.

Export jobs (``models.ExportJob``, requested through ``services.export_request``,
run by ``tasks.export_settlements`` via ``queue.export_enqueue``), each parlor's
day report (``services.day_reports_build``), players' PDF statements
(``statements``), a session's settlement slip (``slips``, served by
``slip_view`` on the console's session page) and the standings file
(``standings``). ``scope`` turns a job into a window of business days;
``sources`` reads the books as streamed tables; ``writers`` writes them as CSV
or XLSX, every cell through ``cells``; ``progress`` keeps the job's rows-done
counter; ``download`` serves a finished file; ``stale`` finds the jobs the
queue lost. A consumer of the books: it reads the ledger's models and
selectors and writes nothing to them (docs/jobs.md).
"""
