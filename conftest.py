"""Process-wide, before anything is collected: the test run (and every notebook kernel nbval
starts, which inherits this environment) holds no live credentials and runs offline, whatever
the developer's shell exports. Tests that need a key set a fake one with monkeypatch."""

from __future__ import annotations

import os

from dayplan.config import offline_env

_clean = offline_env(dict(os.environ))
for _name in set(os.environ) - set(_clean):
    del os.environ[_name]
os.environ.update(_clean)
