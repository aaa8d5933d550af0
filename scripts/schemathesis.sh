#!/usr/bin/env bash
# Fuzzes a live `parley serve` on loopback with Schemathesis, from the OpenAPI description it serves at
# /openapi.json: every check Schemathesis has, in its four phases (the description's examples, coverage of each
# schema's edges, random fuzzing, and stateful sequences that follow the description's links: new dialogue ->
# roles -> join -> the participant's moves -> a move, and stores), bounded in examples and in time. The server runs
# with an operator token, so that Schemathesis also checks that the operator endpoints refuse a missing or wrong
# token. Fails on any 5xx, on any response that does not match the description, and on a request the description
# allows that the server calls malformed (scripts/schemathesis.toml narrows what it must). Afterwards the server
# is stopped with SIGTERM (exit 0 required), the SQLite file must pass its integrity check, and the server, started
# again on it, must quarantine nothing and serve every dialogue as it was.
#
# Schemathesis is installed from PyPI into a virtual environment under ${PARLEY_CACHE:-$HOME/.cache/parley}/venv.
# Usage: scripts/schemathesis.sh [--install-only]   (run from the repository root, after `mvn -B package`)
# FUZZ_EXAMPLES (examples per operation and phase, 20) and FUZZ_SECONDS (each of the two runs' time budget, 120 s)
# bound the run.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cache="${PARLEY_CACHE:-$HOME/.cache/parley}"
venv="$cache/venv/schemathesis"
version="${SCHEMATHESIS_VERSION:-4.32.5}"
# Hypothesis is pinned too: Schemathesis allows a range, and a later Hypothesis has broken an older Schemathesis
# inside the fuzzer before ('many' object has no attribute 'more', with 3.39.16 and Hypothesis 6.170).
hypothesis="${HYPOTHESIS_VERSION:-6.170.17}"
installed() { "$venv/bin/pip" show "$1" 2>/dev/null | sed -n 's/^Version: //p'; }
if [ ! -x "$venv/bin/st" ] || [ "$(installed schemathesis)" != "$version" ] \
   || [ "$(installed hypothesis)" != "$hypothesis" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "schemathesis==$version" "hypothesis==$hypothesis"
fi
[ "${1:-}" = "--install-only" ] && exit 0

work="$(mktemp -d)"
pid=""
cleanup() { if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
export PARLEY_FUZZ_OPERATOR="fuzz-$(python3 -c 'import secrets; print(secrets.token_urlsafe(24))')"
serve() {
  "$here/parley" serve --host 127.0.0.1 --port "$port" --db "$work/fuzz.db" --admin-token-env PARLEY_FUZZ_OPERATOR \
    --max-replies 4 --scenarios 2 --iterations 30 >>"$work/serve.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 120); do
    curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  cat "$work/serve.log" >&2
  echo "scripts/schemathesis.sh: parley serve did not start" >&2
  exit 1
}
serve
base="http://127.0.0.1:$port"
echo "scripts/schemathesis.sh: fuzzing $base (Schemathesis $version, Hypothesis $hypothesis)" >&2
# Two runs, each with its own time budget, so that fuzzing (which repeats until its budget is spent) leaves the
# stateful phase its share. Every check Schemathesis has is on (its default); --checks would override the
# per-operation settings of scripts/schemathesis.toml.
st() {
  "$venv/bin/st" --config-file "$here/scripts/schemathesis.toml" run "$base/openapi.json" --url "$base" \
    --header "Authorization: Bearer $PARLEY_FUZZ_OPERATOR" --max-examples "${FUZZ_EXAMPLES:-20}" --seed 1 \
    --workers 1 --request-timeout 30 --max-response-time 30 --no-color \
    --exclude-path '/ui/reports/{name}' --exclude-path '/ui/reports/{name}/{file}' "$@"
}
rc=0
st --phases examples,coverage,fuzzing --max-time "${FUZZ_SECONDS:-120}" --report vcr --report-dir "$work/report1" \
  || rc=$?
st --phases stateful --max-time "${FUZZ_SECONDS:-120}" --report vcr --report-dir "$work/report2" || rc=$?
requests="$(cat "$work"/report*/*.yaml 2>/dev/null | grep -c '^- id:' || true)"
echo "scripts/schemathesis.sh: Schemathesis exited $rc after $requests requests" >&2

# afterwards: SIGTERM stops the server cleanly; the SQLite file passes its integrity check; the server starts
# again on it, quarantines nothing, and serves every dialogue as it was (protocol, domain, scenario, its moves)
# the list of dialogues is the operator's
dialogues() { curl -fsS -H "Authorization: Bearer $PARLEY_FUZZ_OPERATOR" "$base/ui/api/dialogues" >"$1"; }
dialogues "$work/before.json"
before="$(curl -fsS "$base/health")"
kill -TERM "$pid"
stopped=0
wait "$pid" || stopped=$?
pid=""
if [ "$stopped" != 0 ]; then
  tail -20 "$work/serve.log" >&2
  echo "scripts/schemathesis.sh: parley serve exited $stopped on SIGTERM, not 0" >&2
  exit 1
fi
integrity="$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("PRAGMA integrity_check").fetchone()[0])' "$work/fuzz.db")"
if [ "$integrity" != ok ]; then
  echo "scripts/schemathesis.sh: the store fails SQLite's integrity check after the run: $integrity" >&2
  exit 1
fi
serve
after="$(curl -fsS "$base/health")"
dialogues "$work/after.json"
echo "scripts/schemathesis.sh: the store passed SQLite's integrity check; before the restart $before; after it $after" >&2
# the same dialogues, each with its protocol, domain and scenario, none unavailable, and no move lost (an agent
# invited during the run may have answered a move since, so a count may be higher, never lower)
if ! python3 - "$work/before.json" "$work/after.json" "$after" <<'PY' >&2
import json, sys
before = {d["id"]: d for d in json.load(open(sys.argv[1]))["dialogues"]}
after = {d["id"]: d for d in json.load(open(sys.argv[2]))["dialogues"]}
problems = []
if json.loads(sys.argv[3])["quarantined"] != 0:
    problems.append("quarantined: %s" % json.loads(sys.argv[3])["quarantined"])
if set(before) != set(after):
    problems.append("dialogues lost %s, new %s" % (sorted(set(before) - set(after)), sorted(set(after) - set(before))))
for i, b in before.items():
    a = after.get(i)
    if a is None:
        continue
    if a["status"] == "unavailable":
        problems.append("%s unavailable: %s" % (i, a.get("error")))
    elif any(a.get(k) != b.get(k) for k in ("protocol", "domain", "scenario")) or a.get("moves", 0) < b.get("moves", 0):
        problems.append("%s was %s, is %s" % (i, b, a))
for p in problems:
    print("scripts/schemathesis.sh: after the restart: " + p)
if not problems:
    print("scripts/schemathesis.sh: the restarted server serves all %d dialogues as they were" % len(before))
sys.exit(1 if problems else 0)
PY
then
  exit 1
fi
exit "$rc"
