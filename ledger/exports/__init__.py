"""Building export files: what a job covers, where its rows come from, how they are written.

``scope`` turns a job into a window of business days; ``sources`` reads the
books as streamed tables; ``writers`` writes them as CSV or XLSX;
``statements`` renders a player's PDF statement; ``progress`` keeps the
job's rows-done counter; ``download`` serves a finished file. The service
that runs a job is ``ledger.services.exports`` (docs/jobs.md).
"""
