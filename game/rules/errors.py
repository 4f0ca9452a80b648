"""The answer to a command the rules refuse: why, in one line. The battle is unchanged."""


class IllegalCommand(ValueError):
    """A command that breaks the rules or the contract; its message says why."""
