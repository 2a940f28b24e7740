"""Make the committed recording dayplan/data/recordings/wet_weather_family/ from recorded-shape
fixtures: ``python -m dayplan plan wet_weather_family --live --record DIR``, run exactly as an
instructor would, except that respx answers Gemini's HTTP calls with responses in the real
API's wire format (tests/live_shapes.py: ``wet_weather_api``) instead of the network.

    PYTHONPATH=$PWD .venv/bin/python scripts/record_wet_weather.py [DIR]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import respx

from dayplan.cli import main
from tests import live_shapes as shapes

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "dayplan" / "data" / "recordings" / "wet_weather_family"


def record(folder: Path) -> int:
    """Record the wet-weather run into ``folder``; the CLI's exit code."""
    os.environ.update(GOOGLE_API_KEY=shapes.FAKE_KEY, DAYPLAN_MODE="live")
    for name in ("GOOGLE_GENAI_USE_VERTEXAI", "GOOGLE_GENAI_USE_ENTERPRISE"):
        os.environ.pop(name, None)
    with respx.mock(assert_all_called=False) as mock:
        mock.post(url__regex=shapes.GENERATE_URL).mock(side_effect=shapes.wet_weather_api)
        return main(["plan", "wet_weather_family", "--live", "--record", str(folder), "--json"])


if __name__ == "__main__":
    sys.exit(record(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT))
