"""The one error type of the library: the API's code, the HTTP status, the message, Retry-After and the body."""
from __future__ import annotations

from typing import Any

__all__ = ["ProofLedgerError"]


class ProofLedgerError(Exception):
    """An error answer of the appliance (or a call that could not reach it).

    code: the API's `error` field (every code of docs/api.md's error table: `invalid_event_type`, `rate_limited`,
    ...); the framework's plain-text rejections (400/415/422) are `bad_request`; with status 0, a connection that
    failed on every attempt is `connection_error`, an attempt unanswered within the timeout or a trace not sealed
    within wait_sealed's timeout `timeout`, evidence waited for (wait=, wait_sealed) that did not come in time
    `wait_timeout` (body: the last proof seen), a key still `processing` after every wait, and a webhook delivery
    whose signature does not verify `invalid_signature` (construct_event). status: the HTTP status. retry_after: seconds from Retry-After, or None.
    body: the parsed JSON body, or the text when it was not JSON.
    """

    def __init__(self, code: str, status: int, message: str, retry_after: float | None = None, body: Any = None) -> None:
        super().__init__(f"{code} ({status}): {message}" if status else f"{code}: {message}")
        self.code = code
        self.status = status
        self.message = message
        self.retry_after = retry_after
        self.body = body

    def __repr__(self) -> str:
        return f"ProofLedgerError(code={self.code!r}, status={self.status}, message={self.message!r})"
