"""Regenerate ``dayplan/core/_holiday_table.py``, the public holidays the planner's own
calendars need (``core.holiday_calendar.holiday_dates``), from the installed python-holidays:
run it after upgrading python-holidays (the table is used only with the version it names) or
to add a pair or years.

    PYTHONPATH=$PWD .venv/bin/python scripts/write_holiday_table.py
"""

import subprocess
import sys
from pathlib import Path

from dayplan.core.holiday_calendar import write_table

PAIRS = [("AU", "QLD"), ("AU", None)]
"""Queensland (the catalogue's venues and the reader's named holidays) and Australia's national
calendar (venues without a subdivision)."""
YEARS = range(2015, 2051)

if __name__ == "__main__":
    target = Path(__file__).resolve().parent.parent / "dayplan" / "core" / "_holiday_table.py"
    n = write_table(target, PAIRS, YEARS)
    subprocess.run([sys.executable, "-m", "ruff", "format", "-q", str(target)], check=False)
    print(
        f"{n} holidays of {len(PAIRS)} calendars, {YEARS.start}-{YEARS.stop - 1}, written to {target}"
    )
