"""Entry script of the frozen app (PyInstaller needs a script, not a ``module:function``).

``freeze_support`` lets a frozen executable act as a multiprocessing worker when the app ever
starts one (the CLI's simulations use a process pool); it does nothing otherwise.
"""

import multiprocessing
import sys

from tabletop.app.main import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
