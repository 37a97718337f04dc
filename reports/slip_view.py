"""The session page's settlement slip: HTML to print from the browser, or PDF (A4 or 80 mm).

``?paper=a4|receipt`` picks the layout, ``?format=pdf`` the PDF, ``?lang=`` the
language (default the admin user's). A session without a live settlement
(still open, or reopened by a correction) has no slip: 404 with a reason.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from ledger.models import Session
from reports.slips import Paper, session_slip, slip_html, slip_locale, slip_pdf


def session_slip_view(request: HttpRequest, session: Session) -> HttpResponse:
    try:
        paper = Paper(request.GET.get("paper", Paper.A4))
    except ValueError:
        paper = Paper.A4
    wanted = request.GET.get("lang", "")
    language = wanted if wanted in dict(settings.LANGUAGES) else ""
    with slip_locale(session=session, language=language):
        slip = session_slip(session=session)
        if slip is None:
            raise Http404(_("This session has no settlement yet: close it first."))
        if request.GET.get("format") != "pdf":
            return HttpResponse(slip_html(slip=slip, paper=paper))
        name = f"slip-{session.pk}-{paper}.pdf"
        return HttpResponse(
            slip_pdf(slip=slip, paper=paper),
            content_type="application/pdf",
            headers={"Content-Disposition": f'inline; filename="{name}"'},
        )
