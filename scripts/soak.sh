#!/usr/bin/env bash
# A bounded soak of a real `parley serve` on loopback with wrk: see scripts/soak.py (options: --minutes 1..5,
# --dialogues N, --connections N, --cached-dialogues N, --cached-moves N, --snapshot-every N, --json FILE). Run from the repository root after `mvn -B package -DskipTests`.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
exec python3 "$here/scripts/soak.py" "$@"
