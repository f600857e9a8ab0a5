"""The release artefacts: the version follows the appliance's, a wheel and an sdist build offline with pip alone,
and the installed wheel imports and verifies (typed: py.typed ships)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

from conftest import REPO, VECTORS

PKG = REPO / "clients" / "python"


def test_the_version_is_the_appliances() -> None:
    appliance = json.loads((REPO / "package.json").read_text())["version"]
    project = tomllib.loads((PKG / "pyproject.toml").read_text())["project"]["version"]
    import proof_ledger

    assert project == appliance == proof_ledger.__version__


def test_wheel_and_sdist_build_offline_and_the_wheel_works(tmp_path: Path) -> None:
    out = tmp_path / "dist"
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", str(PKG), "-w", str(out)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    (wheel,) = out.glob("proof_ledger-*-py3-none-any.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "proof_ledger/py.typed" in names and "proof_ledger/_timestamp.py" in names
    assert not any(n.startswith("tests/") for n in names)
    sys.path.insert(0, str(PKG / "_build"))
    try:
        import backend

        sdist = out / backend.build_sdist(str(out))
    finally:
        sys.path.remove(str(PKG / "_build"))
    members = tarfile.open(sdist).getnames()
    assert any(m.endswith("/pyproject.toml") for m in members) and any(m.endswith("/PKG-INFO") for m in members)
    target = tmp_path / "site"
    r = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--target", str(target), str(wheel)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    env = {**os.environ, "PYTHONPATH": str(target)}
    v = subprocess.run([sys.executable, "-m", "proof_ledger", "verify", str(VECTORS / "event-proof.json")], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert v.returncode == 0, v.stderr
    where = subprocess.run([sys.executable, "-c", "import proof_ledger; print(proof_ledger.__file__)"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert where.stdout.startswith(str(target))
