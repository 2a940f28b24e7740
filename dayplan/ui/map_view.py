"""Stops and legs on a map: an ipyleaflet widget on OpenStreetMap tiles (notebooks, the app) and
an offline matplotlib fallback drawn over the bundled, simplified Brisbane River outline with
suburb labels from the gazetteer (``dayplan.data.river_outline``, ``dayplan.data.gazetteer``).

Both take a ``ReportContext`` (``dayplan.ui.report_view.context_for``): home where it is
assumed (the request's home, else the gazetteer centre of the planned location, labelled
"assumed"), numbered stops, legs in visiting order and back home. Coordinates are
``(lat, lon)`` in degrees; nothing here computes travel (that is ``dayplan.core.travel``).
"""

from __future__ import annotations

import math
import textwrap
from typing import TYPE_CHECKING, Any

from matplotlib.figure import Figure

from dayplan import data

if TYPE_CHECKING:
    from dayplan.ui.report_view import ReportContext

__all__ = ["OSM_ATTRIBUTION", "leaflet_map", "offline_map_figure", "route"]

OSM_TILES = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
OSM_ATTRIBUTION = "© OpenStreetMap contributors"
INDOOR, OUTDOOR, PROPOSAL, HOME, LEG, RIVER = (
    "#2e7d32", "#ef6c00", "#9e9e9e", "#1565c0", "#455a64", "#7fb3e0",
)  # fmt: skip
NEAR_DEG = 0.0025  # about 250 m: a stop this close to home is drawn "next to" it


def _colour(ctx: ReportContext, indoor: bool) -> str:
    return PROPOSAL if ctx.proposal else (INDOOR if indoor else OUTDOOR)


def route(ctx: ReportContext) -> list[tuple[float, float]]:
    """The day's path as ``(lat, lon)`` points: home, each stop with coordinates, home again;
    home also between two stops an at-home break falls between (``ctx.home_breaks``), or an away
    appointment (``ctx.appointments``: its place is unknown, so the legs are counted via home)."""
    points = [s.point for s in ctx.stops if s.point is not None]
    if not (ctx.home and points):
        return list(points)
    path = [ctx.home]
    prev_end: int | None = None
    for stop in ctx.stops:
        if prev_end is not None and any(
            prev_end <= h.start and h.end <= stop.start
            for h in [*ctx.home_breaks, *ctx.appointments]
        ):
            path.append(ctx.home)
        if stop.point is not None:
            path.append(stop.point)
        prev_end = stop.end
    return [*path, ctx.home]


def _home_note(ctx: ReportContext) -> str:
    """``home (Brisbane City, assumed)``, plus ``next to stop 3`` when a stop is that close."""
    if ctx.home is None:
        return ""
    near = [
        i
        for i, s in enumerate(ctx.stops, 1)
        if s.point
        and abs(s.point[0] - ctx.home[0]) < NEAR_DEG
        and abs(s.point[1] - ctx.home[1]) < NEAR_DEG
    ]
    return ctx.home_name + (f", next to stop {near[0]}" if near else "")


def _extent(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    lats, lons = [p[0] for p in points], [p[1] for p in points]
    span = max(max(lats) - min(lats), max(lons) - min(lons), 0.035)
    pad = span * 0.3
    return min(lats) - pad, max(lats) + pad, min(lons) - pad, max(lons) + pad


def _draw_river(ax: Any) -> None:
    for feature in data.river_outline()["features"]:
        geom = feature["geometry"]
        if geom["type"] == "LineString":
            lons = [c[0] for c in geom["coordinates"]]
            lats = [c[1] for c in geom["coordinates"]]
            ax.plot(lons, lats, color=RIVER, lw=5, solid_capstyle="round", zorder=1)


def _draw_suburbs(
    ax: Any, box: tuple[float, float, float, float], taken: list[tuple[float, float]]
) -> None:
    """Suburb names inside ``box``, skipping any that would sit on a drawn point or on another
    name (``taken``: ``(lat, lon)`` already used)."""
    lat0, lat1, lon0, lon1 = box
    gap_lat, gap_lon = (lat1 - lat0) * 0.03, (lon1 - lon0) * 0.09
    placed = list(taken)
    for sub in data.gazetteer()["suburbs"]:
        lat, lon = sub["lat"], sub["lon"]
        crowded = any(abs(lat - a) < gap_lat and abs(lon - b) < gap_lon for a, b in placed)
        if lat0 < lat < lat1 and lon0 < lon < lon1 and not crowded:
            placed.append((lat, lon))
            ax.text(
                lon, lat, sub["name"], fontsize=6.5, color="#8a8a8a", ha="center", va="center",
                zorder=2, clip_on=True,
            )  # fmt: skip


def offline_map_figure(ctx: ReportContext) -> Figure | None:
    """The offline map: river outline (simplified), suburb names, home where it is assumed,
    numbered stops and arrows for the legs; the stop names listed beside the map, outside the
    data. ``None`` when no stop has coordinates."""
    stops = [(i, s) for i, s in enumerate(ctx.stops, 1) if s.point is not None]
    if not stops:
        return None
    path = route(ctx)
    box = _extent(path)
    fig = Figure(figsize=(8.6, 5.2))
    ax = fig.add_axes((0.02, 0.06, 0.6, 0.86))
    _draw_river(ax)
    _draw_suburbs(ax, box, path)
    for (lat1, lon1), (lat2, lon2) in zip(path, path[1:], strict=False):
        ax.annotate(
            "", xy=(lon2, lat2), xytext=(lon1, lat1), zorder=3,
            arrowprops={"arrowstyle": "-|>", "color": LEG, "lw": 1.5, "shrinkA": 9, "shrinkB": 9},
        )  # fmt: skip
    if ctx.home:
        ax.scatter([ctx.home[1]], [ctx.home[0]], marker="^", s=200, color=HOME, zorder=4)
        ax.annotate(
            "home", (ctx.home[1], ctx.home[0]), xytext=(0, -19), textcoords="offset points",
            ha="center", fontsize=8, color=HOME, fontweight="bold", zorder=7,
            bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.85},
        )  # fmt: skip
    seen: list[tuple[float, float]] = [ctx.home] if ctx.home else []  # home stays visible
    for i, stop in stops:
        lat, lon = stop.point  # type: ignore[misc]
        near = max(0.002, (box[3] - box[2]) * 0.025)  # badges closer than ~their size
        close = sum(1 for p in seen if abs(p[0] - lat) < near and abs(p[1] - lon) < near)
        seen.append((lat, lon))
        dx, dy = [(0, 0), (14, 10), (-14, 10), (14, -10), (-14, -10)][close % 5]
        ax.annotate(
            str(i), (lon, lat), xytext=(dx, dy), textcoords="offset points", ha="center",
            va="center", fontsize=8, color="white", fontweight="bold", zorder=6,
            bbox={"boxstyle": "circle,pad=0.3", "fc": _colour(ctx, stop.indoor), "ec": "black"},
        )  # fmt: skip
    lat0, lat1, lon0, lon1 = box
    ax.set_xlim(lon0, lon1)
    ax.set_ylim(lat0, lat1)
    ax.set_aspect(1 / math.cos(math.radians((lat0 + lat1) / 2)))
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_facecolor("#fbfbf8")
    km = 1.0 / (111.32 * math.cos(math.radians((lat0 + lat1) / 2)))  # 1 km in degrees of lon
    x0, y0 = lon0 + (lon1 - lon0) * 0.05, lat0 + (lat1 - lat0) * 0.05
    ax.plot([x0, x0 + km], [y0, y0], color="black", lw=2)
    ax.text(x0 + km / 2, y0 + (lat1 - lat0) * 0.015, "1 km", ha="center", fontsize=7)
    title = "Stops and legs" if not ctx.proposal else "The proposal check_plan rejected"
    ax.set_title(title, fontsize=10, loc="left")
    lines = [f"{i}  {stop.name}" for i, stop in stops]
    if ctx.home:
        lines.append("▲  " + _home_note(ctx))
    wrapped = "\n".join(textwrap.fill(t, 38, subsequent_indent="    ") for t in lines)
    fig.text(0.64, 0.9, wrapped, va="top", ha="left", fontsize=8, linespacing=1.5)
    fig.text(
        0.64, 0.08,
        textwrap.fill(
            "Offline map. River: a rough outline drawn by hand from memory, not from map "
            "data (off by several hundred metres). Suburb names: the gazetteer.", 48,
        ),
        fontsize=6.5, color="#666", va="bottom",
    )  # fmt: skip
    return fig


def leaflet_map(ctx: ReportContext, *, height: str = "420px") -> Any | None:
    """An ipyleaflet ``Map`` on OpenStreetMap tiles (they load only when online): home as a
    blue circle labelled where it is assumed, numbered stop markers with their names and times,
    the legs as one polyline. ``None`` when no stop has coordinates."""
    import ipyleaflet as L
    import ipywidgets as w

    stops = [(i, s) for i, s in enumerate(ctx.stops, 1) if s.point is not None]
    if not stops:
        return None
    path = route(ctx)
    lat0, lat1, lon0, lon1 = _extent(path)
    m = L.Map(
        basemap=L.TileLayer(url=OSM_TILES, attribution=OSM_ATTRIBUTION, max_zoom=19, name="OSM"),
        center=((lat0 + lat1) / 2, (lon0 + lon1) / 2), zoom=_zoom(lat1 - lat0, lon1 - lon0),
        scroll_wheel_zoom=True,
        layout=w.Layout(height=height, width="100%"),
    )  # fmt: skip
    m.add(L.Polyline(locations=[list(p) for p in path], color=LEG, weight=3, fill=False))
    if ctx.home:
        home = L.CircleMarker(
            location=list(ctx.home), radius=9, color=HOME, fill_color=HOME, fill_opacity=0.9
        )
        home.popup = w.HTML(_home_note(ctx))
        m.add(home)
        label = L.DivIcon(
            html=f'<div style="color:{HOME};font:bold 12px sans-serif;white-space:nowrap">'
            "▲ home</div>",
            icon_size=[60, 16], icon_anchor=[-12, 8],
        )  # fmt: skip
        m.add(L.Marker(location=list(ctx.home), icon=label, draggable=False, title="home"))
    for i, stop in stops:
        colour = _colour(ctx, stop.indoor)
        icon = L.DivIcon(
            html=(
                f'<div style="background:{colour};color:#fff;border:1px solid #000;'
                "border-radius:50%;width:22px;height:22px;line-height:22px;text-align:center;"
                f'font:bold 12px sans-serif">{i}</div>'
            ),
            icon_size=[22, 22], icon_anchor=[11, 11],
        )  # fmt: skip
        marker = L.Marker(location=list(stop.point), icon=icon, draggable=False, title=stop.name)
        marker.popup = w.HTML(f"{i}. {stop.name} {_hhmm(stop.start)}–{_hhmm(stop.end)}")
        m.add(marker)
    return m


def _zoom(lat_span: float, lon_span: float, width_px: int = 800, height_px: int = 420) -> int:
    """The largest web-map zoom at which the spans fit ``width_px`` × ``height_px`` (256 px
    tiles; latitude scaled by about 1/cos(27.5°) at Brisbane), between 9 and 16."""
    by_lon = math.log2(width_px / 256 * 360 / max(lon_span, 1e-6))
    by_lat = math.log2(height_px / 256 * 360 * 0.887 / max(lat_span, 1e-6))
    return max(9, min(16, int(min(by_lon, by_lat))))


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"
