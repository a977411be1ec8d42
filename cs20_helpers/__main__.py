"""``python -m cs20_helpers ...``: the course's command line, in ``cs20_helpers.tools.cli``."""

import sys

from cs20_helpers.tools.cli import main

if __name__ == "__main__":
    sys.exit(main())
