"""The course server (``hogkit serve``): a class's submissions and backups, kept and graded on arrival.

A layer above the grader and below the command line: the web app and its pages (:mod:`.web`), the
store (:mod:`.models`, Alembic migrations in ``migrations/``, :mod:`.store`), the archives' files
(:mod:`.blobs`), the grading queue's tasks (:mod:`.queue`, :mod:`.grading`), the roster and its
tokens (:mod:`.identity`).
"""
