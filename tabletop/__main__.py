"""``python -m tabletop`` starts the desktop app."""

import sys

from tabletop.app.main import main

sys.exit(main())
