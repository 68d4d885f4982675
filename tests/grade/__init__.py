"""The grader: sandbox, isolation, grading, batches, Gradescope, contests."""
