"""The rules of each proof document (docs/verification.md sections 4-7, 11, 12, 15): event, AI and document proofs,
audit events and trace bundles, with their log and head blocks, and key pinning against a GET /keys/{domain} answer.
A second implementation, written from the specification, held to the same vectors as the appliance's own."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

from ._canonical import canonical_bytes, canonical_hash, canonical_json, sha256_hex
from ._logs import HeadResult, HeadTrust, LogResult, check_head_block, check_log_block, parse_time
from ._note import ed25519_verify, note_key_id
from ._util import MISSING, b64url_bytes, hex_bytes, is_index, is_obj, key_id_of, name, num_eq, short

Obj = dict[str, Any]


@dataclass
class Ctx:
    checks: list[Obj] = field(default_factory=list)
    keys: list[bytes] = field(default_factory=list)  # the domain's published keys (a checkpoint may use a newer one)
    trust: HeadTrust = field(default_factory=HeadTrust)
    demand_head: bool = False  # a policy or TSA roots were given: the record's own head must be there
    checkpoint: Obj | None = None
    head: HeadResult | None = None
    heads: list[tuple[str, Any, Any, bool]] = field(default_factory=list)  # (item, log checkpoint, head, keep), checked last

    def add(self, item: str, check: str, ok: bool, detail: str) -> bool:
        self.checks.append({"item": item, "name": check, "ok": bool(ok), "detail": detail})
        return bool(ok)

    def skip(self, item: str, check: str, detail: str) -> None:
        self.checks.append({"item": item, "name": check, "ok": True, "detail": detail, "skipped": True})


def _get(d: Any, k: str) -> Any:
    return d.get(k, MISSING) if is_obj(d) else MISSING


def _nn(v: Any) -> Any:
    """ECMAScript's `v ?? null`."""
    return None if v is MISSING else v


def _lower(v: Any) -> str | None:
    return v.lower() if isinstance(v, str) and v else None


# ---- signed records (section 4) ----

def _decode_signed(msg: bytes) -> tuple[Obj | None, str | None]:
    def no_constant(c: str) -> Any:
        raise ValueError(c)  # NaN and Infinity are not JSON

    try:
        v = json.loads(msg.decode("utf-8"), parse_constant=no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None, "not_json"
    return (v, None) if is_obj(v) else (None, "not_object")


def verify_signed(x: Ctx, item: str, r: Obj) -> Obj | None:
    """Public key, key_id, Ed25519 over the hex-decoded signed_payload, canonical form; the signed object or None."""
    pk = hex_bytes(_get(r, "public_key"), 32)
    if x.add(item, "public_key", pk is not None, "raw Ed25519 public key, 32 bytes" if pk else "public_key is not 64 hex characters") and pk:
        kid = key_id_of(pk)
        ok = kid == _get(r, "key_id")
        x.add(item, "key_id", ok, f"{kid} = first 16 hex of SHA-256(public key)" if ok else f"key_id {short(_get(r, 'key_id'))} but SHA-256(public key) starts {kid}")
    sig = hex_bytes(_get(r, "signature"), 64)
    msg = hex_bytes(_get(r, "signed_payload"))
    if sig is None:
        x.add(item, "signature", False, "signature is not 128 hex characters")
    elif msg is None:
        x.add(item, "signature", False, "signed_payload is not hex")
    elif pk:
        ok = ed25519_verify(pk, msg, sig)
        x.add(item, "signature", ok, f"Ed25519 signature valid over {len(msg)} signed bytes" if ok else "Ed25519 signature does not verify over signed_payload")
    if msg is None:
        return None
    signed, err = _decode_signed(msg)
    if err == "not_json":
        x.add(item, "canonical", False, "signed_payload is not UTF-8 JSON")
        return None
    if signed is None:
        x.add(item, "canonical", False, "signed_payload is not a JSON object")
        return None
    try:
        canon = canonical_bytes(signed) == msg
    except (TypeError, UnicodeEncodeError):
        canon = False
    x.add(item, "canonical", canon, "signed_payload is canonical JSON" if canon else "signed_payload is not in canonical form (key order, spacing or escapes)")
    return signed


KIND_FIELDS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    # name, fields copied when present, fields that default to null
    "ledger": ("ledger event", ("event_id", "event_type", "ingested_at", "payload_hash", "request_hash", "tenant_id"), ()),
    "ai": ("AI attestation", ("attestation_id", "tenant_id", "attestation_type", "payload_hash", "input_hash", "output_hash", "created_at"), ()),
    "document": ("document anchor", ("event_id", "tenant_id", "document_hash", "created_at"), ("document_ref", "metadata_hash")),
}


def check_kind(x: Ctx, item: str, kind: str, s: Obj) -> bool:
    """The signed object holds exactly the fields of its record kind, with v = 1."""
    label, fields, nullable = KIND_FIELDS[kind]
    rebuilt: Obj = {"v": 1, **{f: s[f] for f in fields if f in s}, **{f: s.get(f) for f in nullable}}
    ok = canonical_json(rebuilt) == canonical_json(s)
    return x.add(item, "record_kind", ok, f"signed payload is a v1 {label}" if ok else f"signed payload is not a v1 {label} (fields: {', '.join(sorted(s))})")


def check_fields(x: Ctx, item: str, pairs: list[tuple[str, Any, Any]]) -> bool:
    """Each (field, signed value, document value) agrees (compared as canonical JSON); a missing document value fails."""
    bad = [p for p in pairs if p[2] is MISSING or canonical_json(_nn(p[1])) != canonical_json(_nn(p[2]))]
    detail = f"{', '.join(p[0] for p in pairs)} agree with the signed payload" if not bad else "; ".join(
        f"{f}: signed {short(a)} vs document {'missing' if b is MISSING else short(b)}" for f, a, b in bad)
    return x.add(item, "fields", not bad, detail)


def check_claims(x: Ctx, item: str, claims: list[tuple[str, Any]]) -> None:
    """The server's own results carried in the document: they can only lower the verdict."""
    bad = [k for k, v in claims if v is not True]
    x.add(item, "reported", not bad, f"server reported {', '.join(k for k, _ in claims)} true" if not bad else f"server reported {', '.join(bad)} not true")


def check_algorithm(x: Ctx, item: str, algorithm: Any) -> None:
    x.add(item, "algorithm", algorithm == "ed25519", f"algorithm {short(algorithm)}")


# ---- logs (section 12) and heads (section 15) ----

@dataclass
class LogTarget:
    what: str
    expected: str
    test: Callable[[str], bool]


def _domain_of(v: Any) -> str | None:
    return v.lower() if isinstance(v, str) and v and "/" not in v else None


def _after_host(origin: str) -> str | None:
    i = origin.find("/")
    return origin[i + 1 :] if i > 0 else None


def tenant_log(domain: Any) -> LogTarget:
    d = _domain_of(domain)

    def test(o: str) -> bool:
        rest = _after_host(o)
        return bool(rest) and "/" not in rest and (d is None or rest.lower() == d)  # type: ignore[union-attr]

    return LogTarget("the tenant's log", f"<host>/{d or '<domain>'}", test)


def org_log(domain: Any, org_id: Any) -> LogTarget:
    d = _domain_of(domain)
    suffix = f"/audit/{org_id if isinstance(org_id, str) else 'undefined' if org_id is MISSING else json.dumps(org_id)}"

    def test(o: str) -> bool:
        if not isinstance(org_id, str) or not o.endswith(suffix):
            return False
        rest = _after_host(o[: -len(suffix)])
        return bool(rest) and "/" not in rest and (d is None or rest.lower() == d)  # type: ignore[union-attr]

    return LogTarget("the organization's audit log", f"<host>/{d or '<domain>'}{suffix}", test)


def verify_log(x: Ctx, item: str, leaf: bytes | None, log: Any, record_key: Any, target: LogTarget, keep: bool) -> LogResult:
    """The record's `log` block (absent and pending are SKIP lines) and, when it carries one, its `head` block."""
    own = hex_bytes(record_key, 32)
    keys = [own, *x.keys] if own else list(x.keys)
    res = check_log_block(leaf or b"", _nn(log), keys, target.test, target.expected)
    if res.status == "absent":
        x.skip(item, "log", f"absent: the document carries no log block, so this record's place in {target.what} is not checked")
    elif res.status == "pending":
        x.skip(item, "log", f"pending: the document says no signed checkpoint of {target.what} covers this record yet, so its inclusion is not checked")
    else:
        if leaf is None:
            x.add(item, "log_leaf_hash", False, "the signed bytes are missing or not hex: the leaf cannot be recomputed")
        for s in res.steps:
            x.add(item, "log" if s.check == "log_shape" else f"log_{s.check}", s.ok, s.detail)
        o = res.opened
        if res.ok and leaf is not None and o and (keep or x.checkpoint is None or o.checkpoint.tree_size > x.checkpoint["tree_size"]):
            x.checkpoint = {
                "origin": o.checkpoint.origin, "tree_size": o.checkpoint.tree_size, "root_hash": o.checkpoint.root.hex(),
                "key_id": key_id_of(o.public_key), "note_key_id": note_key_id(o.checkpoint.origin, o.public_key).hex(),
                "public_key": o.public_key.hex(), "note": o.note,
            }
    _queue_head(x, item, res, log, keep, leaf is not None)
    return res


_REQUIRED = "the verifier's witness policy or TSA roots require witnessed, time-stamped evidence, which"


def _queue_head(x: Ctx, item: str, res: LogResult, log: Any, keep: bool, has_leaf: bool) -> None:
    """Section 15: a record's head is looked at only once its log block verified (it anchors on that checkpoint). With a
    policy or TSA roots every record must carry a complete head; without, a missing or pending head is a SKIP line."""
    if res.status != "checked":
        if x.demand_head:
            x.add(item, "head", False, f"{res.status}: no checkpoint of the record's log is shown, so no head can meet {_REQUIRED}")
        return
    if not res.ok or not has_leaf or not is_obj(log):
        return
    if log.get("head") is None:
        words = "absent: the log block carries no head, so nothing outside the issuer's own log vouches for this checkpoint"
        if x.demand_head:
            x.add(item, "head", False, f"{words}; {_REQUIRED} is not met")
        else:
            x.skip(item, "head", words)
        return
    x.heads.append((item, log.get("checkpoint"), log["head"], keep))


def check_heads(x: Ctx) -> None:
    """The queued heads, in document order, after every other rule (as the report lists them)."""
    for item, checkpoint, head, keep in x.heads:
        h = check_head_block(checkpoint, head, x.trust)
        if h.status == "pending":
            words = "pending: no published head covers this checkpoint yet, so no witness or time-stamping authority vouches for it"
            if x.demand_head:
                x.add(item, "head", False, f"{words}; {_REQUIRED} is not met")
            else:
                x.skip(item, "head", words)
        for s in h.steps:
            if s.skipped:
                x.skip(item, s.check, s.detail)
            else:
                x.add(item, s.check, s.ok, s.detail)
        if keep:
            x.head = h


# ---- documents ----

def proof_domain(d: Obj) -> Any:
    org = _get(d, "organization")
    return org.get("primary_domain", MISSING) if is_obj(org) else MISSING


def verify_event_proof(x: Ctx, d: Obj) -> list[str]:
    item = f"event {name(_get(d, 'event_id'))}"
    check_algorithm(x, item, _get(d, "algorithm"))
    s = verify_signed(x, item, d)
    if s is not None and check_kind(x, item, "ledger", s):
        check_fields(x, item, [(f, s.get(f), _get(d, f)) for f in ("event_id", "payload_hash", "ingested_at")])
    if "payload" in d:  # whoever holds the payload adds it to the proof
        h = canonical_hash(d["payload"])
        ok = s is not None and h == s.get("payload_hash")
        x.add(item, "payload", ok, "SHA-256 of the canonical payload given = signed payload_hash" if ok else f"SHA-256 of the canonical payload given is {h}, not the signed payload_hash")
    check_claims(x, item, [("signature_valid", _get(d, "signature_valid"))])
    verify_log(x, item, hex_bytes(_get(d, "signed_payload")), _get(d, "log"), _get(d, "public_key"), tenant_log(proof_domain(d)), True)
    return ["organization"]


AI_FIELDS = ("attestation_type", "input_hash", "output_hash", "model_provider", "model_name", "model_version", "subject")


def ai_payload_hash(r: Obj) -> str:
    """DECISIONS 4: SHA-256 of canonical {v: 1, attestation_type, input_hash, output_hash, model_*, subject}."""
    return canonical_hash({"v": 1, **{k: _nn(r.get(k, MISSING)) for k in AI_FIELDS}})


def value_hash(v: Any) -> str:
    return sha256_hex(v) if isinstance(v, str) else canonical_hash(v)


def verify_ai_proof(x: Ctx, d: Obj) -> list[str]:
    item = f"ai {name(_get(d, 'attestation_id'))}"
    r = d["record"] if is_obj(_get(d, "record")) else {}
    check_algorithm(x, item, _get(d, "algorithm"))
    s = verify_signed(x, item, d)
    if s is not None and check_kind(x, item, "ai", s):
        check_fields(x, item, [("attestation_id", s.get("attestation_id"), _get(d, "attestation_id"))]
                     + [(f, s.get(f), _get(r, f)) for f in ("attestation_type", "payload_hash", "input_hash", "output_hash", "created_at")])
    recomputed = ai_payload_hash(r)
    checkable = "subject" in r or recomputed == r.get("payload_hash")
    if checkable:
        ok = recomputed == r.get("payload_hash")
        x.add(item, "payload_hash", ok, "payload_hash recomputed from the record" if ok else f"payload_hash recomputes to {recomputed}")
    else:
        x.skip(item, "payload_hash", "not recomputable offline: the record has no subject (signed payload_hash still checked)")
    v = d["verification"] if is_obj(_get(d, "verification")) else {}
    check_claims(x, item, [("signature_valid", _get(v, "signature_valid")), ("payload_hash_valid", _get(v, "payload_hash_valid"))])
    verify_log(x, item, hex_bytes(_get(d, "signed_payload")), _get(d, "log"), _get(d, "public_key"), tenant_log(proof_domain(d)), True)
    return ["organization", *([] if checkable else ["record.model_provider", "record.model_name", "record.model_version"])]


def verify_document_proof(x: Ctx, d: Obj) -> list[str]:
    item = f"document {name(_get(d, 'event_id'))}"
    check_algorithm(x, item, _get(d, "algorithm"))
    s = verify_signed(x, item, d)
    if s is not None and check_kind(x, item, "document", s):
        check_fields(x, item, [(f, s.get(f), _get(d, f)) for f in ("event_id", "document_hash", "document_ref", "created_at")])
    check_claims(x, item, [("signature_valid", _get(d, "signature_valid"))])
    verify_log(x, item, hex_bytes(_get(d, "signed_payload")), _get(d, "log"), _get(d, "public_key"), tenant_log(proof_domain(d)), True)
    return ["organization"]


AUDIT_SIGNED = ("action", "actor", "context", "event_id", "ingested_at", "metadata", "occurred_at", "org_id", "schema_id", "seq", "targets")


def audit_signed_bytes(d: Obj) -> bytes:
    """DECISIONS 0, 6: canonical bytes of the signed data (absent context and metadata as null; `id` as event_id)."""
    data: Obj = {}
    for f in AUDIT_SIGNED:
        v = d.get("id", MISSING) if f == "event_id" else d.get(f, MISSING)
        if f in ("context", "metadata"):
            v = _nn(v)
        if v is not MISSING:
            data[f] = v
    return canonical_bytes(data)


def verify_audit_event(x: Ctx, d: Obj, domain: str | None) -> list[str]:
    item = f"audit event {name(_get(d, 'id'))}"
    pk = hex_bytes(_get(d, "signing_public_key"), 32)
    if x.add(item, "public_key", pk is not None, "raw Ed25519 public key, 32 bytes" if pk else "signing_public_key is not 64 hex characters") and pk:
        kid = key_id_of(pk)
        ok = _get(d, "key_id") == kid
        x.add(item, "key_id", ok, f"{kid} = first 16 hex of SHA-256(public key)" if ok else f"key_id {short(_get(d, 'key_id'))} but SHA-256(public key) starts {kid}")
    try:
        data: bytes | None = audit_signed_bytes(d)
    except (TypeError, UnicodeEncodeError):
        data = None
    computed = sha256_hex(data) if data is not None else None
    hash_ok = computed is not None and computed == _get(d, "payload_hash")
    x.add(item, "payload_hash", hash_ok, "payload_hash = SHA-256 of the canonical signed fields" if hash_ok else f"the signed fields hash to {computed}" if computed else "the event cannot be encoded")
    sig = hex_bytes(_get(d, "signature"), 64)
    sig_ok = data is not None and pk is not None and sig is not None and ed25519_verify(pk, data, sig)
    x.add(item, "signature", sig_ok, f"Ed25519 signature valid over {len(data or b'')} signed bytes" if sig_ok else "Ed25519 signature does not verify over the rebuilt signed bytes")
    verify_log(x, item, data, _get(d, "log"), _get(d, "signing_public_key"), org_log(domain, _get(d, "org_id")), True)
    return []


# ---- trace bundles (section 7) ----

def bundle_item_name(i: int, it: Any) -> str:
    return f"item {i + 1} ({name(_get(it, 'type'))} {name(_get(it, 'id'))})"


def _item_content(x: Ctx, item: str, it: Obj, s: Obj | None) -> None:
    content = _get(it, "content_hash")
    kind = _get(it, "type")
    if kind == "event":
        has = "payload" in it
        if not x.add(item, "payload", has, "the event payload is included" if has else "the item carries no payload: its content hash cannot be recomputed"):
            return
        h = canonical_hash(it["payload"])
        x.add(item, "content_hash", h == content, "SHA-256 of the canonical payload = content_hash" if h == content else f"SHA-256 of the canonical payload is {h}")
        if s is not None and check_kind(x, item, "ledger", s):
            check_fields(x, item, [("event_id", s.get("event_id"), _get(it, "id")), ("payload_hash", s.get("payload_hash"), content),
                                   ("ingested_at", s.get("ingested_at"), _get(it, "timestamp"))])
        return
    if kind not in ("ai_attestation", "document"):
        x.add(item, "type", False, f"unknown item type {short(kind)}")
        return
    r = _get(it, "payload")
    what = "anchor" if kind == "document" else "attestation"
    if not x.add(item, "payload", is_obj(r), f"the {what} record is included" if is_obj(r) else "the item carries no payload record: its content cannot be recomputed"):
        return
    if kind == "ai_attestation":
        # With plaintext stored, input and output are in the payload and their hashes are recomputed too.
        input_hash = value_hash(r["input"]) if "input" in r else r.get("input_hash", MISSING)
        output_hash = value_hash(r["output"]) if "output" in r else r.get("output_hash", MISSING)
        h = ai_payload_hash({**r, "input_hash": _nn(input_hash), "output_hash": _nn(output_hash)})
        stated = "payload_hash" not in r or r["payload_hash"] == content
        x.add(item, "content_hash", h == content and stated, f"payload_hash of the record is {h}" if h != content
              else "payload_hash recomputed from the hash-only record = content_hash" if stated else f"the record states payload_hash {short(r.get('payload_hash'))}")
        if s is not None and check_kind(x, item, "ai", s):
            check_fields(x, item, [("attestation_id", s.get("attestation_id"), _get(it, "id")), ("payload_hash", s.get("payload_hash"), content),
                                   ("created_at", s.get("created_at"), _get(it, "timestamp")), ("attestation_type", s.get("attestation_type"), r.get("attestation_type", MISSING)),
                                   ("input_hash", s.get("input_hash"), input_hash), ("output_hash", s.get("output_hash"), output_hash)])
        return
    if s is not None and check_kind(x, item, "document", s):
        ok = s.get("document_hash") == content
        x.add(item, "content_hash", ok, "content_hash = signed document_hash" if ok else f"signed document_hash is {short(s.get('document_hash'))}")
        meta = (None if r["metadata"] is None else canonical_hash(r["metadata"])) if "metadata" in r else r.get("metadata_hash", MISSING)
        pairs = [("event_id", s.get("event_id"), _get(it, "id")), ("created_at", s.get("created_at"), _get(it, "timestamp")),
                 ("document_hash", s.get("document_hash"), r.get("document_hash", MISSING)), ("document_ref", s.get("document_ref"), r.get("document_ref", MISSING)),
                 ("metadata_hash", s.get("metadata_hash"), meta)]
        if "created_at" in r:
            pairs.append(("payload.created_at", s.get("created_at"), r["created_at"]))
        check_fields(x, item, pairs)


def _seal_payload(trace_id: Any, composite: str, n: int, metadata: Any, sealed_at: Any) -> Obj:
    return {"trace_id": trace_id, "composite_hash": composite, "item_count": n, "metadata": metadata, "sealed_at": sealed_at}


def _seal_binding(x: Ctx, h: Obj, seal: Obj, s: Obj, composite: str, n: int) -> None:
    """The seal's signed payload_hash = SHA-256 of canonical {trace_id, composite_hash, item_count, metadata, sealed_at}
    built from this bundle: what ties the seal signature to exactly this list of items."""
    trace_id, sealed_at = _get(h, "trace_id"), _get(seal, "sealed_at")
    sp = _get(seal, "payload")
    carried = is_obj(sp) and "metadata" in sp
    given = [h["metadata"]] if "metadata" in h else [sp["metadata"]] if carried else None

    def payload(m: Any) -> Obj:
        p = _seal_payload(trace_id, composite, n, _nn(m), sealed_at)
        return {k: v for k, v in p.items() if v is not MISSING}

    if sp is not MISSING:
        same = is_obj(sp) and canonical_json(sp) == canonical_json(payload(given[0] if given else None))
        x.add("seal", "payload", same, "seal.payload is this bundle's trace id, composite hash, count, metadata and seal time" if same
              else "seal.payload differs from this bundle's trace id, recomputed composite hash, item count, metadata or seal time")
    match = any(canonical_hash(payload(m)) == s.get("payload_hash") for m in (given if given is not None else [None, {}]))
    x.add("seal", "payload_hash", match, "signed payload_hash = SHA-256 of canonical {trace_id, composite_hash, item_count, metadata, sealed_at}" if match
          else "signed payload_hash does not match this bundle's trace id, composite hash, count, metadata and seal time"
          + ("" if given else " (with metadata null; the bundle does not carry the trace metadata)"))


def _log_state(r: LogResult) -> str:
    return f"leaf {r.leaf_index} of {r.tree_size}" if r.status == "checked" else r.status


def verify_bundle(x: Ctx, d: Obj) -> list[str]:
    h = d["header"] if is_obj(_get(d, "header")) else {}
    seal = d["seal"] if is_obj(_get(d, "seal")) else {}
    raw_items = _get(d, "items")
    items = raw_items if isinstance(raw_items, list) else []
    v = _get(d, "bundle_version")
    x.add("bundle", "bundle_version", num_eq(v, 1), "bundle_version 1" if num_eq(v, 1) else f"unknown bundle_version {short(v)}: only version 1 is defined")
    x.add("bundle", "items", isinstance(raw_items, list) and bool(items) and all(is_obj(i) for i in items), f"{len(items)} items" if isinstance(raw_items, list) else "items is not an array")
    target = tenant_log(_get(h, "tenant_domain"))
    tenants: list[Any] = []
    logs: list[LogResult] = []
    for i, raw in enumerate(items):
        it = raw if is_obj(raw) else {}
        item = bundle_item_name(i, raw)
        s = verify_signed(x, item, it)
        _item_content(x, item, it, s)
        vv = it["verification"] if is_obj(_get(it, "verification")) else {}
        check_claims(x, item, [("content_hash_valid", _get(vv, "content_hash_valid")), ("signature_valid", _get(vv, "signature_valid"))])
        logs.append(verify_log(x, item, hex_bytes(_get(it, "signed_payload")), _get(it, "log"), _get(it, "public_key"), target, False))
        tenants.append(_nn(s.get("tenant_id", MISSING)) if s is not None else MISSING)
    seq_ok = all(is_obj(it) and num_eq(it.get("sequence"), i + 1) for i, it in enumerate(items))
    x.add("bundle", "sequence", seq_ok, f"sequence numbers 1..{len(items)} in order" if seq_ok else "sequence numbers out of order: " + ",".join(short(_get(it, "sequence")) for it in items))
    times = [parse_time(_get(it, "timestamp")) for it in items]
    bad_time = next((i for i, t in enumerate(times) if t is None or (i > 0 and times[i - 1] is not None and t < times[i - 1])), -1)  # type: ignore[operator]
    x.add("bundle", "timestamps", bad_time < 0, "item timestamps are non-decreasing" if bad_time < 0 else f"item {bad_time + 1} has a missing timestamp or one earlier than the item before")
    ids = [(json.dumps(it.get("id")) if not isinstance(it.get("id"), str) else it["id"]) if is_obj(it) else "" for it in items]
    unique = len(set(ids)) == len(ids)
    x.add("bundle", "unique_items", unique, "no item appears twice" if unique else "an item appears twice")
    n = len(items)
    count_ok = num_eq(_get(h, "item_count"), n) and num_eq(_get(seal, "item_count"), n)
    x.add("bundle", "count", count_ok, f"{n} items = header.item_count = seal.item_count" if count_ok
          else f"items {n}, header.item_count {short(_get(h, 'item_count'))}, seal.item_count {short(_get(seal, 'item_count'))}")
    composite: str | None = None
    raw_hashes = []
    for i, it in enumerate(items):
        ch = hex_bytes(_get(it, "content_hash"), 32)
        if ch is None:
            x.add("bundle", "composite_hash", False, f"content hash {i + 1} is not 64 lowercase hex characters")
            break
        raw_hashes.append(ch)
    else:
        composite = sha256_hex(b"".join(raw_hashes))
        ok = composite == _get(h, "composite_hash") and composite == _get(seal, "composite_hash")
        x.add("bundle", "composite_hash", ok, f"SHA-256 over the {n} raw digests = {composite}" if ok
              else f"recomputed {composite}; header {short(_get(h, 'composite_hash'))}, seal {short(_get(seal, 'composite_hash'))}")
    s = verify_signed(x, "seal", seal)
    if s is not None and check_kind(x, "seal", "ledger", s):
        check_fields(x, "seal", [("event_type", s.get("event_type"), "trace.sealed"), ("event_id", s.get("event_id"), _get(seal, "seal_event_id")),
                                 ("ingested_at", s.get("ingested_at"), _get(seal, "sealed_at")), ("header.sealed_at", _nn(_get(seal, "sealed_at")), _get(h, "sealed_at"))])
        _seal_binding(x, h, seal, s, composite if composite is not None else str(_nn(_get(h, "composite_hash"))), n)
        tenants.append(s.get("tenant_id"))
    distinct = {canonical_json(_nn(t)) if t is not MISSING else "undefined" for t in tenants}
    x.add("bundle", "tenant", len(distinct) == 1, "every item and the seal are signed for the same tenant_id" if len(distinct) == 1 else "items or seal signed for different tenants")
    check_claims(x, "seal", [(k, _get(seal, k)) for k in ("count_confirmed", "composite_hash_valid", "all_signatures_valid")])
    sealed = verify_log(x, "seal", hex_bytes(_get(seal, "signed_payload")), _get(seal, "log"), _get(seal, "public_key"), target, True)
    if sealed.status == "checked" and sealed.leaf_index is not None:
        # The seal is appended after every item in the transaction that reads them: once a checkpoint covers it,
        # every item is covered too, at a lower leaf index.
        at = sealed.leaf_index
        bad = [(i, r) for i, r in enumerate(logs) if r.status != "checked" or r.leaf_index is None or r.leaf_index >= at]
        x.add("bundle", "log_order", not bad, f"every item precedes the seal (leaf {at}) in the tenant's log and is covered by a signed checkpoint" if not bad
              else f"the seal is at leaf {at} under a signed checkpoint, so every item must be logged before it; "
              + ", ".join(f"item {i + 1} is {_log_state(r)}" for i, r in bad[:5]) + (f" and {len(bad) - 5} more" if len(bad) > 5 else ""))
    return ["header.label", "header.created_at", "header.domain_verified", "organization", "footer"]


# ---- authenticity (section 8) ----

def published_keys(keys: Any) -> list[bytes]:
    if not is_obj(keys) or not isinstance(keys.get("keys"), list):
        return []
    out = [b64url_bytes(k.get("public_key")) for k in keys["keys"] if is_obj(k)]
    return [k for k in out if k is not None and len(k) == 32]


def pin_keys(x: Ctx, domain: str | None, used: list[Obj], keys: Any, platform_key: Any) -> str | None:
    """Every key used is published for the document's domain; with the platform key, each record is signed by it."""
    if keys is None:
        return None
    if not is_obj(keys) or not isinstance(keys.get("keys"), list):
        x.add("keys", "key_record", False, "the key list is not a GET /keys/{domain} answer")
        return None
    listed = keys["domain"].lower() if isinstance(keys.get("domain"), str) else None
    ok = x.add("keys", "domain", listed is not None and (domain is None or listed == domain), f"key list for {short(keys.get('domain', MISSING))}, document domain {domain or 'not stated'}")
    platform = b64url_bytes(platform_key.get("public_key")) if is_obj(platform_key) else None
    if platform_key is not None:
        kid_ok = platform is not None and len(platform) == 32 and key_id_of(platform) == platform_key.get("key_id")
        ok = x.add("keys", "platform_key", kid_ok, f"platform key {key_id_of(platform)}" if kid_ok and platform else "platform key file is malformed or its key_id does not match its public key") and ok
    seen: set[str] = set()
    for u in used:
        kid = u.get("key_id", MISSING)
        label = kid if isinstance(kid, str) else str(_nn(kid))
        if label in seen:
            continue
        seen.add(label)
        rec = next((k for k in keys["keys"] if is_obj(k) and k.get("key_id") == kid), None)
        raw = b64url_bytes(rec.get("public_key")) if rec else None
        published = raw.hex() if raw is not None else None
        same = published is not None and published == u.get("public_key")
        ok = x.add(f"key {label}", "published", same, f"published for {short(keys.get('domain'))}" if same
                   else "public key differs from the published one" if published else "key_id not published for this domain") and ok
        if platform is not None and len(platform) == 32 and rec:
            sig = hex_bytes(rec.get("platform_signature"), 64)
            msg = canonical_bytes({"domain": keys.get("domain"), "public_key": rec.get("public_key"), "key_id": rec.get("key_id")})
            sig_ok = sig is not None and ed25519_verify(platform, msg, sig)
            ok = x.add(f"key {label}", "platform_signature", sig_ok, "key record signed by the platform key" if sig_ok else "platform_signature does not verify") and ok
    return listed if ok else None
