"""Everything that judges student code: a sandbox for the child, the runner, fuzzing and reports.

Nothing here runs on import; see :func:`graders.runner.grade_copy` for one copy and
:func:`graders.batch.grade_batch` for a whole class.
"""
