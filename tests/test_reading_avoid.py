"""Negated preferences are avoids (REVIEW3 #14): "no museums please", "not too many museums",
"skip the parks" are read as ``avoid`` (verified against the quote) and stated in the report;
"don't mind museums", "not only museums" avoid nothing, and an avoided kind is never also a
preference. A refusal ("no", "not", "skip", "hate", "no more", "avoid") is a hard limit (no
stop of that kind is served); a degree or a taste ("not too many", "sick of") stays soft,
ranked last (see ``tests/test_avoid_wish.py``). Updated from the soft-only expectation: every
avoid here was soft before."""

from __future__ import annotations

import pytest

from dayplan.contract import PlanRequest
from dayplan.reading import verify_reading
from dayplan.reading.prefs import read_avoided
from dayplan.service.run import plan
from tests.reading_helpers import TODAY, read

BASE = "Saturday in South Brisbane, 2 adults, back by 15:00, {cue}, $30"


@pytest.mark.parametrize(
    ("cue", "kinds", "hard"),
    [
        ("no museums please", ["museums"], True),
        ("not too many museums", ["museums"], False),
        ("definitely not the museum", ["museums"], True),
        ("skip the parks", ["parks"], True),
        ("sick of playgrounds", ["playgrounds"], False),
        ("the kids hate museums", ["museums"], True),
        ("no more libraries", ["libraries"], True),
        ("avoid the markets", ["markets"], True),
    ],
)
def test_negated_preference_is_an_avoid(cue: str, kinds: list[str], hard: bool) -> None:
    got = read(BASE.format(cue=cue))
    assert got.get("avoid") == [{"kind": k, "hard": hard} for k in kinds], got
    assert read_avoided(cue) == kinds
    prefs = got.get("preference") or []
    assert not set(kinds) & set(prefs)  # never also a wish for the same kind
    assert got["window_end"] == "15:00"


@pytest.mark.parametrize(
    "cue",
    [
        "we don't mind museums",
        "museums are fine",
        "not only museums",
        "no rain so parks",
        "museums if it's not raining",
        "no worries about museums",
    ],
)
def test_no_avoid(cue: str) -> None:
    assert read_avoided(cue) == []
    assert "avoid" not in read(BASE.format(cue=cue))


def test_museums_wished_stays_a_preference() -> None:
    got = read(BASE.format(cue="museums would be great"))
    assert got.get("preference") == ["museums"]
    assert "avoid" not in got


def test_avoid_reading_is_verified_against_its_quote() -> None:
    text = BASE.format(cue="no museums please")
    ok = verify_reading(
        text, {"field": "avoid", "value": "museums", "quote": "no museums"}, today=TODAY
    )
    assert ok.value == {"kind": "museums", "hard": True}  # type: ignore[union-attr]
    bad = verify_reading(
        text, {"field": "avoid", "value": "parks", "quote": "no museums"}, today=TODAY
    )
    assert "museums" in bad.error  # type: ignore[union-attr]
    assert not hasattr(bad, "value") or bad.value == "parks"  # type: ignore[union-attr]


def test_plan_leaves_the_avoided_kind_out_and_says_so() -> None:
    run = plan(
        PlanRequest(text=BASE.format(cue="no museums please"), now="2026-11-29T09:00:00+10:00")
    )
    report = run.report
    assert report is not None
    assert report.status == "complete"
    kinds = [s.venue_id for s in report.plan.stops]
    assert kinds and not any("museum" in k for k in kinds), kinds
    assert any(a.startswith("Ruled out, as you said: museums") for a in report.assumptions)
