"""HogKit: a teaching kit and autograder for the dice game Hog.

Data flows one way: rule spec (``variants/*.toml``) -> :class:`hogkit.variant.Variant` ->
generated kit (``hogkit.generate``) -> graded submission (``graders``). Importing this package
has no side effects.
"""

__version__ = "0.1.0"
