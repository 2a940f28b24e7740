"""The Plan button inside a real kernel: a click arrives as a comm message, the callback is
synchronous, and the run must be scheduled on the kernel's running event loop."""

from __future__ import annotations

import os
import time

from jupyter_client.manager import start_new_kernel

from tests.conftest import ROOT

SETUP = """
from dayplan.ui.form import build_form, request_to_values
from dayplan.cli import load_request
form = build_form(request_to_values(load_request("wet_weather_family")[0]))
print(form.button.model_id)
"""
REPORT = (
    "print(form.last.run.report.status if form.last else 'pending', len(form.progress.outputs))"
)


def _run(kc, code: str) -> str:
    msg_id = kc.execute(code)
    text = []
    while True:
        msg = kc.get_iopub_msg(timeout=60)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "stream":
            text.append(msg["content"]["text"])
        if msg["msg_type"] == "error":
            raise AssertionError(msg["content"]["evalue"])
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return "".join(text).strip()


def test_click_in_a_kernel_runs_the_plan_on_its_loop():
    km, kc = start_new_kernel(
        kernel_name="python3", cwd=str(ROOT), env={**os.environ, "PYTHONPATH": str(ROOT)}
    )
    try:
        button = _run(kc, SETUP)
        click = {"comm_id": button, "data": {"method": "custom", "content": {"event": "click"}}}
        kc.shell_channel.send(kc.session.msg("comm_msg", click))
        deadline = time.monotonic() + 60
        while (seen := _run(kc, REPORT)).startswith("pending") and time.monotonic() < deadline:
            time.sleep(0.3)
        assert seen == "complete 7"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
