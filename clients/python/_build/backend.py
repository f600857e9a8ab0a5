"""A PEP 517 build backend in the standard library only: a pure-Python wheel and an sdist of proof_ledger.
setuptools cannot build a wheel here without the separate `wheel` package, and the build must work offline."""
from __future__ import annotations

import base64
import hashlib
import io
import os
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "proof_ledger"


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]


def _dist_name(p: dict) -> str:
    return p["name"].replace("-", "_")


def _metadata(p: dict) -> str:
    lines = ["Metadata-Version: 2.1", f"Name: {p['name']}", f"Version: {p['version']}", f"Summary: {p['description']}",
             f"Requires-Python: {p['requires-python']}", f"License: {p['license']['text']}"]
    lines += [f"Classifier: {c}" for c in p.get("classifiers", [])]
    lines += [f"Requires-Dist: {d}" for d in p.get("dependencies", [])]
    lines.append("Description-Content-Type: text/markdown")
    readme = ROOT / p.get("readme", "README.md")
    return "\n".join(lines) + "\n\n" + (readme.read_text("utf-8") if readme.exists() else "")


def _sources() -> list[Path]:
    return sorted(f for f in (ROOT / PACKAGE).rglob("*") if f.is_file() and f.suffix in (".py", ".typed") and "__pycache__" not in f.parts)


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def _zip_write(z: zipfile.ZipFile, name: str, data: bytes, record: list[str]) -> None:
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    info.external_attr = 0o644 << 16
    z.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    record.append(f"{name},sha256={digest},{len(data)}")


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    p = _project()
    name = f"{_dist_name(p)}-{p['version']}-py3-none-any.whl"
    info = f"{_dist_name(p)}-{p['version']}.dist-info"
    record: list[str] = []
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w") as z:
        for f in _sources():
            _zip_write(z, f.relative_to(ROOT).as_posix(), f.read_bytes(), record)
        _zip_write(z, f"{info}/METADATA", _metadata(p).encode(), record)
        _zip_write(z, f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: proof-ledger-backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n", record)
        scripts = p.get("scripts", {})
        if scripts:
            _zip_write(z, f"{info}/entry_points.txt", ("[console_scripts]\n" + "".join(f"{k} = {v}\n" for k, v in scripts.items())).encode(), record)
        record.append(f"{info}/RECORD,,")
        z.writestr(zipfile.ZipInfo(f"{info}/RECORD", date_time=(2020, 1, 1, 0, 0, 0)), "\n".join(record) + "\n")
    return name


def build_sdist(sdist_directory, config_settings=None):
    p = _project()
    base = f"{_dist_name(p)}-{p['version']}"
    name = f"{base}.tar.gz"
    files = [ROOT / "pyproject.toml", ROOT / "README.md", ROOT / "_build" / "backend.py", *_sources()]
    files += sorted(f for f in (ROOT / "tests").rglob("*.py")) if (ROOT / "tests").exists() else []
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as t:
        def add(arcname: str, data: bytes) -> None:
            ti = tarfile.TarInfo(f"{base}/{arcname}")
            ti.size, ti.mtime, ti.mode = len(data), int(time.time()), 0o644
            t.addfile(ti, io.BytesIO(data))

        for f in files:
            if f.exists():
                add(f.relative_to(ROOT).as_posix(), f.read_bytes())
        add("PKG-INFO", _metadata(p).encode())
    return name
