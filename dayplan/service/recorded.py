"""Save a recorded run: the exchanges a ``Recorder`` saw plus what is needed to replay it.

``recording.json`` gets the recorded model names and request-shaping settings
(``dayplan.agent.replay.RECORDED_SETTINGS``; never a secret), the backend, run id, pinned "now"
and the request; ``served.json`` the served report exactly as ``model_dump_json(indent=1)``
writes it (or ``{"rejected": {rule, detail}}``); ``calls/`` every HTTP exchange.
"""

from __future__ import annotations

import json
from pathlib import Path

from dayplan.agent.replay import recorded_settings
from dayplan.config import Settings
from dayplan.recording import Recorder


def save_recording(recorder: Recorder, directory: Path, run, settings: Settings) -> Path:
    """Write ``run`` (a ``PlanRun``) recorded by ``recorder`` into ``directory``."""
    meta = {
        "model": run.model,
        "backend": settings.backend,
        "run_id": run.run_id,
        "now": run.state.get("now"),
        "request": run.request.model_dump(mode="json", exclude_none=True),
        "settings": recorded_settings(settings),
        "status": run.report.status if run.report else None,
        "tool_path": [s.tool for s in run.steps],
    }
    if run.report is not None:
        served = json.loads(run.report.model_dump_json())
    else:
        rule = run.error.rule if run.error else "boundary"
        served = {"rejected": {"rule": rule, "detail": run.error.detail if run.error else ""}}
    recorder.save(directory, meta, served)
    if run.report is not None:  # the exact bytes a replay must reproduce
        (directory / "served.json").write_text(
            run.report.model_dump_json(indent=1) + "\n", encoding="utf-8"
        )
    return directory
