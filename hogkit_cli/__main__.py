"""``python -m hogkit_cli``: the ``hogkit`` command."""

import sys

from hogkit_cli.main import main

sys.exit(main())
