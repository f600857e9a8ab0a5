"""The Python verifier over the shared vectors (test/vectors/proofs): every vector gives the manifest's valid, trust,
complete, sandbox, failed checks (in report order), existed_no_later_than and witnessed_by; the CLI prints the same
result and names the first failed check on one stderr line; no network call."""
from __future__ import annotations

import contextlib
import io
import json
import socket
import subprocess
import sys

import pytest

from conftest import HERE, VECTORS
from proof_ledger import verify
from proof_ledger.__main__ import verify_main

MANIFEST = json.loads((VECTORS / "manifest.json").read_text("utf-8"))
OPTIONS = {"policy": "policy", "tsa_ca": "tsa_roots", "keys": "keys", "platform_key": "platform_key"}
FLAGS = {"keys": "--keys", "platform_key": "--platform-key", "policy": "--policy", "tsa_ca": "--tsa-ca"}


def run(v: dict) -> dict:
    """verify() on the vector's bytes, its options as the file bytes."""
    return verify((VECTORS / v["file"]).read_bytes(), **{OPTIONS[k]: (VECTORS / f).read_bytes() for k, f in v["options"].items()})


def summary(r: dict) -> dict:
    return {"valid": r["valid"], "trust": r["trust"], "complete": r["complete"], "sandbox": r["sandbox"],
            "failed_checks": [c["name"] for c in r["checks"] if not c["ok"]],
            "existed_no_later_than": r["existed_no_later_than"], "witnessed_by": r["witnessed_by"]}


def expected(v: dict) -> dict:
    return {k: v[k] for k in ("valid", "trust", "complete", "sandbox", "failed_checks", "existed_no_later_than", "witnessed_by")}


def vector_args(v: dict) -> list[str]:
    """The CLI arguments of a manifest vector: its file and its options as flags."""
    return [str(VECTORS / v["file"]), *(a for k, f in v["options"].items() for a in (FLAGS[k], str(VECTORS / f)))]


@pytest.mark.parametrize("v", MANIFEST["vectors"], ids=lambda v: v["name"])
def test_vector(v: dict) -> None:
    r = run(v)
    assert summary(r) == expected(v)
    for name in v["must_fail"]:
        assert any(c["name"] == name and not c["ok"] for c in r["checks"]), name


def test_the_cli_gives_the_same_result_on_every_vector_and_one_stderr_line() -> None:
    """The command's own code (verify_main), in this process: stdout is the result, stderr one line when invalid."""
    for v in MANIFEST["vectors"]:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = verify_main(["verify", *vector_args(v), "--json"])
        r = json.loads(out.getvalue())
        assert (v["name"], code, summary(r)) == (v["name"], 0 if v["valid"] else 1, expected(v))
        lines = err.getvalue().splitlines()
        assert lines == ([] if v["valid"] else [lines[0]]) and all(l.startswith(f"error: NOT VERIFIED: {v['failed_checks'][0]}: ") for l in lines)


def test_vectors_cover_every_document_kind_and_many_tamperings() -> None:
    kinds = {run(v)["kind"] for v in MANIFEST["vectors"] if v["valid"]}
    assert kinds == {"event_proof", "ai_proof", "document_proof", "trace_bundle", "audit_event"}
    assert sum(1 for v in MANIFEST["vectors"] if not v["valid"]) >= 120


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


def by_name(name: str) -> dict:
    return next(v for v in MANIFEST["vectors"] if v["name"] == name)


def test_cli_exit_codes_and_the_one_stderr_line() -> None:
    ok = cli(*vector_args(by_name("trace-bundle")))
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.rstrip().splitlines()[-1].startswith("VERIFIED")
    bad = cli(*vector_args(by_name("bundle-log-order")))
    assert bad.returncode == 1
    assert bad.stderr.count("\n") == 1 and bad.stderr.startswith("error: NOT VERIFIED: bundle.log_order:")
    head = cli(*vector_args(by_name("head-quorum")), "--json")
    assert head.returncode == 1 and "record.head.quorum: not met" in head.stderr
    report = json.loads(head.stdout)
    assert report["valid"] is False and report["witnessed_by"] == [] and report["existed_no_later_than"] is None
    for args in ([str(VECTORS / "no-such-file.json")], [str(VECTORS / "event-proof.json"), "--no-such-flag"],
                 [str(VECTORS / "event-proof.json"), "--policy", str(VECTORS / "tsa-ca.pem")]):
        r = cli(*args)
        assert r.returncode == 1 and r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, (args, r.stderr)


def test_a_policy_or_tsa_roots_demand_a_complete_head() -> None:
    doc = json.loads((VECTORS / "event-proof.json").read_text())
    assert verify(doc, policy=VECTORS / "policy.txt")["valid"] is True
    doc["log"]["head"] = {"status": "pending"}
    r = verify(doc)
    assert r["valid"] is True and r["complete"] is False
    r = verify(doc, tsa_roots=VECTORS / "tsa-ca.pem")
    assert r["valid"] is False
    assert [c["name"] for c in r["checks"] if not c["ok"]] == ["record.head.status"]


def test_unreadable_options_are_a_failed_check_never_an_exception() -> None:
    r = verify({}, policy="quorum none\nwhatever\n")
    assert (r["valid"], r["trust"], [c["name"] for c in r["checks"]]) == (False, "policy", ["options.policy"])
    assert "line 2" in r["checks"][0]["detail"]
    assert [c["name"] for c in verify({}, tsa_roots="no pem here\n")["checks"]] == ["options.tsa_roots"]
    assert [c["name"] for c in verify({}, keys=b"{not json")["checks"]] == ["options.keys"]
