"""The Python verifier over the shared vectors (test/vectors/proofs): the expected verdict, the checks that must fail,
exactly the failed checks the appliance's rules report (in report order), the head's witnesses and time, and no
network call."""
from __future__ import annotations

import json
import socket
import subprocess
import sys

import pytest

from conftest import HERE, VECTORS
from proof_ledger import verify

MANIFEST = json.loads((VECTORS / "manifest.json").read_text("utf-8"))


def run(v: dict) -> dict:
    o = v["options"]
    opt = lambda k: VECTORS / o[k] if k in o else None  # noqa: E731
    platform = json.loads((VECTORS / o["platform_key"]).read_text()) if "platform_key" in o else None
    return verify(json.loads((VECTORS / v["file"]).read_text("utf-8")), policy=opt("policy"), tsa_roots=opt("tsa_ca"), keys=opt("keys"), platform_key=platform)


@pytest.mark.parametrize("v", MANIFEST["vectors"], ids=lambda v: v["name"])
def test_vector(v: dict) -> None:
    r = run(v)
    failed = [(c["item"], c["name"]) for c in r["checks"] if not c["ok"]]
    assert r["valid"] is v["valid"], failed
    for m in v["must_fail"]:
        assert any(n == m["check"] and i.startswith(m.get("item", "")) for i, n in failed), (m, failed)
    # The same failed checks as the appliance's rules, in the same order, and the same head summary.
    assert failed == [tuple(f) for f in v["failed_checks"]]
    assert (r["existed_no_later_than"], r["witnessed_by"]) == (v["existed_no_later_than"], v["witnessed_by"])


def test_vectors_cover_every_document_kind_and_many_tamperings() -> None:
    kinds = {run(v)["kind"] for v in MANIFEST["vectors"] if v["valid"]}
    assert kinds == {"event_proof", "ai_proof", "document_proof", "trace_bundle", "audit_event"}
    assert sum(1 for v in MANIFEST["vectors"] if not v["valid"]) >= 40


def test_verify_makes_no_network_call(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def refuse(*a: object, **k: object) -> None:
        calls.append(repr(a))
        raise AssertionError("verify opened a network connection")

    for name in ("socket", "create_connection", "getaddrinfo"):
        monkeypatch.setattr(socket, name, refuse)
    verdicts = [run(v)["valid"] for v in MANIFEST["vectors"]]
    assert verdicts == [v["valid"] for v in MANIFEST["vectors"]]
    assert calls == []


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "proof_ledger", "verify", *args], cwd=HERE.parent, capture_output=True, text=True, timeout=60)


def vector_args(name: str) -> list[str]:
    """The CLI arguments of a manifest vector: its file and its options as flags."""
    v = next(v for v in MANIFEST["vectors"] if v["name"] == name)
    flags = {"keys": "--keys", "platform_key": "--platform-key", "policy": "--policy", "tsa_ca": "--tsa-ca"}
    return [str(VECTORS / v["file"]), *(a for k, f in v["options"].items() for a in (flags[k], str(VECTORS / f)))]


def test_cli_exit_codes_and_the_one_stderr_line() -> None:
    ok = cli(*vector_args("trace-bundle"))
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.rstrip().splitlines()[-1].startswith("VERIFIED")
    bad = cli(*vector_args("bundle-log-order"))
    assert bad.returncode == 1
    assert bad.stderr.count("\n") == 1 and bad.stderr.startswith("error: NOT VERIFIED: bundle log_order:")
    head = cli(*vector_args("head-quorum"), "--json")
    assert head.returncode == 1 and " head_quorum: not met" in head.stderr
    report = json.loads(head.stdout)
    assert report["valid"] is False and report["witnessed_by"] == [] and report["existed_no_later_than"] is None
    good = cli(*vector_args("head-event-proof"), "--json")
    assert good.returncode == 0, good.stderr
    expected = next(v for v in MANIFEST["vectors"] if v["name"] == "head-event-proof")
    assert (json.loads(good.stdout)["existed_no_later_than"], json.loads(good.stdout)["witnessed_by"]) == (expected["existed_no_later_than"], expected["witnessed_by"])
    missing = cli(str(VECTORS / "no-such-file.json"))
    assert missing.returncode == 1 and missing.stderr.startswith("error: NOT VERIFIED:")


def test_a_policy_or_tsa_roots_demand_a_complete_head() -> None:
    doc = json.loads((VECTORS / "event-proof.json").read_text())
    assert verify(doc, policy=VECTORS / "policy.txt")["valid"] is True
    doc["log"]["head"] = {"status": "pending"}
    assert verify(doc)["valid"] is True
    r = verify(doc, tsa_roots=VECTORS / "tsa-ca.pem")
    assert r["valid"] is False
    assert [c["name"] for c in r["checks"] if not c["ok"]] == ["head"]


def test_an_unreadable_policy_is_refused_with_its_line() -> None:
    with pytest.raises(ValueError, match="line 2"):
        verify({}, policy="quorum none\nwhatever\n")
