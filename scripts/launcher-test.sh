#!/usr/bin/env bash
# Tests the ./parley launcher's start-up cache: written by the first command that does some work and exits 0 (not by
# --version, not by a failed command), mapped by the next, named after the jar and the JDK, never mixed into a
# command's output, and skipped when unusable; exit codes and signals pass through. The default java gets a class-data
# archive (.jsa); with PARLEY_TEST_JAVA25 naming a java of JDK 25 or newer (scripts/jdk25.sh installs one), the same
# checks run again on it, which gets an ahead-of-time cache (.aot). Needs experiments/app/target/parley.jar
# (mvn -B package); takes about a minute. Run by .ci/run after the tests; exits non-zero with the failed check named.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
parley="$here/parley"
[ -f "$here/experiments/app/target/parley.jar" ] || { echo "launcher-test: build the jar first (mvn -B package -DskipTests)" >&2; exit 2; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME="$tmp/cache"
unset PARLEY_CDS PARLEY_JAVA_OPTS PARLEY_JAVA
cds="$XDG_CACHE_HOME/parley/cds"
fail() { echo "launcher-test: FAILED${java_name:+ ($java_name)}: $*" >&2; exit 1; }

# $1: the cache's extension (jsa or aot); $2: how the JVM's class-load log names a class mapped from it
cache_checks() {
ext="$1"
mapped="$2"
archives() { find "$cds" -maxdepth 1 -name "parley-*.$ext" 2>/dev/null | wc -l; }
rm -rf "$cds"
[ "$("$parley" --version)" = "parley 0.1.0" ] || fail "--version printed something else"
[ "$(archives)" = 0 ] || fail "--version wrote an archive"

"$parley" games --json > "$tmp/first.json"
python3 -m json.tool "$tmp/first.json" > /dev/null || fail "the first run's JSON is not JSON (a JVM message in it?)"
[ "$(archives)" = 1 ] || fail "the first real command wrote no archive"
[ -z "$(find "$cds" -maxdepth 1 -name '.parley-*' 2>/dev/null)" ] || fail "a temporary archive was left behind"

# the second run maps the archive: classes of Parley's come from it ("shared objects file (top)")
PARLEY_JAVA_OPTS="-Xlog:class+load=info:file=$tmp/load.txt" "$parley" games --json > "$tmp/second.json"
cmp -s "$tmp/first.json" "$tmp/second.json" || fail "the second run printed other output"
grep -q "dev.parley.cli.Parley source: $mapped" "$tmp/load.txt" \
  || fail "the second run did not load Parley's classes from the archive"
[ "$(archives)" = 1 ] || fail "the second run wrote another archive"

# exit codes pass through, with the archive and on a first run
set +e
"$parley" nosuchcommand > /dev/null 2> "$tmp/err.txt"; rc=$?
set -e
[ "$rc" = 2 ] || fail "a mistyped command exited $rc, not 2"
grep -q "did you mean" "$tmp/err.txt" || fail "a mistyped command lost its message"
rm -rf "$cds"
set +e
"$parley" nosuchcommand > /dev/null 2>&1; rc=$?
set -e
[ "$rc" = 2 ] || fail "a mistyped command on a first run exited $rc, not 2"
[ "$(archives)" = 0 ] || fail "a failed first run kept a cache"

# an archive that cannot be used (here: not an archive) is skipped, quietly
"$parley" games --json > /dev/null
archive="$(find "$cds" -maxdepth 1 -name "parley-*.$ext")"
chmod u+w "$archive" && echo "not an archive" > "$archive"
"$parley" games --json > "$tmp/broken.json"
cmp -s "$tmp/first.json" "$tmp/broken.json" || fail "a broken archive changed the output"

# PARLEY_CDS=off runs without it and writes none
rm -rf "$cds"
PARLEY_CDS=off "$parley" games --json > /dev/null
[ "$(archives)" = 0 ] || fail "PARLEY_CDS=off wrote an archive"

[ -z "$(find "$cds" -maxdepth 1 -name '.parley-*' 2>/dev/null)" ] || fail "a temporary file was left behind"
}

java_name=""
cache_checks jsa 'shared objects file (top)'
if [ -n "${PARLEY_TEST_JAVA25:-}" ]; then
  export PARLEY_JAVA="$PARLEY_TEST_JAVA25"
  java_name="PARLEY_JAVA=$PARLEY_JAVA"
  "$PARLEY_JAVA" -version 2>&1 | grep -q 'version "2[5-9]\|version "[3-9][0-9]' || fail "not JDK 25 or newer"
  cache_checks aot 'shared objects file'
  unset PARLEY_JAVA
  java_name=""
else
  echo "launcher-test: the ahead-of-time cache (JDK 25+) was not checked: set PARLEY_TEST_JAVA25 (scripts/jdk25.sh)" >&2
fi

# a first run is a child of the script: a TERM sent to the script reaches the JVM, which stops (no orphan)
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"$parley" serve --host 127.0.0.1 --port "$port" --db "$tmp/serve.db" > "$tmp/serve.log" 2>&1 &
script=$!
for _ in $(seq 1 120); do
  curl -s -o /dev/null "http://127.0.0.1:$port/available" && break
  sleep 0.5
done
curl -s -o /dev/null "http://127.0.0.1:$port/available" || fail "serve did not start: $(tail -5 "$tmp/serve.log")"
kill -TERM "$script"
for _ in $(seq 1 60); do
  kill -0 "$script" 2>/dev/null || break
  sleep 0.5
done
! kill -0 "$script" 2>/dev/null || fail "the launcher did not stop on TERM"
! curl -s -o /dev/null "http://127.0.0.1:$port/available" || fail "the JVM kept serving after the launcher got TERM"
echo "launcher-test: all checks passed"
