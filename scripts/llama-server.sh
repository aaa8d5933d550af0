#!/usr/bin/env bash
# llama.cpp's own OpenAI-compatible server, for the tests of the --llm openai path against a real server.
# It comes from the Python package registry as xllamacpp, a prebuilt manylinux wheel of llama.cpp with its C++
# HTTP server (nothing is compiled), installed into ${PARLEY_CACHE:-~/.cache/parley}/venv/llama-server.
#   scripts/llama-server.sh                          install (idempotent; prints how long it took)
#   scripts/llama-server.sh start [MODEL.gguf] [PORT] serve MODEL (default: SmolLM2, see scripts/models.sh) on
#                                                    127.0.0.1:PORT (default 8080) until interrupted
# The tests start and stop the server themselves (scripts/llama_server.py, with this venv's python).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cache="${PARLEY_CACHE:-$HOME/.cache/parley}"
venv="$cache/venv/llama-server"
want="xllamacpp==2026.10.11549"
python="${PYTHON:-python3}"

since() { local ms=$(( ($(date +%s%N) - $1) / 1000000 )); printf '%d.%03d' $((ms / 1000)) $((ms % 1000)); }

installed() {
  [ "$(cat "$venv/.parley-installed" 2>/dev/null)" = "$want" ] && "$venv/bin/python" -c 'import xllamacpp' 2>/dev/null
}

install() {
  local t0
  t0=$(date +%s%N)
  if installed; then
    echo "llama-server.sh: $want already in $venv ($(since "$t0") s)" >&2
    return 0
  fi
  if ! "$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' 2>/dev/null; then
    echo "llama-server.sh: xllamacpp needs Python 3.10 or newer ($python is not)" >&2; return 1
  fi
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  # no pip inside the venv: ensurepip costs more than the install itself; the outer pip installs into it
  "$python" -m venv --without-pip "$venv"
  if ! "$python" -m pip --python "$venv/bin/python" install -q --disable-pip-version-check "$want" >&2; then
    # a pip older than 22.3 has no --python: the venv gets its own pip
    rm -rf "$venv"; "$python" -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check "$want" >&2
  fi
  if ! "$venv/bin/python" -c 'import xllamacpp' 2>/dev/null; then
    rm -rf "$venv"; echo "llama-server.sh: pip install $want failed" >&2; return 1
  fi
  echo "$want" > "$venv/.parley-installed"   # written last: a half-made venv is never taken as installed
  echo "llama-server.sh: installed $want in $venv in $(since "$t0") s" >&2
}

case "${1:-install}" in
  install) install ;;
  start)
    install
    model="${2:-$cache/models/SmolLM2-135M-Instruct.Q4_1.gguf}"
    exec "$venv/bin/python" "$here/llama_server.py" --model "$model" --port "${3:-8080}" ;;
  *) echo "usage: scripts/llama-server.sh [install | start [MODEL.gguf] [PORT]]" >&2; exit 2 ;;
esac
