"""Whole-page screenshots of the playground app and the visual report, with headless Chromium.

    make screenshots            (scripts/screenshots.sh runs this after installing chromium)
    python scripts/screenshots.py [OUT_DIR]      default build/screenshots

Writes, each a full page (not cut at a window height):

* ``app_after_plan.png`` – the app (``scripts/app.sh`` on a free loopback port) after planning
  the wet-weather request from its form;
* ``app_bad_input.png`` – the same page after a bad time of day;
* ``report_complete.png``, ``report_needs_clarification.png``, ``report_no_feasible_plan.png``,
  ``report_rejected.png`` – the HTML that ``python -m dayplan plan CASE --html FILE`` writes;
* ``map_offline.png`` – the report's offline map on its own.

Every PNG is checked with ``trivial()`` (size, dimensions, not mostly one colour); the script
exits 1 naming any that fails. Chromium is Debian's ``/usr/bin/chromium`` driven by Playwright;
requests to anything but loopback are aborted, so map tiles stay blank.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
PIN = "2026-11-29T09:00:00+10:00"
REPORTS = {
    "complete": ["wet_weather_family"],
    "needs_clarification": ["missing_essentials"],
    "no_feasible_plan": ["lone_pine_over_budget"],
    "rejected": ["wet_weather_family", "--model", "faulty:skip_validation"],
}


def trivial(path: Path, *, min_bytes: int = 8_000, min_side: int = 300) -> str | None:
    """Why the PNG at ``path`` is not a real screenshot (``None`` when it is): too small a file,
    too small a picture, or one colour covering more than 97 % of it."""
    from PIL import Image

    if not path.is_file():
        return "missing"
    if path.stat().st_size < min_bytes:
        return f"only {path.stat().st_size} bytes"
    img = Image.open(path).convert("RGB")
    if img.width < min_side or img.height < min_side:
        return f"only {img.width}×{img.height} px"
    small = img.resize((max(1, img.width // 4), max(1, img.height // 4)))
    colours = small.getcolors(maxcolors=1 << 20) or []
    top = max((n for n, _ in colours), default=0)
    share = top / (small.width * small.height)
    if share > 0.97 or len(colours) < 8:
        return f"{share:.0%} one colour, {len(colours)} colours"
    return None


def only_loopback(route) -> None:
    """A Playwright route handler: let loopback and local files through, abort the rest."""
    url = route.request.url
    host = urlparse(url).hostname
    if url.startswith(("file:", "data:")) or host in ("127.0.0.1", "localhost"):
        route.continue_()
    else:
        route.abort()


def launch(playwright, profile: Path):
    """A persistent Chromium context with a fresh profile, loopback only."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True, args=ARGS,
        viewport={"width": 1280, "height": 900},
    )  # fmt: skip
    context.route("**/*", only_loopback)
    return context


def write_reports(out: Path) -> list[Path]:
    """The HTML report of each status (and a rejected run), exactly as ``python -m dayplan plan
    CASE --html FILE`` writes it, as files in ``out``. Call it outside a running event loop."""
    import json

    sys.path.insert(0, str(ROOT))
    from dayplan.contract import PlanRequest
    from dayplan.service.run import plan
    from dayplan.ui.report_view import run_html

    pages = []
    for name, args in REPORTS.items():
        case = json.loads((ROOT / "cases" / f"{args[0]}.json").read_text(encoding="utf-8"))
        model = args[2] if len(args) > 2 else "offline"
        run = plan(PlanRequest.model_validate(case["request"]), model=model)
        page = out / f"report_{name}.html"
        page.write_text(run_html(run, full_page=True), encoding="utf-8")
        pages.append(page)
    return pages


def shoot_pages(context, pages: list[Path]) -> list[Path]:
    """A full-page PNG beside each HTML file in ``pages``."""
    shots = []
    for page_file in pages:
        page = context.new_page()
        page.goto(page_file.resolve().as_uri())
        page.wait_for_load_state("load")
        png = page_file.with_suffix(".png")
        page.screenshot(path=str(png), full_page=True)
        page.close()
        shots.append(png)
    return shots


def write_map(out: Path) -> Path:
    """The offline map of the wet-weather plan as ``map_offline.png`` (call it outside any
    running event loop: it plans with ``dayplan.service.run.plan``)."""
    import json

    sys.path.insert(0, str(ROOT))
    from dayplan.contract import PlanRequest
    from dayplan.service.run import plan
    from dayplan.ui.report_view import map_png

    case = json.loads((ROOT / "cases" / "wet_weather_family.json").read_text(encoding="utf-8"))
    run = plan(PlanRequest.model_validate(case["request"]))
    path = out / "map_offline.png"
    path.write_bytes(map_png(run.report, run.request, run.steps) or b"")
    return path


def field(page, label: str, kind: str = "input"):
    """The input of the ipywidgets field whose description is ``label``."""
    return page.locator(f'.widget-inline-hbox:has(> label:text-is("{label}")) {kind}').first


def whole_page(page, path: Path) -> Path:
    """A screenshot of the whole page. Voila's template scrolls inside an element, not the
    document, so the viewport is first made as tall as the tallest scrolling content."""
    height = page.evaluate(
        "() => Math.max(document.documentElement.scrollHeight, "
        "...Array.from(document.querySelectorAll('*')).map(e => e.scrollHeight))"
    )
    width = page.viewport_size["width"]
    page.set_viewport_size({"width": width, "height": min(int(height) + 40, 16_000)})
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size({"width": width, "height": 900})
    return path


def plan_in_app(page, url: str, out: Path) -> list[Path]:
    """Open the app, plan the wet-weather request, shoot; type a bad time, shoot."""
    page.goto(url)
    page.get_by_role("button", name="Plan", exact=True).wait_for(timeout=60_000)
    field(page, "Pin 'today'").fill(PIN)
    field(page, "Free text", "textarea").fill(
        "Plan my Saturday in Brisbane for the family, AUD 100, no leg over 30 minutes, nap "
        "13:00-14:00, museums or indoor play"
    )
    field(page, "Children").fill("2")
    page.keyboard.press("Tab")
    page.get_by_role("button", name="Plan", exact=True).click()
    page.locator(".dp-badge").wait_for(timeout=60_000)
    page.wait_for_timeout(500)  # the map widget lays itself out
    after = whole_page(page, out / "app_after_plan.png")
    field(page, "Leave at").fill("9.30")
    page.keyboard.press("Tab")
    page.get_by_role("button", name="Plan", exact=True).click()
    page.locator(".dp-form-error").wait_for(timeout=30_000)
    bad = whole_page(page, out / "app_bad_input.png")
    return [after, bad]


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_app(log: Path) -> tuple[subprocess.Popen, str]:
    """``scripts/app.sh`` on a free port; returns once its kernel is preheated."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if "API_KEY" not in k}
    env.update(DAYPLAN_MODE="offline", PORT=str(port))
    handle = log.open("wb")
    proc = subprocess.Popen(
        ["bash", str(ROOT / "scripts" / "app.sh")], cwd=ROOT, env=env, stdout=handle,
        stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    deadline = time.time() + 120
    while "Kernel pool of playground.ipynb is filled" not in log.read_text(errors="replace"):
        if proc.poll() is not None or time.time() > deadline:
            raise RuntimeError("the app did not start:\n" + log.read_text(errors="replace")[-2000:])
        time.sleep(0.3)
    return proc, f"http://127.0.0.1:{port}/"


def main(argv: list[str]) -> int:
    """Shoot everything into ``argv[0]`` (default ``build/screenshots``); 1 if any is trivial."""
    import signal

    from playwright.sync_api import sync_playwright

    out = Path(argv[0] if argv else ROOT / "build" / "screenshots")
    out.mkdir(parents=True, exist_ok=True)
    shots = [write_map(out)]
    pages = write_reports(out)
    proc, url = serve_app(out / "voila.log")
    try:
        with sync_playwright() as p:
            context = launch(p, out / "chromium-profile")
            shots += plan_in_app(context.new_page(), url, out) + shoot_pages(context, pages)
            context.close()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)
    bad = 0
    from PIL import Image

    for shot in shots:
        why = trivial(shot)
        size = Image.open(shot).size if why is None else ("?", "?")
        print(f"{'FAIL' if why else 'wrote'} {shot.relative_to(out.parent)} "
              f"{size[0]}×{size[1]} px {shot.stat().st_size if shot.exists() else 0} bytes"
              + (f": {why}" if why else ""))  # fmt: skip
        bad += why is not None
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
