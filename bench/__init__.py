"""Measurements of HogKit (``python bench/<name>.py``): they print figures and assert nothing, and
the tests never run them."""
