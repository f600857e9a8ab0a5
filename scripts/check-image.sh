#!/usr/bin/env bash
# Builds the Containerfile image and checks it (non-root, no npm, serve answers /healthz) where podman or a
# docker engine is available; says it skipped otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
engine=""
if command -v podman >/dev/null 2>&1 && podman info >/dev/null 2>&1; then engine=podman
elif command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then engine=docker
fi
if [ -z "$engine" ]; then
  echo "check-image: skipped (no podman or running docker engine on this machine)"
  exit 0
fi
tag=proof-ledger:check
"$engine" build -f Containerfile -t "$tag" .
user=$("$engine" run --rm --entrypoint /usr/bin/id "$tag" -u)
[ "$user" != "0" ] || { echo "check-image: the image runs as root"; exit 1; }
if "$engine" run --rm --entrypoint /bin/sh "$tag" -c 'command -v npm || command -v node' >/dev/null; then
  echo "check-image: npm or node found in the image"; exit 1
fi
cid=$("$engine" run -d -e SVC_BOOTSTRAP=0 "$tag")
trap '"$engine" rm -f "$cid" >/dev/null' EXIT
for _ in $(seq 1 30); do
  if "$engine" logs "$cid" 2>&1 | grep -q 'listening on https://'; then
    "$engine" exec "$cid" env BUN_BE_BUN=1 /opt/proof-ledger/proof-ledger -e "fetch('https://127.0.0.1:8443/healthz',{tls:{rejectUnauthorized:false}}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
    echo "check-image: ok ($engine, user $user)"
    exit 0
  fi
  sleep 1
done
echo "check-image: the container did not start listening"; "$engine" logs "$cid"; exit 1
