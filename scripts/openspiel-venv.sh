#!/usr/bin/env bash
# Installs OpenSpiel's Python wheel (the package open_spiel, pinned) into a virtual environment under
# ${PARLEY_CACHE:-$HOME/.cache/parley}/venv/open_spiel, for the tests tagged `python` (the Deal-or-No-Deal parity with
# OpenSpiel's bargaining game). Idempotent: an environment that already imports the pinned version is kept.
# Prints the environment's python on its last line.
set -euo pipefail
version="2.0.2"
venv="${PARLEY_CACHE:-$HOME/.cache/parley}/venv/open_spiel"
python="$venv/bin/python"
if [ -x "$python" ] && "$python" -c "import pyspiel, importlib.metadata as m; assert m.version('open_spiel') == '$version'" \
     >/dev/null 2>&1; then
  echo "$python"
  exit 0
fi
mkdir -p "$(dirname "$venv")"
python3 -m venv "$venv"
"$python" -m pip install --quiet --disable-pip-version-check "open_spiel==$version" >&2
"$python" -c "import pyspiel; pyspiel.load_game('bargaining')" >&2
echo "$python"
