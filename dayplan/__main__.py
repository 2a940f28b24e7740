"""``python -m dayplan``: see ``dayplan.cli``.

Start-up without the cyclic garbage collector: the modules a command loads (ADK, google-genai,
pydantic's models and the planner's own, about 200,000 tracked objects for ``plan``) are
long-lived and hold few cycles that ever become garbage, yet each full collection walks all of
them again, while they load and again when the process exits (about 30% of a ``plan``
start's CPU time). So the collector is off while they load; then ``gc.freeze`` moves
everything loaded into the permanent generation, which collections skip, and the collector is
switched on for the run itself: what a run allocates is collected as before. ``plan`` loads the modules of
its run (``dayplan.service.run``) before the freeze; other commands load theirs as they run.
Only this entry point does it; ``dayplan.cli.main`` called in a process of its own (notebooks,
tests, the service) leaves that process's collector alone. ``bench floor`` starts its bare ADK
loop the same way (``dayplan/benchmarks/_bare_loop.py``), so the ratio compares the code.
"""

import gc
import sys

gc.disable()

from dayplan.cli import main  # noqa: E402 (loaded with the collector off)

if sys.argv[1:2] == ["plan"]:
    import dayplan.service.run  # noqa: E402, F401 (what a plan run needs, loaded before the freeze)
gc.freeze()
gc.enable()

sys.exit(main())
