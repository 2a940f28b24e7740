"""Regenerate ``dayplan/reading/_needles.py``, the needle table of the reader's patterns
(``dayplan.reading.prefilter``): run it after changing a pattern of ``dayplan/reading``. A
pattern missing from the table is derived on its first use instead (slower start, same result).

    PYTHONPATH=$PWD .venv/bin/python scripts/write_needles.py
"""

from pathlib import Path

from dayplan.reading.prefilter import write_table

if __name__ == "__main__":
    target = Path(__file__).resolve().parent.parent / "dayplan" / "reading" / "_needles.py"
    print(f"{write_table(str(target))} patterns written to {target}")
