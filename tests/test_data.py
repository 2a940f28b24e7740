from datetime import date

from dayplan import data
from dayplan.core.hours import open_intervals
from dayplan.core.places import resolve_place


def test_snapshot_has_enough_real_venues():
    venues = data.venues()
    assert len(venues) >= 40
    assert len({v.id for v in venues}) == len(venues)
    kinds = {v.kind for v in venues}
    assert {
        "museum",
        "gallery",
        "library",
        "park",
        "play_centre",
        "pool",
        "market",
        "cafe",
        "cinema",
        "wildlife",
    } <= kinds
    snap = data.venue_snapshot()
    assert snap["currency"] == "AUD" and snap["as_of"]


def test_every_venue_is_complete_and_parses():
    gaz = data.gazetteer()
    for v in data.venues():
        open_intervals(v.opening_hours, date(2026, 12, 5))  # raises on bad syntax
        assert v.url.startswith("https://") and v.as_of
        assert 0 < v.min_minutes <= v.typical_minutes
        assert v.price_adult >= 0 and v.price_child >= 0
        assert -27.75 < v.lat < -27.2 and 152.8 < v.lon < 153.3
        assert resolve_place(v.suburb, gaz) is not None, v.suburb


def test_gazetteer_has_thirty_suburbs_and_aliases():
    gaz = data.gazetteer()
    assert len(gaz["suburbs"]) >= 30
    assert resolve_place("brisbane", gaz).name == "Brisbane City"
    assert resolve_place("Paddington, QLD", gaz).name == "Paddington"
    assert resolve_place("Sydney", gaz) is None


def test_forecast_fixture_shape():
    fx = data.forecast_fixture()
    hourly = fx["hourly"]
    assert len(hourly["time"]) == len(hourly["precipitation_probability"]) == 34 * 24
