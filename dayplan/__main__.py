"""``python -m dayplan``: see ``dayplan.cli``."""

import sys

from dayplan.cli import main

sys.exit(main())
