"""verify(): reads a proof document, detects its kind, runs its rules offline and returns the one result every verifier
gives (docs/verification.md "The result"). Never raises: any input, any option gives a result."""
from __future__ import annotations

import os
import time
from datetime import datetime
from pathlib import Path
from typing import Any, Sequence, Union

from cryptography import x509

from ._logs import HeadTrust
from ._policy import Policy, PolicyError, parse_policy
from ._rules import (
    Ctx, bundle_item_part, check_heads, pin_keys, proof_domain, published_keys, verify_ai_proof, verify_audit_event,
    verify_bundle, verify_document_proof, verify_event_proof,
)
from ._timestamp import load_pem_certificates
from ._types import VerifyResult
from ._util import MISSING, MAX_DEPTH, b64url_bytes, hex_bytes, is_obj, js_loads, key_id_of, too_deep

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


def _content(v: Source) -> str | bytes:
    """A value given as a path (PathLike, or a str naming an existing file without a newline: its bytes) or as its
    content (a str as it is, bytes as they are)."""
    if isinstance(v, os.PathLike) or (isinstance(v, str) and "\n" not in v and len(v) < 4096 and os.path.isfile(v)):
        return Path(v).read_bytes()
    return v


def _text(v: Source) -> str:
    c = _content(v)
    return c.decode("utf-8") if isinstance(c, bytes) else c


def _read_document(proof: Any) -> tuple[Any, str | None]:
    """The document as JSON: bytes must be UTF-8, text must be JSON (as JSON.parse reads it), at most MAX_DEPTH deep."""
    if isinstance(proof, (str, bytes, os.PathLike)):
        try:
            text = _text(proof)
        except OSError as e:
            return None, f"unreadable ({e.__class__.__name__})"
        except UnicodeDecodeError:
            return None, "not UTF-8"
        try:
            doc = js_loads(text)
        except (ValueError, RecursionError):
            return None, "not JSON"
    else:
        doc = proof
    return (None, f"nested deeper than {MAX_DEPTH} levels") if too_deep(doc) else (doc, None)


def _json_option(v: Any) -> Any:
    return js_loads(_text(v)) if isinstance(v, (str, bytes, os.PathLike)) else v


def _platform_key(platform_key: Any) -> bytes | None:
    """A /.well-known/svc-platform-key answer (public_key base64url) -> the raw key."""
    k = b64url_bytes(platform_key.get("public_key")) if is_obj(platform_key) and isinstance(platform_key.get("public_key"), str) else None
    return k if k is not None and len(k) == 32 else None


def _lower(v: Any) -> str | None:
    return v.lower() if isinstance(v, str) and v else None


def _trust(policy: Any, keys: Any, platform_key: Any) -> str:
    """docs/verification.md "Trust levels": a policy, else a key list or platform key, else only the file."""
    return "policy" if policy is not None else "keys" if keys is not None or platform_key is not None else "file"


def _refused(trust: str, name: str, detail: str, kind: str = "unknown") -> VerifyResult:
    return {"valid": False, "trust": trust, "complete": False, "sandbox": False,  # type: ignore[typeddict-item]
            "checks": [{"name": name, "ok": False, "detail": detail}], "existed_no_later_than": None, "witnessed_by": [],
            "kind": kind, "signer": None, "unsigned": []}


def verify(
    proof: Any,
    policy: Union[Source, Policy, None] = None,
    tsa_roots: Union[Source, Sequence[x509.Certificate], None] = None,
    keys: Any = None,
    platform_key: Any = None,
    now: Union[datetime, float, None] = None,
) -> VerifyResult:
    """Verifies a proof document offline (no network call): an event, AI or document proof, an audit event or a trace
    bundle, as the API returns it (a dict, its JSON text or bytes, or a path). `policy`: a C2SP tlog-policy (text, path
    or parsed) whose log line is the head's key and whose quorum the head's cosignatures must meet; `tsa_roots`: PEM
    trust anchors (text, path or certificates): only tokens that verify to them date the record; `keys`: a GET
    /keys/{domain} answer every record's key must be published in; `platform_key`: a GET /.well-known/svc-platform-key
    answer (dict, JSON text or path; signs that key list, and is the head's key without a policy); `now`: the checking
    clock for cosignature times (default: now). Never raises: unreadable options fail `options.<name>`."""
    trust = _trust(policy, keys, platform_key)
    try:
        pol = policy if isinstance(policy, Policy) else parse_policy(_text(policy)) if policy is not None else None
    except (PolicyError, OSError, ValueError) as e:
        return _refused(trust, "options.policy", str(e))
    try:
        if tsa_roots is None:
            anchors: list[x509.Certificate] = []
        elif isinstance(tsa_roots, (str, bytes, os.PathLike)):
            anchors = load_pem_certificates(_text(tsa_roots))
            if not anchors:
                return _refused(trust, "options.tsa_roots", "no CERTIFICATE block in the TSA roots")
        else:
            anchors = list(tsa_roots)
    except (OSError, ValueError) as e:
        return _refused(trust, "options.tsa_roots", str(e))
    try:
        keys = _json_option(keys) if keys is not None else None
    except (OSError, ValueError, RecursionError) as e:
        return _refused(trust, "options.keys", f"not JSON ({e.__class__.__name__})")
    try:
        platform_key = _json_option(platform_key) if platform_key is not None else None
    except (OSError, ValueError, RecursionError) as e:
        return _refused(trust, "options.platform_key", f"not JSON ({e.__class__.__name__})")
    clock = now.timestamp() if isinstance(now, datetime) else float(now) if now is not None else time.time()
    doc, error = _read_document(proof)
    if error:
        return _refused(trust, "document.json", f"the document is {error}")
    kind = document_kind(doc)
    x = Ctx(keys=published_keys(keys), trust=HeadTrust(policy=pol, anchors=anchors, platform_key=_platform_key(platform_key), now=clock),
            demand_head=pol is not None or bool(anchors))
    try:
        return _run(x, doc, kind, keys, platform_key, trust)
    except Exception as e:  # noqa: BLE001 - every rule is written not to raise; should one, the result says so
        x.add("document", "error", False, f"the verifier could not finish: {e.__class__.__name__}: {e}")
        return {"valid": False, "trust": trust, "complete": False, "sandbox": False, "checks": x.checks,  # type: ignore[typeddict-item]
                "existed_no_later_than": None, "witnessed_by": [], "kind": kind, "signer": None, "unsigned": []}


def _run(x: Ctx, doc: Any, kind: str, keys: Any, platform_key: Any, trust: str) -> VerifyResult:
    d = doc if is_obj(doc) else {}
    keys_domain = _lower(keys.get("domain")) if is_obj(keys) else None
    used: list[tuple[str, dict[str, Any]]] = [("record", d)]
    signer_key: Any = d.get("public_key", MISSING)
    unsigned: list[str] = []
    domain: str | None = None
    if kind == "trace_bundle":
        unsigned = verify_bundle(x, d)
        header = d.get("header")
        domain = _lower(header.get("tenant_domain")) if is_obj(header) else None
        seal = d["seal"] if is_obj(d.get("seal")) else {}
        items = d["items"] if isinstance(d.get("items"), list) else []
        used = [*((bundle_item_part(i), it) for i, it in enumerate(items) if is_obj(it)), ("seal", seal)]
        signer_key = seal.get("public_key", MISSING)
    elif kind == "audit_event":
        unsigned = verify_audit_event(x, d, keys_domain)
        domain = keys_domain
        used = [("record", {"key_id": d.get("key_id", MISSING), "public_key": d.get("signing_public_key", MISSING)})]
        signer_key = d.get("signing_public_key", MISSING)
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
        x.incomplete = True
        x.add("document", "format", False, "neither an event, AI or document proof, an audit event nor a trace bundle")
    published_for = pin_keys(x, domain, used, keys, platform_key) if kind != "unknown" else None
    check_heads(x)
    key = hex_bytes(signer_key, 32)
    signer = {"key_id": key_id_of(key), "public_key": signer_key, "published_for": published_for,
              "log_origin": x.checkpoint["origin"] if x.checkpoint else None} if key and kind != "unknown" else None
    h = x.head
    head_ok = h is not None and h.status == "checked" and h.ok
    return {
        "valid": all(c["ok"] for c in x.checks),
        "trust": trust,  # type: ignore[typeddict-item]
        "complete": not x.incomplete,
        "sandbox": x.sandbox,
        "checks": x.checks,  # type: ignore[typeddict-item]
        "existed_no_later_than": h.existed_no_later_than if head_ok and h else None,
        "witnessed_by": list(h.witnessed_by) if head_ok and h else [],
        "kind": kind,
        "signer": signer,  # type: ignore[typeddict-item]
        "unsigned": unsigned,
    }
