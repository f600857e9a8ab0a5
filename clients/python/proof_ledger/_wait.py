"""Waiting for evidence: whether a proof, bundle or audit event carries its log checkpoint (and the published head
containing it), and the poll that asks again, never sooner than the appliance's Retry-After, until it does."""
from __future__ import annotations

import time
from typing import Any, Callable

from ._transport import Transport
from .errors import ProofLedgerError

__all__ = ["DEFAULT_WAIT", "WAITS", "evidence_reached", "poll_evidence", "still_sealing"]

#: Seconds a wait lasts by default: a head is published every minute by default.
DEFAULT_WAIT = 120.0
#: What a wait can be for: "checkpoint", a signed checkpoint of the record's log covers it (the proof's `log` block);
#: "head", that checkpoint is also in a published head of the head log (the block's `head`).
WAITS = ("checkpoint", "head")
# Polls start this far apart and double up to _MAX_POLL: a checkpoint comes every few seconds by default.
_FIRST_POLL = 0.5
_MAX_POLL = 5.0


def _log_blocks(doc: Any) -> list[Any]:
    """Every `log` block of a document: a record proof's or audit event's own, a bundle's items' and its seal's."""
    if not isinstance(doc, dict):
        return [None]
    if isinstance(doc.get("items"), list) and isinstance(doc.get("seal"), dict):
        return [i.get("log") if isinstance(i, dict) else None for i in doc["items"]] + [doc["seal"].get("log")]
    return [doc.get("log")]


def _signed(block: Any) -> bool:
    # docs/verification.md#12-the-transparency-log: a block is {status: "pending"} until a checkpoint covers the
    # record, then carries `checkpoint`; its `head` is {status: "pending"} until the head containing it is published.
    return isinstance(block, dict) and block.get("status") != "pending" and isinstance(block.get("checkpoint"), str)


def evidence_reached(doc: Any, wait: str) -> bool:
    """Whether every log block of `doc` has reached `wait` ("checkpoint" or "head").

    A sandbox record's block has no "head" at all (no head ever covers a sandbox log, docs/api.md#sandbox-tenants):
    its checkpoint is all the evidence it will get.
    """
    return all(
        _signed(b) and (wait == "checkpoint" or "head" not in b or _signed(b.get("head"))) for b in _log_blocks(doc)
    )


def still_sealing(e: ProofLedgerError) -> bool:
    """A bundle asked for before its trace is sealed: 409 trace_not_sealed, to be asked again."""
    return e.code == "trace_not_sealed"


def poll_evidence(t: Transport, path: str, wait: str | None, timeout: float | None, auth: bool = True,
                  not_yet: Callable[[ProofLedgerError], bool] = lambda e: False, deadline: float | None = None) -> Any:
    """GET `path` until its document has reached `wait` (answered at once when `wait` is None). `not_yet` names errors
    meaning "ask again later". Between polls: the answer's Retry-After when it has one, else a backoff from 0.5 s
    doubling to 5 s. Past `timeout` seconds: ProofLedgerError `wait_timeout` whose body is the last document seen."""
    if wait is None:
        return t.call("GET", path, auth=auth).body
    if wait not in WAITS:
        raise ValueError(f"wait must be one of {WAITS}, not {wait!r}")
    end = deadline if deadline is not None else time.monotonic() + (DEFAULT_WAIT if timeout is None else timeout)
    last: Any = None
    step = _FIRST_POLL
    while True:
        try:
            r = t.call("GET", path, auth=auth)
            last = r.body
            if evidence_reached(r.body, wait):
                return r.body
            asked = r.retry_after
        except ProofLedgerError as e:
            if not not_yet(e):
                raise
            asked = e.retry_after
        # Never sooner than the appliance asked: when that is past the deadline, the wait is over now.
        left = end - time.monotonic()
        if left <= 0 or (asked is not None and asked > left):
            raise ProofLedgerError("wait_timeout", 0, f"{path}: no {wait} evidence before the wait ran out", None, last)
        t.sleep(min(max(step, asked or 0), left))
        step = min(step * 2, _MAX_POLL)
