"""The playground app end to end in a real browser: Voila serves ``app/playground.ipynb`` on
loopback (started by ``scripts/app.sh``, the script ``make app`` runs) and headless Chromium
(Debian's ``chromium``, driven by Playwright; no browser download) fills the form, presses Plan,
sees the status badge, the itinerary, "What I read from your request" (readings with their
quotes), the tool path and the map, then types a bad time and sees the one-sentence error.

Skipped only when ``/usr/bin/chromium`` is missing and ``CI`` is not set (``.ci/run`` installs
it via ``.ci/chromium.sh`` and sets ``CI``). Every request the page makes to anything but the
loopback server is aborted (map tiles included), so the test never touches the network.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest
from PIL import Image

from tests.servers import ROOT, free_port, start
from tests.test_screenshots import shots

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
CULL_IDLE = 20  # seconds a kernel may sit idle before Voila culls it (tests only)
PIN = "2026-11-29T09:00:00+10:00"  # a Sunday: "Saturday" is 2026-12-05, as in the cases

if not CHROMIUM.exists():
    if os.environ.get("CI"):
        raise RuntimeError("CI: /usr/bin/chromium is missing; .ci/chromium.sh installs it")
    pytest.skip(
        "Debian's chromium is not installed (apt-get install -y chromium)", allow_module_level=True
    )

from playwright.sync_api import expect, sync_playwright  # noqa: E402


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    port = free_port()
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    server = start(
        ["bash", str(ROOT / "scripts" / "app.sh")],
        f"http://127.0.0.1:{port}",
        None,  # no readiness request: every GET of the page takes a pooled kernel
        log,
        timeout=120,
        # a page must connect to its preheated kernel before the cull: 20 s leaves room on a
        # loaded machine (at 6 s pages were left on "Loading widget..." with the kernel culled)
        env_extra={"PORT": str(port), "CULL_IDLE": str(CULL_IDLE), "CULL_INTERVAL": "2"},
        ready_log="Kernel pool of playground.ipynb is filled",
    )
    print(f"\nvoila preheated its kernel {server.started_s:.1f} s after start")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser_context(tmp_path_factory):
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), headless=True, args=ARGS,
            viewport={"width": 1280, "height": 900},
        )  # fmt: skip
        blocked: list[str] = []

        def only_loopback(route):
            host = urlparse(route.request.url).hostname
            if host in ("127.0.0.1", "localhost"):
                return route.continue_()
            blocked.append(route.request.url)
            return route.abort()

        context.route("**/*", only_loopback)
        context.blocked = blocked  # type: ignore[attr-defined]
        yield context
        context.close()


def field(page, label: str, kind: str = "input"):
    """The input of the ipywidgets field whose description is ``label``."""
    return page.locator(f'.widget-inline-hbox:has(> label:text-is("{label}")) {kind}').first


def open_app(context, url: str) -> tuple[object, float]:
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(url)
    expect(page.get_by_role("button", name="Plan", exact=True)).to_be_visible(timeout=60_000)
    return page, time.perf_counter() - t0


def test_plan_in_the_browser_then_a_bad_time(voila, browser_context, tmp_path):
    page, first = open_app(browser_context, voila.url + "/")
    body = page.locator("body").inner_text()
    assert "dayplan playground" in body and "Plan my day" in body
    for lesson in ("NBVAL", "importable", "Your turn", "your turn", "Next:", "Exercise"):
        assert lesson not in body, lesson  # the playground only, no lesson cells

    field(page, "Pin 'today'").fill(PIN)
    field(page, "Free text", "textarea").fill(
        "Rainy day with the kids, museums please; the baby naps 1-2pm"
    )
    field(page, "Children").fill("2")
    field(page, "Budget").fill("80")
    page.keyboard.press("Tab")
    page.get_by_role("button", name="Plan", exact=True).click()

    badge = page.locator(".dp-badge")
    expect(badge).to_have_text("Complete", timeout=60_000)
    expect(page.locator(".dp-head")).to_contain_text("2026-12-05")
    rows = page.locator("table.dp-itinerary tr")
    assert rows.count() >= 4  # header, at least one stop, home, total
    itinerary = page.locator("table.dp-itinerary").inner_text()
    assert "home" in itinerary and "Total" in itinerary and "min travelling" in itinerary
    assert "src-" in itinerary  # every stop cites the search result it came from
    expect(page.get_by_text("Done", exact=False).first).to_be_visible()
    reading = page.locator(".dp-reading")  # "What I read from your request", with quotes
    expect(reading.locator("h3")).to_have_text("What I read from your request")
    read = [
        [c.strip() for c in row.split("\t")]
        for row in reading.locator("table.dp-readings tr").all_inner_texts()[1:]
    ]
    assert ["rain", "all_day", "“Rainy day”"] in read
    assert ["preference", "museums", "“museums”"] in read
    assert any(r[0] == "blocked" and r[1].startswith("13:00–14:00") for r in read), read
    assert [r[2] for r in read if r[0] == "blocked"] == ["“naps 1-2pm”"]
    assumed = reading.locator("ul.dp-assumed li").all_inner_texts()
    assert "Saturday resolved to 2026-12-05" in assumed
    trace = page.locator(".dp-trace").inner_text()
    assert "check_plan ✓ passed" in trace and "finish ✓" in trace
    progress = page.locator(".jupyter-widgets-output-area, .widget-output").first.inner_text()
    assert "resolve_date ✓" in progress
    assert page.locator("img.dp-chart[alt='stops and legs on the offline map']").count() == 1
    expect(page.locator(".leaflet-container")).to_be_visible()
    assert any("tile.openstreetmap.org" in u for u in browser_context.blocked)
    shot = shots.whole_page(page, tmp_path / "app_after_plan.png")  # as `make screenshots` does
    assert shots.trivial(shot) is None and Image.open(shot).size[1] > 2000

    field(page, "Leave at").fill("9.30")
    page.keyboard.press("Tab")
    page.get_by_role("button", name="Plan", exact=True).click()
    error = page.locator(".dp-form-error")
    expect(error).to_be_visible(timeout=30_000)
    message = error.inner_text().strip()
    assert message == "Leave at: '9.30' is not a time of day as HH:MM (e.g. 09:30)."
    assert page.locator(".dp-badge").count() == 0  # the old report is gone
    page.close()

    again, second = open_app(browser_context, voila.url + "/")
    print(f"playground page: first load {first:.2f} s, next load {second:.2f} s (preheated kernel)")
    again.close()


def test_a_nap_at_home_shows_in_the_playground_with_both_legs(voila, browser_context):
    page, _ = open_app(browser_context, voila.url + "/")
    field(page, "Pin 'today'").fill(PIN)
    field(page, "Children").fill("1")
    field(page, "Blocked", "textarea").fill("12:00-13:30 nap in the cot at home")
    field(page, "Must-do", "textarea").fill(
        "Queensland Museum, 90, qld-museum-kurilpa\nGOMA, 90, gallery-of-modern-art"
    )
    page.keyboard.press("Tab")
    page.get_by_role("button", name="Plan", exact=True).click()
    expect(page.locator(".dp-badge")).to_have_text("Complete", timeout=60_000)
    rows = page.locator("table.dp-itinerary tr").all_inner_texts()
    (at,) = [i for i, r in enumerate(rows) if "at home" in r]
    home = rows[at]
    assert "12:00–13:30" in home and "nap in the cot" in home
    leg_home = re.search(r"leg home: (\d+) min by car from (.+?), (\d\d:\d\d) → (\d\d:\d\d)", home)
    leg_out = re.search(r"leg out: (\d+) min by car to (.+?), (\d\d:\d\d) → (\d\d:\d\d)", home)
    assert leg_home and leg_out, home
    before, after = rows[at - 1], rows[at + 1]
    assert leg_home.group(2) in before and leg_home.group(3) in before  # leaves the stop before
    assert leg_out.group(2) in after and leg_out.group(4) in after  # arrives at the stop after
    assert int(leg_home.group(1)) > 0 and int(leg_out.group(1)) > 0
    assert leg_home.group(4) <= "12:00" and leg_out.group(3) >= "13:30"
    assert page.locator("img.dp-chart[alt='timeline of the day']").count() == 1
    page.close()


def test_idle_kernels_are_culled(voila, browser_context):
    page, _ = open_app(browser_context, voila.url + "/")
    page.close()
    deadline = time.time() + CULL_IDLE + 30
    while time.time() < deadline and "Culling 'idle' kernel" not in voila.log_tail(50_000):
        time.sleep(1)
    log = voila.log_tail(50_000)
    assert f"Culling kernels with idle durations > {CULL_IDLE} seconds" in log
    culled = log.split("Culling 'idle' kernel", 1)[1].splitlines()[0]
    assert "seconds of inactivity" in culled
