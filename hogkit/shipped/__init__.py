"""Support files copied unchanged into every generated kit (``dice.py``, ``ucb.py``, ...).

They are importable here so that the engine rolls the very same dice that students use.
"""
