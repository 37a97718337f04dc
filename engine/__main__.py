"""``python -m engine``: see engine/cli.py."""

from engine.cli import main

raise SystemExit(main())
