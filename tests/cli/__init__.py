"""The command line: bad input, the instructor's workflow, a fresh semester end to end."""
