"""Entry script of the frozen app (PyInstaller needs a script, not a ``module:function``).

The bundle is the window only: the command line (``tabletop-cli``, whose simulations use a
process pool) is not in it, so the app never starts a process and needs no
``multiprocessing.freeze_support``; leaving multiprocessing out spares every start its import.
"""

import sys

from tabletop.app.main import main

if __name__ == "__main__":
    sys.exit(main())
