"""The shipped files (the student's tools), run in built kits."""
