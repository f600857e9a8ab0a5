"""verify(): detects the kind of a proof document, runs its rules offline and returns one report."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Sequence, Union

from cryptography import x509

from ._logs import HeadTrust
from ._policy import Policy, parse_policy
from ._rules import (
    Ctx, check_heads, pin_keys, proof_domain, published_keys, verify_ai_proof, verify_audit_event, verify_bundle,
    verify_document_proof, verify_event_proof,
)
from ._timestamp import load_pem_certificates
from ._types import VerifyReport
from ._util import MISSING, b64url_bytes, hex_bytes, is_obj, key_id_of

__all__ = ["verify", "document_kind"]

Source = Union[str, bytes, os.PathLike]


def document_kind(d: Any) -> str:
    """The kind of a proof document, from the fields only that kind carries."""
    if not is_obj(d):
        return "unknown"
    if "bundle_version" in d:
        return "trace_bundle"
    if "attestation_id" in d and "record" in d:
        return "ai_proof"
    if "signing_public_key" in d and "org_id" in d and "seq" in d:
        return "audit_event"
    if "document_hash" in d and "signed_payload" in d:
        return "document_proof"
    if "event_id" in d and "signed_payload" in d:
        return "event_proof"
    return "unknown"


def _text(v: Source) -> str:
    """A value given as a path (PathLike, or a str naming an existing file without a newline) or as its content."""
    if isinstance(v, os.PathLike):
        return Path(v).read_text("utf-8")
    if isinstance(v, bytes):
        return v.decode("utf-8")
    if "\n" not in v and len(v) < 4096 and os.path.isfile(v):
        return Path(v).read_text("utf-8")
    return v


def _json(v: Any) -> Any:
    return json.loads(_text(v)) if isinstance(v, (str, bytes, os.PathLike)) else v


def _platform_keys(platform_key: Any) -> list[bytes]:
    """A /.well-known/svc-platform-key answer (public_key base64url), or the raw key as hex."""
    if is_obj(platform_key):
        k = b64url_bytes(platform_key.get("public_key"))
        return [k] if k is not None and len(k) == 32 else []
    if isinstance(platform_key, str):
        k = hex_bytes(platform_key, 32)
        return [k] if k else []
    return []


def _lower(v: Any) -> str | None:
    return v.lower() if isinstance(v, str) and v else None


def verify(
    proof: Any,
    policy: Union[Source, Policy, None] = None,
    tsa_roots: Union[Source, Sequence[x509.Certificate], None] = None,
    keys: Any = None,
    platform_key: Any = None,
) -> VerifyReport:
    """Verifies a proof document offline (no network call): an event, AI or document proof, an audit event or a trace
    bundle, as the API returns it (a dict, its JSON text, or a path). `policy`: a C2SP tlog-policy (text or path) whose
    log line is the platform key and whose quorum the head's cosignatures must meet; `tsa_roots`: PEM trust anchors
    (text, path or certificates), then at least one RFC 3161 token must chain to them; `keys`: a GET /keys/{domain}
    answer every key used must be published in; `platform_key`: a GET /.well-known/svc-platform-key answer (dict, JSON
    text or path; signs that key list, and checks the head without a policy). Raises ValueError for an unreadable policy or PEM."""
    pol = policy if isinstance(policy, Policy) else parse_policy(_text(policy)) if policy is not None else None
    if tsa_roots is None:
        anchors: list[x509.Certificate] = []
    elif isinstance(tsa_roots, (str, bytes, os.PathLike)):
        anchors = load_pem_certificates(_text(tsa_roots))
        if not anchors:
            raise ValueError("the TSA roots hold no PEM certificate")
    else:
        anchors = list(tsa_roots)
    keys = _json(keys) if keys is not None else None
    if isinstance(platform_key, (bytes, os.PathLike)) or (isinstance(platform_key, str) and hex_bytes(platform_key, 32) is None):
        platform_key = _json(platform_key)  # a path or JSON text, like keys; a 64-hex string is the raw key
    x = Ctx(keys=published_keys(keys), trust=HeadTrust(policy=pol, anchors=anchors, platform_keys=_platform_keys(platform_key)),
            demand_head=pol is not None or bool(anchors))
    doc: Any = proof
    if isinstance(proof, (bytes, os.PathLike)) or isinstance(proof, str):
        try:
            doc = json.loads(_text(proof))
        except (ValueError, OSError) as e:
            x.add("document", "json", False, f"not JSON ({e.__class__.__name__})")
            return _report("unknown", x, None, [])
    kind = document_kind(doc)
    d = doc if is_obj(doc) else {}
    keys_domain = _lower(keys.get("domain")) if is_obj(keys) else None
    used: list[dict[str, Any]] = [d]
    signer_key: Any = d.get("public_key", MISSING)
    unsigned: list[str] = []
    domain: str | None = None
    if kind == "trace_bundle":
        unsigned = verify_bundle(x, d)
        header = d.get("header")
        domain = _lower(header.get("tenant_domain")) if is_obj(header) else None
        seal = d["seal"] if is_obj(d.get("seal")) else {}
        used = [*(i for i in d.get("items", []) if is_obj(i)), seal] if isinstance(d.get("items"), list) else [seal]
        signer_key = seal.get("public_key", MISSING)
    elif kind == "audit_event":
        unsigned = verify_audit_event(x, d, keys_domain)
        domain = keys_domain
        used = [{"key_id": d.get("key_id"), "public_key": d.get("signing_public_key")}]
        signer_key = d.get("signing_public_key")
    elif kind == "ai_proof":
        unsigned = verify_ai_proof(x, d)
        domain = _lower(proof_domain(d))
    elif kind == "document_proof":
        unsigned = verify_document_proof(x, d)
        domain = _lower(proof_domain(d))
    elif kind == "event_proof":
        unsigned = verify_event_proof(x, d)
        domain = _lower(proof_domain(d))
    else:
        x.add("document", "format", False, "neither an event, AI or document proof, an audit event nor a trace bundle")
    published_for = pin_keys(x, domain, used, keys, platform_key) if kind != "unknown" else None
    check_heads(x)
    key = hex_bytes(signer_key, 32)
    signer = {"key_id": key_id_of(key), "public_key": signer_key, "published_for": published_for,
              "log_origin": x.checkpoint["origin"] if x.checkpoint else None} if key and kind != "unknown" else None
    return _report(kind, x, signer, unsigned)


def _report(kind: str, x: Ctx, signer: Any, unsigned: list[str]) -> VerifyReport:
    h = x.head
    report: VerifyReport = {
        "valid": all(c["ok"] for c in x.checks),
        "kind": kind,
        "checks": x.checks,
        "existed_no_later_than": h.existed_no_later_than if h and h.ok else None,
        "witnessed_by": list(h.witnessed_by) if h and h.ok else [],
        "unsigned": unsigned,
    }
    if x.checkpoint:
        report["checkpoint"] = x.checkpoint
    if signer:
        report["signer"] = signer
    return report
