"""The newcomer's integration in Python (docs/examples/newcomer.py, and newcomer_before.py as it had to be written
before the client waited for evidence) run as a user runs it, against a real appliance with a real webhook
receiver: proofs verify offline, the trace bundle is complete, both kinds of delivery arrive, errors carry codes."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from appliance import Appliance, make_tls, start_appliance

REPO = Path(__file__).resolve().parent.parent.parent.parent
EXAMPLES = REPO / "docs" / "examples"


@pytest.fixture(scope="module")
def hook_tls(tls_dir: Path) -> tuple[Path, Path]:
    return make_tls(tls_dir, "newcomer-hook")


@pytest.fixture(scope="module")
def newcomer_appliance(hook_tls: tuple[Path, Path]) -> Iterator[Appliance]:
    a = start_appliance({"SVC_CHECKPOINT_SECONDS": "1", "SVC_HEAD_SECONDS": "1", "SVC_STREAM_ALLOW_CIDRS": "127.0.0.0/8",
                         "SVC_STREAM_CA_FILE": str(hook_tls[0])})
    yield a
    a.stop()


@pytest.mark.parametrize("example", ["newcomer.py", "newcomer_before.py"])
def test_the_newcomer_scenario_runs_against_a_real_appliance(example: str, newcomer_appliance: Appliance, hook_tls: tuple[Path, Path]) -> None:
    a = newcomer_appliance
    env = {**os.environ, "PYTHONPATH": str(REPO / "clients" / "python"), "SVC_URL": a.url, "SVC_API_KEY": a.api_key,
           "SVC_CA": a.ca, "HOOK_CERT": str(hook_tls[0]), "HOOK_KEY": str(hook_tls[1])}
    r = subprocess.run([sys.executable, str(EXAMPLES / example)], env=env, capture_output=True, text=True, timeout=240)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert (out["event"]["valid"], out["audit"]["valid"]) == (True, True)
    # The bundle was waited for up to its published head: complete evidence, every log check made.
    assert out["bundle"] == {"valid": True, "complete": True, "items": 3}
    assert out["errors"] == ["event_not_found", "org_exists", "invalid_api_key_format"]
    assert out["org_listed"] is True and out["actions"] == ["user.login"]
    assert "events:user.login" in out["deliveries"] and "checkpoint" in out["deliveries"]
