"""Typed shapes of what the library returns (TypedDicts: plain dicts at run time, checked by type checkers)."""
from __future__ import annotations

from typing import Any, List, Literal, NotRequired, Optional, TypedDict, Union


class Check(TypedDict):
    item: str  # which record of the document: "event <id>", "item 2 (document <id>)", "seal", "bundle", "keys"
    name: str  # the check: signature, key_id, canonical, record_kind, fields, log_inclusion, head_signature, quorum...
    ok: bool
    detail: str
    skipped: NotRequired[bool]  # not checkable from this document (e.g. a pending log block); never fails it


class Signer(TypedDict):
    key_id: str
    public_key: str
    published_for: Optional[str]
    log_origin: Optional[str]


class VerifyReport(TypedDict):
    valid: bool
    kind: str  # event_proof, ai_proof, document_proof, audit_event, trace_bundle, unknown
    checks: List[Check]
    existed_no_later_than: Optional[str]  # earliest gen_time of the RFC 3161 tokens that count (RFC 3339)
    witnessed_by: List[str]  # key names of the policy witnesses whose cosignatures verified
    unsigned: List[str]  # fields no signature covers (shown, never vouched for)
    checkpoint: NotRequired[dict]
    signer: NotRequired[Signer]


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
