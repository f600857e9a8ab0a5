"""`python3 -m proof_ledger verify FILE [--policy P] [--tsa-ca PEM] [--keys KEYS.json] [--platform-key PK.json] [--json]`:
the offline verdict of `svc verify`, exit 0 when valid, 1 otherwise with one line on stderr naming the first failed check."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Sequence

from ._verifier import verify
from ._types import VerifyReport


def report_lines(r: VerifyReport) -> list[str]:
    """One line per check (trace items grouped, their failed or skipped checks below), then the verdict."""
    lines = [f"{r['kind'].replace('_', ' ')}: {len(r['checks'])} checks"]
    groups: dict[str, list] = {}
    for c in r["checks"]:
        groups.setdefault(c["item"], []).append(c)
    for item, cs in groups.items():
        if not item.startswith("item "):
            lines += [f"{('SKIP' if c.get('skipped') else 'OK' if c['ok'] else 'FAIL'):<5} {item}  {c['name']}: {c['detail']}" for c in cs]
            continue
        lines.append(f"{'OK' if all(c['ok'] for c in cs) else 'FAIL':<5} {item}  {', '.join(c['name'] for c in cs if not c.get('skipped'))}")
        lines += [f"        {c['name']}: {'SKIP, ' if c.get('skipped') else ''}{c['detail']}" for c in cs if not c["ok"] or c.get("skipped")]
    s = r.get("signer")
    if s:
        lines.append(f"signed by key {s['key_id']}" + (f", published for {s['published_for']}" if s["published_for"] else " (no key list checked)")
                     + (f", in the log {s['log_origin']}" if s["log_origin"] else ""))
    if r["witnessed_by"]:
        lines.append(f"witnessed by {', '.join(r['witnessed_by'])}")
    if r["existed_no_later_than"]:
        lines.append(f"existed no later than {r['existed_no_later_than']} (RFC 3161)")
    if r["unsigned"]:
        lines.append(f"not covered by any signature: {', '.join(r['unsigned'])}")
    bad = sum(1 for c in r["checks"] if not c["ok"])
    skipped = sum(1 for c in r["checks"] if c.get("skipped"))
    lines.append(f"NOT VERIFIED: {bad} of {len(r['checks'])} checks failed" if bad else
                 f"VERIFIED: all {len(r['checks']) - skipped} checks passed" + (f" ({skipped} not checked, see SKIP)" if skipped else ""))
    return lines


def verify_main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "verify":
        args = args[1:]
    ap = argparse.ArgumentParser(prog="python3 -m proof_ledger verify", description="Verify a proof document offline.")
    ap.add_argument("file")
    ap.add_argument("--policy", help="C2SP tlog-policy file: the platform key (log line), witnesses and quorum")
    ap.add_argument("--tsa-ca", help="PEM trust anchors of the time-stamping authorities")
    ap.add_argument("--keys", help="a saved GET /keys/{domain} answer")
    ap.add_argument("--platform-key", help="a saved GET /.well-known/svc-platform-key answer")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    o = ap.parse_args(args)
    try:
        doc = json.loads(Path(o.file).read_text("utf-8"))
        platform = json.loads(Path(o.platform_key).read_text("utf-8")) if o.platform_key else None
        r = verify(doc, policy=Path(o.policy) if o.policy else None, tsa_roots=Path(o.tsa_ca) if o.tsa_ca else None,
                   keys=Path(o.keys) if o.keys else None, platform_key=platform)
    except (OSError, ValueError) as e:
        print(f"error: NOT VERIFIED: {e}", file=sys.stderr)
        return 1
    print(json.dumps(r, indent=2, ensure_ascii=False) if o.json else "\n".join(report_lines(r)))
    if not r["valid"]:
        first = next(c for c in r["checks"] if not c["ok"])
        print(f"error: NOT VERIFIED: {first['item']} {first['name']}: {first['detail']}", file=sys.stderr)
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
