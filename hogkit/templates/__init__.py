"""Real Python sources of the parts of ``hog.py`` that no single rule owns.

These modules are read as text by :mod:`hogkit.generate` and never imported: their functions use
the names of the generated ``hog.py`` (``play``, ``take_turn``, ``GOAL_SCORE`` ...).
"""
