#!/usr/bin/env bash
# Times `parley af` against clingo on Parley's own ASP encodings (core/argument/src/test/resources/asp), on the same apx
# files, one process per run for both (so both include their start-up: a JVM for Parley, none for clingo), and
# checks that both report the same number of extensions. Needs ./parley built (mvn package) and clingo (Debian's
# gringo package). Prints a Markdown table; wall-clock seconds, best of 3.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clingo >/dev/null || { echo "af-vs-clingo: no clingo (apt-get install gringo)" >&2; exit 2; }
asp=core/argument/src/test/resources/asp
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# random N P SEED: every ordered pair an attack with probability P
random() { awk -v n="$1" -v p="$2" -v s="$3" 'BEGIN { srand(s); for (i = 1; i <= n; i++) print "arg(" i ")."
  for (i = 1; i <= n; i++) for (j = 1; j <= n; j++) if (rand() < p) print "att(" i "," j ")." }'; }
# sparse N M SEED: M attacks drawn uniformly
sparse() { awk -v n="$1" -v m="$2" -v s="$3" 'BEGIN { srand(s); for (i = 1; i <= n; i++) print "arg(" i ")."
  for (k = 0; k < m; k++) print "att(" int(rand() * n) + 1 "," int(rand() * n) + 1 ")." }'; }
pairs() { awk -v k="$1" 'BEGIN { for (i = 1; i <= 2 * k; i++) print "arg(" i ")."
  for (i = 1; i <= k; i++) { print "att(" 2*i-1 "," 2*i ")."; print "att(" 2*i "," 2*i-1 ")." } }'; }
grid() { awk -v r="$1" -v c="$2" 'BEGIN { for (i = 1; i <= r * c; i++) print "arg(" i ")."
  for (i = 0; i < r; i++) for (j = 0; j < c; j++) { a = i * c + j + 1
    if (j + 1 < c) { print "att(" a "," a+1 ")."; print "att(" a+1 "," a ")." }
    if (i + 1 < r) { print "att(" a "," a+c ")."; print "att(" a+c "," a ")." } } }'; }
program() { case "$1" in CO) echo "$asp/base.lp $asp/complete.lp" ;; GR) echo "$asp/grounded.lp" ;;
  PR) echo "$asp/base.lp $asp/admissible.lp $asp/preferred.lp" ;; ST) echo "$asp/base.lp $asp/stable.lp" ;; esac; }
best() { local best=999999 t0 t1 ms; for _ in 1 2 3; do t0=$(date +%s%N); "$@" >"$work/out" 2>/dev/null || true
  t1=$(date +%s%N); ms=$(( (t1 - t0) / 1000000 )); [ "$ms" -lt "$best" ] && best=$ms; done; echo "$best"; }
random 30 0.1 1 >"$work/r30.apx"; random 60 0.05 2 >"$work/r60.apx"; random 200 0.02 3 >"$work/r200.apx"
pairs 10 >"$work/pairs10.apx"; grid 4 4 >"$work/grid4.apx"; sparse 10000 30000 4 >"$work/s10k.apx"
sparse 100000 1000000 5 >"$work/s100k.apx"
echo "| framework | arguments | attacks | semantics | extensions (both) | parley s | clingo s |"
echo "|---|---|---|---|---|---|---|"
run() { local f=$1 sem=$2 n m pe ce pt ct
  n=$(grep -c '^arg' "$work/$f.apx"); m=$(grep -c '^att' "$work/$f.apx" || true)
  pt=$(best ./parley af -p EE-"$sem" -f "$work/$f.apx"); pe=$(tr -cd '[' <"$work/out" | wc -c); pe=$((pe > 0 ? pe - 1 : 0))
  # shellcheck disable=SC2046
  ct=$(best clingo --models=0 --outf=2 $(program "$sem") "$work/$f.apx")
  ce=$(grep -c '"Value"' "$work/out" || true)
  [ "$pe" = "$ce" ] || echo "af-vs-clingo: $f $sem: parley $pe extensions, clingo $ce" >&2
  printf '| %s | %s | %s | %s | %s | %.2f | %.2f |\n' "$f" "$n" "$m" "$sem" "$ce" "$(echo "$pt/1000" | bc -l)" \
    "$(echo "$ct/1000" | bc -l)"; }
for sem in CO GR PR ST; do for f in r30 r60 pairs10 grid4; do run "$f" "$sem"; done; done
run r200 GR; run r200 PR; run s10k GR; run s100k GR
