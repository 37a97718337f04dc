"""The REST API of the reports' jobs: exports (statements, day reports) and a session's close job.
"""
