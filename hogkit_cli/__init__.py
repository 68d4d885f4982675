"""The ``hogkit`` command line, over the engine (:mod:`hogkit`) and the grader (:mod:`graders`).

It is a package of its own, above both: the engine never imports the grader, and the grader
never imports the command line.
"""
