"""``make screenshots`` (scripts/screenshots.py): whole pages, checked not to be trivial.

The report pages and the map are shot here; the app page after a plan is shot by
``tests/test_app_browser.py`` (it already has Voila and Chromium running).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest
from PIL import Image

from tests.servers import ROOT

spec = importlib.util.spec_from_file_location("screenshots", ROOT / "scripts" / "screenshots.py")
shots = importlib.util.module_from_spec(spec)
spec.loader.exec_module(shots)


def test_trivial_rejects_blank_tiny_and_missing_images(tmp_path):
    blank = tmp_path / "blank.png"
    Image.new("RGB", (1280, 2000), "white").save(blank)
    assert "one colour" in shots.trivial(blank, min_bytes=0)
    tiny = tmp_path / "tiny.png"
    Image.effect_noise((120, 80), 64).convert("RGB").save(tiny)
    assert "px" in shots.trivial(tiny, min_bytes=0)
    assert shots.trivial(tmp_path / "nope.png") == "missing"


def test_the_offline_map_screenshot_is_a_picture(tmp_path):
    png = shots.write_map(tmp_path)
    assert shots.trivial(png) is None
    assert Image.open(png).size[0] > 700


@pytest.mark.skipif(
    not Path(shots.CHROMIUM).exists() and not os.environ.get("CI"),
    reason="Debian's chromium is not installed",
)
def test_every_report_status_is_shot_as_a_whole_page(tmp_path):
    from playwright.sync_api import sync_playwright

    pages = shots.write_reports(tmp_path)
    with sync_playwright() as p:
        context = shots.launch(p, tmp_path / "profile")
        pngs = shots.shoot_pages(context, pages)
        context.close()
    names = sorted(png.stem for png in pngs)
    assert names == [f"report_{s}" for s in sorted(shots.REPORTS)]
    for png in pngs:
        assert shots.trivial(png) is None, (png.name, shots.trivial(png))
    heights = {png.stem: Image.open(png).size[1] for png in pngs}
    assert heights["report_complete"] > 1200  # the whole page, not one window of it
    assert heights["report_no_feasible_plan"] > 1200
