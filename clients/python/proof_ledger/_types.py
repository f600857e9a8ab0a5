"""Typed shapes of what the library returns (TypedDicts: plain dicts at run time, checked by type checkers)."""
from __future__ import annotations

from typing import Any, List, Literal, NotRequired, Optional, TypedDict, Union


class Check(TypedDict):
    name: str  # "<part>.<check>": record.signature, items[2].log.inclusion, seal.head.quorum, bundle.count, keys.domain
    ok: bool
    detail: str
    skipped: NotRequired[bool]  # not checked, and nothing the verdict rests on (a pending log block, time without roots)


class Signer(TypedDict):
    key_id: str
    public_key: str
    published_for: Optional[str]
    log_origin: Optional[str]


class VerifyResult(TypedDict):
    """The one result every verifier gives (docs/verification.md "The result")."""
    valid: bool
    trust: str  # file, keys or policy: what the signatures were checked against
    complete: bool  # false while a log block or head is pending or missing
    sandbox: bool  # a sandbox tenant's record
    checks: List[Check]
    existed_no_later_than: Optional[str]  # earliest genTime of a token verified to the TSA roots given (RFC 3339)
    witnessed_by: List[str]  # key names of the policy witnesses whose cosignatures count
    kind: str  # event_proof, ai_proof, document_proof, audit_event, trace_bundle, unknown
    signer: Optional[Signer]
    unsigned: List[str]  # fields no signature covers (shown, never vouched for)


VerifyReport = VerifyResult


class EventCreated(TypedDict):
    event_id: str
    ingested_at: str


class WebhookEventBatch(TypedDict):
    """An audit stream's delivery of events (construct_event)."""
    type: Literal["events"]
    stream_id: str
    org_id: str
    events: List[dict]


class WebhookCheckpoint(TypedDict):
    """A signed checkpoint of the org's log, delivered after the events it covers (construct_event)."""
    type: Literal["checkpoint"]
    organization_id: str
    tree_size: int
    root_hash: str
    checkpoint: str


WebhookDelivery = Union[WebhookEventBatch, WebhookCheckpoint]


class Page(TypedDict, total=False):
    events: List[dict]
    page: int
    limit: int
    total: int
    has_more: bool
    next_cursor: Optional[str]


JSON = Any
