"""Maps people recognise and a timeline that never cuts a name: the offline map over the bundled
river outline with gazetteer suburbs, the ipyleaflet map, home drawn where it is assumed."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from dayplan import data
from dayplan.contract import PlanRequest
from dayplan.service.run import plan
from dayplan.ui.map_view import leaflet_map, offline_map_figure, route
from dayplan.ui.report_view import context_for, map_png, report_html, timeline_figure
from tests.conftest import case_request

LONG_NAMES = PlanRequest(
    text="Saturday in South Brisbane with 2 kids, museums and galleries, home by 5pm",
    now="2026-11-29T09:00:00+10:00",
)


@pytest.fixture(scope="module")
def runs():
    requests = {
        "wet": case_request("wet_weather_family"),
        "north": PlanRequest(
            text="Saturday with 2 kids from Chermside, parks and animals, back by 5pm",
            now="2026-11-29T09:00:00+10:00",
        ),
        "long": LONG_NAMES,
        "infeasible": case_request("lone_pine_over_budget"),
    }
    return {k: plan(r) for k, r in requests.items()}


def ctx_of(run):
    return context_for(run.report, run.request, run.steps)


def texts(fig) -> list[str]:
    out = [t.get_text() for t in fig.texts]
    for ax in fig.axes:
        out += [t.get_text() for t in ax.texts]
        legend = ax.get_legend()
        if legend:
            out += [t.get_text() for t in legend.get_texts()]
    return out


def test_the_river_outline_is_labelled_simplified_with_its_source():
    river = data.river_outline()
    assert "SIMPLIFIED" in river["note"] and "never for navigation" in river["note"]
    assert "OpenStreetMap" in river["source"]
    line = next(f for f in river["features"] if f["geometry"]["type"] == "LineString")
    coords = line["geometry"]["coordinates"]
    assert len(coords) >= 20
    lons = [c[0] for c in coords]
    assert all(152.9 < lon < 153.2 and -27.6 < lat < -27.35 for lon, lat in coords)
    assert lons[-1] > lons[0] + 0.15  # flows east, to Moreton Bay


@pytest.mark.parametrize("name", ["wet", "north", "long"])
def test_timeline_names_every_stop_in_full_with_the_legend_outside(runs, name):
    ctx = ctx_of(runs[name])
    fig = timeline_figure(ctx)
    written = "\n".join(texts(fig))
    assert "…" not in written
    for i, stop in enumerate(ctx.stops, 1):
        assert f"{i}. " in written and stop.name in written.replace("\n     ", " ")
    ax = fig.axes[0]
    legend = ax.get_legend()
    fig.canvas.draw()
    box, axes_box = legend.get_window_extent(), ax.get_window_extent()
    assert box.x0 >= axes_box.x1  # right of the data, never over it


def test_offline_map_draws_river_suburbs_home_and_numbered_stops(runs):
    ctx = ctx_of(runs["north"])
    fig = offline_map_figure(ctx)
    ax = fig.axes[0]
    written = texts(fig)
    suburbs = {s["name"] for s in data.gazetteer()["suburbs"]}
    shown = suburbs & set(written)
    assert len(shown) >= 8 and "Chermside" not in shown  # the home label is not covered
    assert [str(i) for i in range(1, len(ctx.stops) + 1)] == [t for t in written if t.isdigit()]
    river = [line for line in ax.lines if line.get_linewidth() >= 4]
    assert river, "the river outline is drawn"
    assert any("home (Chermside, assumed)" in t for t in written)
    assert any("River: a rough outline" in t for t in written)
    assert route(ctx)[0] == route(ctx)[-1] == ctx.home


def test_home_next_to_a_stop_is_drawn_where_it_is_assumed():
    from dayplan.ui.report_view import ChartStop, ReportContext

    city = next(s for s in data.gazetteer()["suburbs"] if s["name"] == "Brisbane City")
    home = (city["lat"], city["lon"])
    museum = next(v for v in data.venues() if v.id == "museum-of-brisbane")
    far = next(v for v in data.venues() if v.id == "lone-pine-koala-sanctuary")
    ctx = ReportContext(
        (540, 1020), home=home, home_name="home (Brisbane City, assumed)",
        stops=[
            ChartStop(far.id, far.name, 600, 700, False, 30, far.point),
            ChartStop(museum.id, museum.name, 760, 820, True, 30, museum.point),
        ],
    )  # fmt: skip
    written = texts(offline_map_figure(ctx))
    note = next(t for t in written if "home (Brisbane City, assumed)" in t)
    assert "next to stop 2" in note.replace("\n    ", " ")
    assert route(ctx)[0] == route(ctx)[-1] == home  # drawn at the assumed point, not a stop's
    assert abs(museum.point[0] - home[0]) < 0.0025 and museum.point != home


def test_map_png_is_a_real_picture(runs):
    png = map_png(runs["north"].report, runs["north"].request, runs["north"].steps)
    img = Image.open(io.BytesIO(png)).convert("RGB")
    assert img.width > 600 and img.height > 400
    colours = img.getcolors(maxcolors=1 << 16)
    assert len(colours) > 10
    assert max(c for c, _ in colours) < 0.9 * img.width * img.height


def test_the_rejected_proposal_is_mapped_grey(runs):
    run = runs["infeasible"]
    ctx = ctx_of(run)
    assert run.report.status == "no_feasible_plan" and ctx.proposal and ctx.stops
    fig = offline_map_figure(ctx)
    assert fig.axes[0].get_title(loc="left") == "The proposal check_plan rejected"
    badges = [t for t in fig.axes[0].texts if t.get_text().isdigit()]
    assert {t.get_bbox_patch().get_facecolor()[:3] for t in badges} == {(158 / 255,) * 3}


def test_leaflet_map_has_osm_tiles_home_stops_and_legs(runs):
    import ipyleaflet as L

    ctx = ctx_of(runs["north"])
    m = leaflet_map(ctx)
    tiles = [layer for layer in m.layers if isinstance(layer, L.TileLayer)]
    assert any("tile.openstreetmap.org" in t.url for t in tiles)
    markers = [layer for layer in m.layers if isinstance(layer, L.Marker)]
    markers = markers[1:] + markers[:1]  # the home label is added first
    assert [mk.title for mk in markers] == [*(s.name for s in ctx.stops), "home"]
    (legs,) = [layer for layer in m.layers if isinstance(layer, L.Polyline)]
    assert legs.locations[0] == legs.locations[-1] == list(ctx.home)
    (home,) = [layer for layer in m.layers if isinstance(layer, L.CircleMarker)]
    assert "Chermside" in home.popup.value


def test_report_html_embeds_the_offline_map(runs):
    html = report_html(runs["wet"].report, runs["wet"].request, runs["wet"].steps)
    assert 'alt="stops and legs on the offline map"' in html
    assert 'alt="timeline of the day"' in html


def test_the_form_shows_the_leaflet_map_after_a_plan():
    from dayplan.ui.form import build_form, request_to_values

    form = build_form(request_to_values(case_request("wet_weather_family")))
    outcome = form.on_click()
    assert outcome.run.report.status == "complete"
    title, leaflet = form.map_box.children
    assert "OpenStreetMap" in title.value and leaflet.__class__.__name__ == "Map"
    form.fill({"window_start": "9.30"})
    form.on_click()
    assert form.map_box.children == ()
