"""The rules of each proof document (docs/verification.md): event, AI and document proofs, audit events and trace
bundles, with their log and head blocks, and key pinning against a GET /keys/{domain} answer. A second implementation,
written from that page, held to the same vectors as the appliance's own: the same checks under the same names
(`<part>.<check>`: `record.signature`, `items[2].log.inclusion`, `seal.head.quorum`, `bundle.count`, `keys.domain`)
in the same order."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ._canonical import canonical_bytes, canonical_hash, canonical_json, sha256_hex
from ._ed25519 import ed25519_verify, prime_order_key
from ._logs import HeadResult, HeadTrust, LogResult, check_head_block, check_log_block
from ._note import note_key_id
from ._time import parse_rfc3339
from ._util import (
    MISSING, b64url_bytes, hex_bytes, is_obj, js_eq, js_loads, js_string, key_id_of, num_eq, set_key, short, too_deep,
)

Obj = dict[str, Any]


@dataclass
class Ctx:
    checks: list[Obj] = field(default_factory=list)
    keys: list[bytes] = field(default_factory=list)  # the domain's published keys (a checkpoint may use a newer one)
    trust: HeadTrust = field(default_factory=HeadTrust)
    demand_head: bool = False  # a policy or TSA roots were given: every record must carry its complete head
    checkpoint: Obj | None = None
    head: HeadResult | None = None
    heads: list[tuple[str, Any, Any, bool]] = field(default_factory=list)  # (part, log checkpoint, head, keep), checked last
    incomplete: bool = False  # a log block or head is pending or missing
    sandbox: bool = False  # a record's signed bytes say "sandbox": true

    def add(self, part: str, check: str, ok: bool, detail: str) -> bool:
        self.checks.append({"name": f"{part}.{check}", "ok": bool(ok), "detail": detail})
        return bool(ok)

    def skip(self, part: str, check: str, detail: str) -> None:
        self.checks.append({"name": f"{part}.{check}", "ok": True, "detail": detail, "skipped": True})


def _get(d: Any, k: str) -> Any:
    return d.get(k, MISSING) if is_obj(d) else MISSING


def _nn(v: Any) -> Any:
    """ECMAScript's `v ?? null`."""
    return None if v is MISSING else v


def _lower(v: Any) -> str | None:
    return v.lower() if isinstance(v, str) and v else None


# ---- signed records ----

def _decode_signed(msg: bytes) -> tuple[Obj | None, str | None]:
    try:
        v = js_loads(msg.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None, "not_json"
    if too_deep(v):
        return None, "not_json"
    return (v, None) if is_obj(v) else (None, "not_object")


def check_public_key(x: Ctx, part: str, pk: bytes | None, field_name: str = "public_key") -> bool:
    """A public key is 32 bytes encoding an Ed25519 point of prime order (docs/verification.md "Ed25519")."""
    ok = pk is not None and prime_order_key(pk)
    return x.add(part, "public_key", ok, "raw Ed25519 public key, 32 bytes, a point of prime order" if ok
                 else f"{field_name} is not the canonical encoding of an Ed25519 point of prime order (a small-order component, or not a point)" if pk
                 else f"{field_name} is not 64 hex characters")


def verify_signed(x: Ctx, part: str, r: Obj) -> Obj | None:
    """Public key, key_id, Ed25519 over the hex-decoded signed_payload, canonical form; the signed object or None."""
    pk = hex_bytes(_get(r, "public_key"), 32)
    if check_public_key(x, part, pk) and pk:
        kid = key_id_of(pk)
        ok = js_eq(kid, _get(r, "key_id"))
        x.add(part, "key_id", ok, f"{kid} = first 16 hex of SHA-256(public key)" if ok else f"key_id {short(_get(r, 'key_id'))} but SHA-256(public key) starts {kid}")
    sig = hex_bytes(_get(r, "signature"), 64)
    msg = hex_bytes(_get(r, "signed_payload"))
    if sig is None:
        x.add(part, "signature", False, "signature is not 128 hex characters")
    elif msg is None:
        x.add(part, "signature", False, "signed_payload is not hex")
    elif pk:
        ok = ed25519_verify(pk, msg, sig)
        x.add(part, "signature", ok, f"Ed25519 signature valid over {len(msg)} signed bytes" if ok else "Ed25519 signature does not verify over signed_payload")
    if msg is None:
        return None
    signed, err = _decode_signed(msg)
    if err == "not_json":
        x.add(part, "canonical", False, "signed_payload is not UTF-8 JSON")
        return None
    if signed is None:
        x.add(part, "canonical", False, "signed_payload is not a JSON object")
        return None
    try:
        canon = canonical_bytes(signed) == msg
    except (TypeError, UnicodeEncodeError):
        canon = False
    x.add(part, "canonical", canon, "signed_payload is canonical JSON" if canon else "signed_payload is not in canonical form (key order, spacing or escapes)")
    if signed.get("sandbox") is True:
        x.sandbox = True
    return signed


KIND_FIELDS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    # name, fields copied when present, fields that default to null
    "ledger": ("ledger event", ("event_id", "event_type", "ingested_at", "payload_hash", "request_hash", "tenant_id"), ()),
    "ai": ("AI attestation", ("attestation_id", "tenant_id", "attestation_type", "payload_hash", "input_hash", "output_hash", "created_at"), ()),
    "document": ("document anchor", ("event_id", "tenant_id", "document_hash", "created_at"), ("document_ref", "metadata_hash")),
}


def check_kind(x: Ctx, part: str, kind: str, s: Obj) -> bool:
    """The signed object holds exactly the fields of its record kind, with v = 1, plus `"sandbox": true` for a sandbox
    tenant's record (docs/verification.md "Sandbox records")."""
    label, fields, nullable = KIND_FIELDS[kind]
    body = {k: v for k, v in s.items() if k != "sandbox"} if s.get("sandbox") is True else s
    rebuilt: Obj = {"v": 1, **{f: body[f] for f in fields if f in body}, **{f: body.get(f) for f in nullable}}
    ok = canonical_json(rebuilt) == canonical_json(body)
    return x.add(part, "record_kind", ok, f"signed payload is a v1 {label}" if ok else f"signed payload is not a v1 {label} (fields: {', '.join(sorted(s))})")


def check_fields(x: Ctx, part: str, pairs: list[tuple[str, Any, Any]]) -> bool:
    """Each (field, signed value, document value) agrees (compared as canonical JSON); a missing document value fails."""
    bad = [p for p in pairs if p[2] is MISSING or canonical_json(_nn(p[1])) != canonical_json(_nn(p[2]))]
    detail = f"{', '.join(p[0] for p in pairs)} agree with the signed payload" if not bad else "; ".join(
        f"{f}: signed {short(a)} vs document {'missing' if b is MISSING else short(b)}" for f, a, b in bad)
    return x.add(part, "fields", not bad, detail)


def check_claims(x: Ctx, part: str, claims: list[tuple[str, Any]]) -> None:
    """The server's own results carried in the document: they can only lower the verdict."""
    bad = [k for k, v in claims if v is not True]
    x.add(part, "reported", not bad, f"server reported {', '.join(k for k, _ in claims)} true" if not bad else f"server reported {', '.join(bad)} not true")


def check_algorithm(x: Ctx, part: str, algorithm: Any) -> None:
    x.add(part, "algorithm", algorithm == "ed25519", f"algorithm {short(algorithm)}")


# ---- logs and heads ----

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
    suffix = f"/audit/{js_string(org_id)}"

    def test(o: str) -> bool:
        if not isinstance(org_id, str) or not o.endswith(suffix):
            return False
        rest = _after_host(o[: -len(suffix)])
        return bool(rest) and "/" not in rest and (d is None or rest.lower() == d)  # type: ignore[union-attr]

    return LogTarget("the organization's audit log", f"<host>/{d or '<domain>'}{suffix}", test)


_REQUIRED = "the verifier's witness policy or TSA roots require witnessed, time-stamped evidence, which"


def _not_there(x: Ctx, part: str, check: str, words: str) -> None:
    """A missing or pending block: a failure when the verifier asked for complete evidence, else a SKIP line."""
    if x.demand_head:
        x.add(part, check, False, f"{words}; {_REQUIRED} is not met")
    else:
        x.skip(part, check, words)


def verify_log(x: Ctx, part: str, leaf: bytes | None, log: Any, record_key: Any, target: LogTarget, keep: bool) -> LogResult:
    """The record's `log` block, then its head: absent and pending blocks are `log.status` lines, a verified block's
    missing head `head.status`; `complete` is decided from the blocks' shape alone."""
    own = hex_bytes(record_key, 32)
    keys = [own, *x.keys] if own else list(x.keys)
    res = check_log_block(leaf or b"", _nn(log), keys, target.test, target.expected)
    if res.status == "checked":
        if leaf is None:
            x.add(part, "log.leaf_hash", False, "the signed bytes are missing or not hex: the leaf cannot be recomputed")
        for s in res.steps:
            x.add(part, s.check, s.ok, s.detail)
        o = res.opened
        if res.ok and leaf is not None and o and (keep or x.checkpoint is None or o.checkpoint.tree_size > x.checkpoint["tree_size"]):
            x.checkpoint = {
                "origin": o.checkpoint.origin, "tree_size": o.checkpoint.tree_size, "root_hash": o.checkpoint.root.hex(),
                "key_id": key_id_of(o.public_key), "note_key_id": note_key_id(o.checkpoint.origin, o.public_key).hex(),
                "public_key": o.public_key.hex(), "note": o.note,
            }
    head = log.get("head", MISSING) if is_obj(log) else MISSING
    # docs/verification.md "Sandbox records": a sandbox record's checkpoints never enter the head, so its log block,
    # headless, is its complete evidence.
    headless = x.sandbox and is_obj(log) and "head" not in log
    if res.status != "checked" or (not headless and (not is_obj(head) or head.get("status") == "pending")):
        x.incomplete = True
    if res.status == "absent":
        _not_there(x, part, "log.status", f"absent: the document carries no log block, so this record's place in {target.what} is not checked")
    elif res.status == "pending":
        _not_there(x, part, "log.status", f"pending: the document says no signed checkpoint of {target.what} covers this record yet, so its inclusion is not checked")
    elif res.ok and res.opened is not None and leaf is not None:
        if headless:
            _not_there(x, part, "head.status", "absent: a sandbox record, whose tenant's checkpoints never enter the head; nothing outside the issuer's own log vouches for it")
        elif head is MISSING or head is None:
            _not_there(x, part, "head.status", "absent: the log block carries no head, so nothing outside the issuer's own log vouches for this checkpoint")
        else:
            x.heads.append((part, res.opened.note, head, keep))
    return res


def check_heads(x: Ctx) -> None:
    """The queued heads, in document order, after every other rule (as the report lists them)."""
    for part, checkpoint, head, keep in x.heads:
        h = check_head_block(checkpoint, head, x.trust)
        if h.status == "pending":
            _not_there(x, part, "head.status", "pending: no published head covers this checkpoint yet, so no witness or time-stamping authority vouches for it")
        for s in h.steps:
            if s.skipped:
                x.skip(part, s.check, s.detail)
            else:
                x.add(part, s.check, s.ok, s.detail)
        if keep:
            x.head = h


# ---- documents ----

def proof_domain(d: Obj) -> Any:
    org = _get(d, "organization")
    return org.get("primary_domain", MISSING) if is_obj(org) else MISSING


def verify_event_proof(x: Ctx, d: Obj) -> list[str]:
    part = "record"
    check_algorithm(x, part, _get(d, "algorithm"))
    s = verify_signed(x, part, d)
    if s is not None and check_kind(x, part, "ledger", s):
        check_fields(x, part, [(f, s.get(f), _get(d, f)) for f in ("event_id", "payload_hash", "ingested_at")])
    if "payload" in d:  # whoever holds the payload adds it to the proof
        h = canonical_hash(d["payload"])
        ok = s is not None and h == s.get("payload_hash")
        x.add(part, "payload", ok, "SHA-256 of the canonical payload given = signed payload_hash" if ok else f"SHA-256 of the canonical payload given is {h}, not the signed payload_hash")
    check_claims(x, part, [("signature_valid", _get(d, "signature_valid"))])
    verify_log(x, part, hex_bytes(_get(d, "signed_payload")), _get(d, "log"), _get(d, "public_key"), tenant_log(proof_domain(d)), True)
    return ["organization"]


AI_FIELDS = ("attestation_type", "input_hash", "output_hash", "model_provider", "model_name", "model_version", "subject")


def ai_payload_hash(r: Obj) -> str:
    """SHA-256 of canonical {v: 1, attestation_type, input_hash, output_hash, model_*, subject}."""
    return canonical_hash({"v": 1, **{k: _nn(r.get(k, MISSING)) for k in AI_FIELDS}})


def value_hash(v: Any) -> str:
    return sha256_hex(v) if isinstance(v, str) else canonical_hash(v)


def verify_ai_proof(x: Ctx, d: Obj) -> list[str]:
    part = "record"
    r = d["record"] if is_obj(_get(d, "record")) else {}
    check_algorithm(x, part, _get(d, "algorithm"))
    s = verify_signed(x, part, d)
    if s is not None and check_kind(x, part, "ai", s):
        check_fields(x, part, [("attestation_id", s.get("attestation_id"), _get(d, "attestation_id"))]
                     + [(f, s.get(f), _get(r, f)) for f in ("attestation_type", "payload_hash", "input_hash", "output_hash", "created_at")])
    recomputed = ai_payload_hash(r)
    checkable = "subject" in r or js_eq(recomputed, r.get("payload_hash", MISSING))
    if checkable:
        ok = js_eq(recomputed, r.get("payload_hash", MISSING))
        x.add(part, "payload_hash", ok, "payload_hash recomputed from the record" if ok else f"payload_hash recomputes to {recomputed}")
    else:
        x.skip(part, "payload_hash", "not recomputable offline: the record has no subject (signed payload_hash still checked)")
    v = d["verification"] if is_obj(_get(d, "verification")) else {}
    check_claims(x, part, [("signature_valid", _get(v, "signature_valid")), ("payload_hash_valid", _get(v, "payload_hash_valid"))])
    verify_log(x, part, hex_bytes(_get(d, "signed_payload")), _get(d, "log"), _get(d, "public_key"), tenant_log(proof_domain(d)), True)
    return ["organization", *([] if checkable else ["record.model_provider", "record.model_name", "record.model_version"])]


def verify_document_proof(x: Ctx, d: Obj) -> list[str]:
    part = "record"
    check_algorithm(x, part, _get(d, "algorithm"))
    s = verify_signed(x, part, d)
    if s is not None and check_kind(x, part, "document", s):
        check_fields(x, part, [(f, s.get(f), _get(d, f)) for f in ("event_id", "document_hash", "document_ref", "created_at")])
    check_claims(x, part, [("signature_valid", _get(d, "signature_valid"))])
    verify_log(x, part, hex_bytes(_get(d, "signed_payload")), _get(d, "log"), _get(d, "public_key"), tenant_log(proof_domain(d)), True)
    return ["organization"]


AUDIT_SIGNED = ("action", "actor", "context", "event_id", "ingested_at", "metadata", "occurred_at", "org_id", "schema_id", "seq", "targets")


def audit_signed_bytes(d: Obj) -> bytes:
    """Canonical bytes of the signed data (absent context and metadata as null; `id` as event_id)."""
    data: Obj = {}
    for f in AUDIT_SIGNED:
        v = d.get("id", MISSING) if f == "event_id" else d.get(f, MISSING)
        if f in ("context", "metadata"):
            v = _nn(v)
        if v is not MISSING:
            data[f] = v
    # "sandbox" is signed whenever the document carries it (docs/verification.md "Sandbox records").
    if "sandbox" in d:
        data["sandbox"] = d["sandbox"]
    return canonical_bytes(data)


def verify_audit_event(x: Ctx, d: Obj, domain: str | None) -> list[str]:
    part = "record"
    pk = hex_bytes(_get(d, "signing_public_key"), 32)
    if check_public_key(x, part, pk, "signing_public_key") and pk:
        kid = key_id_of(pk)
        ok = js_eq(_get(d, "key_id"), kid)
        x.add(part, "key_id", ok, f"{kid} = first 16 hex of SHA-256(public key)" if ok else f"key_id {short(_get(d, 'key_id'))} but SHA-256(public key) starts {kid}")
    try:
        data: bytes | None = audit_signed_bytes(d)
    except (TypeError, UnicodeEncodeError, RecursionError):
        data = None
    computed = sha256_hex(data) if data is not None else None
    hash_ok = computed is not None and js_eq(computed, _get(d, "payload_hash"))
    x.add(part, "payload_hash", hash_ok, "payload_hash = SHA-256 of the canonical signed fields" if hash_ok else f"the signed fields hash to {computed}" if computed else "the event cannot be encoded")
    if _get(d, "sandbox") is True:
        x.sandbox = True
    sig = hex_bytes(_get(d, "signature"), 64)
    sig_ok = data is not None and pk is not None and sig is not None and ed25519_verify(pk, data, sig)
    x.add(part, "signature", sig_ok, f"Ed25519 signature valid over {len(data or b'')} signed bytes" if sig_ok else "Ed25519 signature does not verify over the rebuilt signed bytes")
    verify_log(x, part, data, _get(d, "log"), _get(d, "signing_public_key"), org_log(domain, _get(d, "org_id")), True)
    return []


# ---- trace bundles ----

def bundle_item_part(i: int) -> str:
    """The part a bundle item's checks go under, by its 0-based place in `items`."""
    return f"items[{i}]"


def _item_content(x: Ctx, part: str, it: Obj, s: Obj | None) -> None:
    content = _get(it, "content_hash")
    kind = _get(it, "type")
    if kind == "event":
        has = "payload" in it
        if not x.add(part, "payload", has, "the event payload is included" if has else "the item carries no payload: its content hash cannot be recomputed"):
            return
        h = canonical_hash(it["payload"])
        ok = js_eq(h, content)
        x.add(part, "content_hash", ok, "SHA-256 of the canonical payload = content_hash" if ok else f"SHA-256 of the canonical payload is {h}")
        if s is not None and check_kind(x, part, "ledger", s):
            check_fields(x, part, [("event_id", s.get("event_id"), _get(it, "id")), ("payload_hash", s.get("payload_hash"), content),
                                   ("ingested_at", s.get("ingested_at"), _get(it, "timestamp"))])
        return
    if kind not in ("ai_attestation", "document"):
        x.add(part, "type", False, f"unknown item type {short(kind)}")
        return
    r = _get(it, "payload")
    what = "anchor" if kind == "document" else "attestation"
    if not x.add(part, "payload", is_obj(r), f"the {what} record is included" if is_obj(r) else "the item carries no payload record: its content cannot be recomputed"):
        return
    if kind == "ai_attestation":
        # With plaintext stored, input and output are in the payload and their hashes are recomputed too.
        input_hash = value_hash(r["input"]) if "input" in r else r.get("input_hash", MISSING)
        output_hash = value_hash(r["output"]) if "output" in r else r.get("output_hash", MISSING)
        h = ai_payload_hash({**r, "input_hash": _nn(input_hash), "output_hash": _nn(output_hash)})
        stated = "payload_hash" not in r or js_eq(r["payload_hash"], content)
        same = js_eq(h, content)
        x.add(part, "content_hash", same and stated, f"payload_hash of the record is {h}" if not same
              else "payload_hash recomputed from the hash-only record = content_hash" if stated else f"the record states payload_hash {short(r.get('payload_hash'))}")
        if s is not None and check_kind(x, part, "ai", s):
            check_fields(x, part, [("attestation_id", s.get("attestation_id"), _get(it, "id")), ("payload_hash", s.get("payload_hash"), content),
                                   ("created_at", s.get("created_at"), _get(it, "timestamp")), ("attestation_type", s.get("attestation_type"), r.get("attestation_type", MISSING)),
                                   ("input_hash", s.get("input_hash"), input_hash), ("output_hash", s.get("output_hash"), output_hash)])
        return
    if s is not None and check_kind(x, part, "document", s):
        ok = js_eq(s.get("document_hash", MISSING), content)
        x.add(part, "content_hash", ok, "content_hash = signed document_hash" if ok else f"signed document_hash is {short(s.get('document_hash', MISSING))}")
        meta = (None if r["metadata"] is None else canonical_hash(r["metadata"])) if "metadata" in r else r.get("metadata_hash", MISSING)
        pairs = [("event_id", s.get("event_id"), _get(it, "id")), ("created_at", s.get("created_at"), _get(it, "timestamp")),
                 ("document_hash", s.get("document_hash"), r.get("document_hash", MISSING)), ("document_ref", s.get("document_ref"), r.get("document_ref", MISSING)),
                 ("metadata_hash", s.get("metadata_hash"), meta)]
        if "created_at" in r:
            pairs.append(("payload.created_at", s.get("created_at"), r["created_at"]))
        check_fields(x, part, pairs)


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
    match = any(js_eq(canonical_hash(payload(m)), s.get("payload_hash", MISSING)) for m in (given if given is not None else [None, {}]))
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
    x.add("bundle", "version", num_eq(v, 1), "bundle_version 1" if num_eq(v, 1) else f"unknown bundle_version {short(v)}: only version 1 is defined")
    x.add("bundle", "items", isinstance(raw_items, list) and bool(items) and all(is_obj(i) for i in items), f"{len(items)} items" if isinstance(raw_items, list) else "items is not an array")
    target = tenant_log(_get(h, "tenant_domain"))
    tenants: list[Any] = []
    logs: list[LogResult] = []
    for i, raw in enumerate(items):
        it = raw if is_obj(raw) else {}
        part = bundle_item_part(i)
        s = verify_signed(x, part, it)
        _item_content(x, part, it, s)
        vv = it["verification"] if is_obj(_get(it, "verification")) else {}
        check_claims(x, part, [("content_hash_valid", _get(vv, "content_hash_valid")), ("signature_valid", _get(vv, "signature_valid"))])
        logs.append(verify_log(x, part, hex_bytes(_get(it, "signed_payload")), _get(it, "log"), _get(it, "public_key"), target, False))
        tenants.append(s.get("tenant_id", MISSING) if s is not None else MISSING)
    seq_ok = all(is_obj(it) and num_eq(it.get("sequence"), i + 1) for i, it in enumerate(items))
    x.add("bundle", "sequence", seq_ok, f"sequence numbers 1..{len(items)} in order" if seq_ok else "sequence numbers out of order: " + ",".join(short(_get(it, "sequence")) for it in items))
    # docs/verification.md "Times": RFC 3339 only; an item time in any other form is missing.
    times = [parse_rfc3339(_get(it, "timestamp")) for it in items]
    bad_time = next((i for i, t in enumerate(times) if t is None or (i > 0 and times[i - 1] is not None and t < times[i - 1])), -1)  # type: ignore[operator]
    x.add("bundle", "timestamps", bad_time < 0, "item timestamps are non-decreasing" if bad_time < 0 else f"items[{bad_time}] has no RFC 3339 timestamp or one earlier than the item before")
    ids = [js_string(it.get("id", MISSING)) if is_obj(it) else "" for it in items]
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
        ok = js_eq(composite, _get(h, "composite_hash")) and js_eq(composite, _get(seal, "composite_hash"))
        x.add("bundle", "composite_hash", ok, f"SHA-256 over the {n} raw digests = {composite}" if ok
              else f"recomputed {composite}; header {short(_get(h, 'composite_hash'))}, seal {short(_get(seal, 'composite_hash'))}")
    s = verify_signed(x, "seal", seal)
    if s is not None and check_kind(x, "seal", "ledger", s):
        check_fields(x, "seal", [("event_type", s.get("event_type"), "trace.sealed"), ("event_id", s.get("event_id"), _get(seal, "seal_event_id")),
                                 ("ingested_at", s.get("ingested_at"), _get(seal, "sealed_at")), ("header.sealed_at", _nn(_get(seal, "sealed_at")), _get(h, "sealed_at"))])
        _seal_binding(x, h, seal, s, composite if composite is not None else js_string(_get(h, "composite_hash")), n)
        tenants.append(s.get("tenant_id", MISSING))
    distinct = {set_key(t) for t in tenants}
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
              + ", ".join(f"items[{i}] is {_log_state(r)}" for i, r in bad[:5]) + (f" and {len(bad) - 5} more" if len(bad) > 5 else ""))
    return ["header.label", "header.created_at", "header.domain_verified", "organization", "footer"]


# ---- authenticity ----

def published_keys(keys: Any) -> list[bytes]:
    if not is_obj(keys) or not isinstance(keys.get("keys"), list):
        return []
    out = [b64url_bytes(k.get("public_key")) if isinstance(k.get("public_key"), str) else None for k in keys["keys"] if is_obj(k)]
    return [k for k in out if k is not None and len(k) == 32]


def pin_keys(x: Ctx, domain: str | None, used: list[tuple[str, Obj]], keys: Any, platform_key: Any, keys_unavailable: str | None = None) -> str | None:
    """Every record's key is published for the document's domain (`<part>.key_published`); with the platform key, its
    key record is signed by it (`<part>.key_platform_signature`)."""
    if keys_unavailable is not None:
        x.skip("keys", "list", f"not checked: {keys_unavailable}")
        return None
    if keys is None:
        return None
    if not is_obj(keys) or not isinstance(keys.get("keys"), list):
        x.add("keys", "list", False, "the key list is not a GET /keys/{domain} answer")
        return None
    listed = keys["domain"].lower() if isinstance(keys.get("domain"), str) else None
    ok = x.add("keys", "domain", listed is not None and (domain is None or listed == domain), f"key list for {short(keys.get('domain', MISSING))}, document domain {domain or 'not stated'}")
    pkey = platform_key.get("public_key") if is_obj(platform_key) else None
    platform = b64url_bytes(pkey) if isinstance(pkey, str) else None
    if platform_key is not None:
        kid_ok = platform is not None and len(platform) == 32 and js_eq(key_id_of(platform), platform_key.get("key_id", MISSING))
        ok = x.add("keys", "platform_key", kid_ok, f"platform key {key_id_of(platform)}" if kid_ok and platform else "platform key file is malformed or its key_id does not match its public key") and ok
    for part, u in used:
        kid = u.get("key_id", MISSING)
        rec = next((k for k in keys["keys"] if is_obj(k) and js_eq(k.get("key_id", MISSING), kid)), None)
        raw = b64url_bytes(rec.get("public_key")) if rec and isinstance(rec.get("public_key"), str) else None
        published = raw.hex() if raw is not None else None
        same = published is not None and js_eq(published, u.get("public_key", MISSING))
        ok = x.add(part, "key_published", same, f"key {short(kid)} published for {short(keys.get('domain', MISSING))}" if same
                   else "the public key differs from the one published under its key_id" if published else "key_id not published for this domain") and ok
        if platform is not None and len(platform) == 32 and rec:
            sig = hex_bytes(rec.get("platform_signature"), 64)
            fields = {"domain": keys.get("domain", MISSING), "public_key": rec.get("public_key", MISSING), "key_id": rec.get("key_id", MISSING)}
            try:
                msg = canonical_bytes({k: v for k, v in fields.items() if v is not MISSING})
            except (TypeError, UnicodeEncodeError):
                msg = b""
            sig_ok = sig is not None and ed25519_verify(platform, msg, sig)
            ok = x.add(part, "key_platform_signature", sig_ok, "its key record is signed by the platform key" if sig_ok else "the platform_signature of its key record does not verify") and ok
    return listed if ok else None
