"""The command line: play, replay, check, render and bench (python -m game, or `skirmish`)."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
