"""Write ``cs20_helpers/data/fire_theft.xls``, the course's fire-and-theft spreadsheet, from
a CSV.

The course read this data with xlrd from an ``.xls`` file: one sheet named "Sheet 1", a header
row ``X``, ``Y`` and 42 numeric rows (X = fires per 1000 housing units, Y = thefts per 1000
population, Chicago). xlrd 2.x reads only the legacy ``.xls`` format, which xlwt writes.

    python scripts/make_fire_theft_xls.py [CSV] [--out cs20_helpers/data/fire_theft.xls]

CSV defaults to ``../shared/data-facts/fire_theft.csv`` beside the checkout.
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

import xlwt

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "cs20_helpers" / "data"  # the bundled samples (package data)
DEFAULT_CSV = REPO.parent / "shared" / "data-facts" / "fire_theft.csv"


def read_rows(csv_path: Path) -> list[tuple[float, float]]:
    """Return the (X, Y) rows of the CSV, checking its header."""
    with open(csv_path, newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        header = next(reader)
        if [h.strip() for h in header] != ["X", "Y"]:
            raise ValueError(f"{csv_path}: expected header X,Y, got {header}")
        return [(float(x), float(y)) for x, y in reader]


def write_xls(rows: list[tuple[float, float]], out: Path) -> None:
    book = xlwt.Workbook()
    sheet = book.add_sheet("Sheet 1")
    sheet.write(0, 0, "X")
    sheet.write(0, 1, "Y")
    for i, (x, y) in enumerate(rows, start=1):
        sheet.write(i, 0, x)
        sheet.write(i, 1, y)
    out.parent.mkdir(parents=True, exist_ok=True)
    book.save(str(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", nargs="?", type=Path, default=DEFAULT_CSV)
    parser.add_argument("--out", type=Path, default=DATA / "fire_theft.xls")
    args = parser.parse_args()
    rows = read_rows(args.csv)
    if len(rows) != 42:
        raise SystemExit(f"{args.csv}: expected 42 rows, got {len(rows)}")
    write_xls(rows, args.out)
    print(f"wrote {args.out} ({len(rows)} rows, sum X = {sum(r[0] for r in rows):.1f}, "
          f"sum Y = {sum(r[1] for r in rows):.0f})")


if __name__ == "__main__":
    main()
