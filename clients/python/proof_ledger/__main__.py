"""`python3 -m proof_ledger verify FILE [--policy P] [--tsa-ca PEM] [--keys KEYS.json] [--platform-key PK.json] [--json]`:
the offline verdict of `svc verify`, exit 0 when valid, 1 otherwise with one line on stderr naming the first failed check
(docs/verification.md "The command lines")."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Sequence

from ._types import VerifyResult
from ._verifier import verify

TRUST_TEXT = {
    "file": "trust: file (every signature was checked against the keys in the file; no outside trust was applied)",
    "keys": "trust: keys (the keys in the file were checked against the key list or platform key given)",
    "policy": "trust: policy (the head was checked against the verifier's witness policy)",
}


def _part(name: str) -> str:
    return name.split(".", 1)[0]


def report_lines(r: VerifyResult) -> list[str]:
    """One line per check (a bundle item's checks folded into one line, its failed or skipped ones below), then the
    signer, what no signature covers, the head's witnesses and time, the trust applied, and the verdict."""
    lines = [f"{r['kind'].replace('_', ' ')}: {len(r['checks'])} checks"]
    groups: dict[str, list] = {}
    for c in r["checks"]:
        groups.setdefault(_part(c["name"]), []).append(c)
    mark = lambda c: "SKIP" if c.get("skipped") else "OK" if c["ok"] else "FAIL"  # noqa: E731
    for part, cs in groups.items():
        if not part.startswith("items["):
            lines += [f"{mark(c):<5} {c['name']}: {c['detail']}" for c in cs]
            continue
        lines.append(f"{'OK' if all(c['ok'] for c in cs) else 'FAIL':<5} {part}: {sum(1 for c in cs if not c.get('skipped'))} checks")
        lines += [f"        {mark(c):<5} {c['name']}: {c['detail']}" for c in cs if not c["ok"] or c.get("skipped")]
    s = r.get("signer")
    if s:
        lines.append(f"signed by key {s['key_id']}" + (f", published for {s['published_for']}" if s["published_for"] else " (no key list checked)")
                     + (f", in the log {s['log_origin']}" if s["log_origin"] else ""))
    if r["unsigned"]:
        lines.append(f"not covered by any signature: {', '.join(r['unsigned'])}")
    if r["witnessed_by"]:
        lines.append(f"witnessed by {', '.join(r['witnessed_by'])}")
    lines.append(f"existed no later than {r['existed_no_later_than']} (RFC 3161)" if r["existed_no_later_than"]
                 else "time not checked: no token verified to TSA roots given")
    if r["sandbox"]:
        lines.append("TEST \u2014 not evidence: a sandbox tenant's record, made for testing")
    if not r["complete"]:
        lines.append("incomplete: a log block or head is pending or missing")
    lines.append(TRUST_TEXT.get(r["trust"], r["trust"]))
    bad = sum(1 for c in r["checks"] if not c["ok"])
    skipped = sum(1 for c in r["checks"] if c.get("skipped"))
    lines.append(f"NOT VERIFIED: {bad} of {len(r['checks'])} checks failed" if bad else
                 f"VERIFIED: all {len(r['checks']) - skipped} checks passed" + (f" ({skipped} not checked, see SKIP)" if skipped else ""))
    return lines


def failure_line(r: VerifyResult) -> str:
    first = next((c for c in r["checks"] if not c["ok"]), None)
    return f"NOT VERIFIED: {first['name']}: {first['detail']}" if first else "NOT VERIFIED"


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line on stderr and exit 1, like every other failure of the command."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise ValueError(message)


def verify_main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "verify":
        args = args[1:]
    for stream in (sys.stdout, sys.stderr):
        # Details quote the document: text that cannot be printed is escaped, never a crash.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure:
            reconfigure(errors="backslashreplace")
    ap = _Parser(prog="python3 -m proof_ledger verify", description="Verify a proof document offline.")
    ap.add_argument("file")
    ap.add_argument("--policy", help="C2SP tlog-policy file: the platform key (log line), witnesses and quorum")
    ap.add_argument("--tsa-ca", help="PEM trust anchors of the time-stamping authorities")
    ap.add_argument("--keys", help="a saved GET /keys/{domain} answer")
    ap.add_argument("--platform-key", help="a saved GET /.well-known/svc-platform-key answer")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    try:
        o = ap.parse_args(args)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    try:
        options = {name: Path(v).read_bytes() for name, v in (("policy", o.policy), ("tsa_roots", o.tsa_ca), ("keys", o.keys), ("platform_key", o.platform_key)) if v}
        proof = Path(o.file).read_bytes()
    except OSError as e:
        print(f"error: cannot read {e.filename}: {e.strerror}", file=sys.stderr)
        return 1
    r = verify(proof, **options)
    print(json.dumps(r) if o.json else "\n".join(report_lines(r)))
    if not r["valid"]:
        print(f"error: {failure_line(r)}", file=sys.stderr)
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] != "verify":
        print("usage: python3 -m proof_ledger verify FILE [--policy P] [--tsa-ca PEM] [--keys KEYS.json] [--platform-key PK.json] [--json]", file=sys.stderr)
        return 2
    return verify_main(args)


if __name__ == "__main__":
    sys.exit(main())
