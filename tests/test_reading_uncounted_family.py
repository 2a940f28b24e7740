"""A family said without its count is no party of one adult.

"family day out saturday in Chermside, budget 40" was priced for one adult (the assumed party)
and served complete with a cinema and a pool, which for a family of four cost more than the
budget. A family word with no adults or children read ("for the family", "with my whole
family", "the fam", "family outing") is listed unread as a party phrase and asked; a family
counted elsewhere ("2 adults 3 kids", "family of 4 (2 kids)"), given in the request's fields, or
"family-friendly" is no question.
"""

from __future__ import annotations

import pytest

from dayplan.contract import Party, PlanRequest
from dayplan.service.run import plan
from tests.cli_runs import plan_text

NOW = "2026-12-04T18:00:00+10:00"


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("family day out saturday 12 dec in Chermside, budget 40", "family day out"),
        ("Plan my Saturday in Brisbane for the family, AUD 100", "for the family"),
        ("sat in new farm with my whole family, 80 bucks max", "with my whole family"),
        ("Taking the fam to South Bank on Saturday, $50", "the fam"),
        ("Saturday family outing, Toowong, budget $70, home by 3", "family outing"),
    ],
)
def test_an_uncounted_family_is_asked(text: str, phrase: str) -> None:
    report = plan_text(text, now=NOW)
    assert report.status == "needs_clarification", report.status
    assert not {r.field for r in report.readings} & {"adults", "children"}
    assert any(phrase in u for u in report.unread), report.unread
    assert any(phrase in q and "adults" in q for q in report.questions), report.questions


@pytest.mark.parametrize(
    "text",
    [
        "Family day out Saturday, Chermside, 2 adults 3 kids, $100",
        "Saturday New Farm family of 4 (2 kids), $80",
        "family friendly stuff on Saturday in New Farm, 2 adults",
    ],
)
def test_a_counted_family_or_family_friendly_is_planned(text: str) -> None:
    report = plan_text(text, now=NOW)
    assert report.status == "complete", (report.status, report.questions)


def test_the_request_fields_count_the_family() -> None:
    request = PlanRequest(
        text="Plan my Saturday in Brisbane for the family, AUD 100",
        party=Party(adults=2, children=2),
        now=NOW,
    )
    run = plan(request)
    assert run.report is not None and run.report.status == "complete"
