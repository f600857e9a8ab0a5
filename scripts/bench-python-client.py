"""Benchmarks the Python client against a real appliance on a temp data dir (enterprise-plan tenant, so the rate
limit does not cap the figure): ledger ingest with ProofLedger.events.create from a thread pool vs raw http.client
(one keep-alive connection per thread, the same headers and body) at the same concurrency, in alternating rounds;
then offline verification of complete record proofs per second: the event, AI, document and audit event proofs of the
shared vectors (test/vectors/proofs: log block and complete head, from an appliance with two witnesses and an openssl
TSA), with no trust given, with the key list and platform key, and with those plus the witness policy and TSA roots.
Usage: python3 scripts/bench-python-client.py [--events N] [--concurrency C] [--rounds R] [--verify-only]"""
from __future__ import annotations

import argparse
import http.client
import json
import ssl
import subprocess
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "clients" / "python"), str(ROOT / "clients" / "python" / "tests")]

from appliance import start_appliance  # noqa: E402
from proof_ledger import ProofLedger, verify  # noqa: E402
from proof_ledger._policy import parse_policy  # noqa: E402
from proof_ledger._timestamp import load_pem_certificates  # noqa: E402

VECTORS = ROOT / "test" / "vectors" / "proofs"
COMPLETE = ["event-proof.json", "ai-proof.json", "document-proof.json", "audit-event.json"]


def cli(data_dir: Path, *args: str) -> dict:
    r = subprocess.run([str(ROOT / "node_modules" / ".bin" / "bun"), "src/cli/index.ts", "--json", "--data-dir", str(data_dir), *args],
                       cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(r.stdout)


def ingest_client(pl: ProofLedger, n: int, c: int, tag: str) -> float:
    t0 = time.perf_counter()
    with ThreadPoolExecutor(c) as pool:
        list(pool.map(lambda i: pl.events.create({"event_type": tag, "payload": {"i": i, "note": "benchmark"}}), range(n)))
    return n / (time.perf_counter() - t0)


def ingest_raw(port: int, ca: str, key: str, n: int, c: int, tag: str) -> float:
    ctx = ssl.create_default_context(cafile=ca)
    local = threading.local()

    def one(i: int) -> None:
        conn = getattr(local, "conn", None) or http.client.HTTPSConnection("127.0.0.1", port, context=ctx, timeout=30)
        local.conn = conn
        body = json.dumps({"event_type": tag, "payload": {"i": i, "note": "benchmark"}}, separators=(",", ":")).encode()
        conn.request("POST", "/v1/events", body=body, headers={"authorization": f"Bearer {key}", "content-type": "application/json",
                                                               "accept": "application/json", "idempotency-key": str(uuid.uuid4())})
        r = conn.getresponse()
        data = r.read()
        if r.status != 201:
            raise RuntimeError(f"{r.status} {data[:200]!r}")
        json.loads(data)

    t0 = time.perf_counter()
    with ThreadPoolExecutor(c) as pool:
        list(pool.map(one, range(n)))
    return n / (time.perf_counter() - t0)


def verify_rates(seconds: float = 3) -> dict:
    """Complete record proofs verified per second under each trust: none, the keys, the keys plus policy and TSA roots
    (parsed once, as a verifier that keeps them would)."""
    v = lambda f: json.loads((VECTORS / f).read_text("utf-8"))  # noqa: E731
    proofs = [v(f) for f in COMPLETE]
    keys, platform = v("keys-acme.example.json"), v("platform-key.json")
    policy = parse_policy((VECTORS / "policy.txt").read_text("utf-8"))
    roots = load_pem_certificates((VECTORS / "tsa-ca.pem").read_text("utf-8"))
    trusts = {"none": {}, "keys_platform_key": {"keys": keys, "platform_key": platform},
              "keys_policy_tsa_roots": {"keys": keys, "platform_key": platform, "policy": policy, "tsa_roots": roots}}
    out = {}
    for name, trust in trusts.items():
        for p in proofs:
            r = verify(p, **trust)
            assert r["valid"] and r["existed_no_later_than"], r
        t0, done = time.perf_counter(), 0
        while time.perf_counter() - t0 < seconds:
            for p in proofs:
                verify(p, **trust)
            done += len(proofs)
        out[f"verify_complete_proofs_per_s_{name}"] = round(done / (time.perf_counter() - t0))
    out["complete_event_proof_bytes"] = len(json.dumps(proofs[0], separators=(",", ":")))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=1500)
    ap.add_argument("--concurrency", type=int, default=16)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--verify-only", action="store_true", help="only the offline verification figures (no appliance)")
    o = ap.parse_args()
    if o.verify_only:
        print(json.dumps(verify_rates(), indent=2))
        return
    a = start_appliance()
    try:
        t = cli(a.data_dir, "tenant", "create", "--name", "bench", "--domain", "bench.example", "--plan", "enterprise")
        key = cli(a.data_dir, "key", "create", "--tenant", t["tenant_id"], "--name", "bench", "--scopes", "read,write")["api_key"]
        pl = ProofLedger(a.url, key, ca=a.ca)
        ingest_raw(a.port, a.ca, key, 200, o.concurrency, "warmup")  # warm the appliance and the TLS sessions
        raw, lib = [], []
        for r in range(o.rounds):
            raw.append(ingest_raw(a.port, a.ca, key, o.events, o.concurrency, f"bench.raw.{r}"))
            lib.append(ingest_client(pl, o.events, o.concurrency, f"bench.client.{r}"))
        med = lambda xs: sorted(xs)[len(xs) // 2]  # noqa: E731
        print(json.dumps({
            "events_per_run": o.events, "concurrency": o.concurrency, "rounds": o.rounds,
            "raw_http_client_events_per_s": [round(x) for x in raw], "proof_ledger_events_per_s": [round(x) for x in lib],
            "ratio_median": round(med(lib) / med(raw), 3), **verify_rates(),
        }, indent=2))
    finally:
        a.stop()


if __name__ == "__main__":
    main()
