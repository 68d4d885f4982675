"""A request the server does not take, with the HTTP status and the reason it sends back."""

from __future__ import annotations


class Refused(Exception):
    """Not stored: STATUS (4xx or 5xx) and REASON, one line that says what to do."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
