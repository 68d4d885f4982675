"""How each problem of a kit is checked.

:mod:`hogkit.problems.specs` is the one place that says it (input domains, visible tests, hidden
sweeps, fuzzed properties, hints, the words the notebooks and the checker show); the bank, the
grader, the fuzzer and the notebooks all read it. Which problems a variant has, in which phase and
for how many points, is :mod:`hogkit.problem_layout`.
"""
