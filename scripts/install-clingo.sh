#!/usr/bin/env bash
# Makes clingo available for the argumentation agreement test (ClingoAgreementTest): Debian's gringo package carries
# clingo 5.4. Installs it when missing and this runs as root with apt-get; exits 0 when clingo runs afterwards.
set -uo pipefail
if ! command -v clingo >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "install-clingo: installing Debian's gringo package (clingo)" >&2
  apt-get update -qq >/dev/null 2>&1 || true
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gringo >/dev/null 2>&1 || true
fi
if clingo --version >/dev/null 2>&1; then
  exit 0
fi
echo "install-clingo: no clingo (apt-get install gringo); the clingo agreement test will be skipped" >&2
exit 1
