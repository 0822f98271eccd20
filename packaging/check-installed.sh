#!/usr/bin/env bash
# Checks the installed G&A Studio on its own, reading nothing but /usr: gna --version, gna info and a
# small head ranking on the installed demo model, the studio offscreen (exporting the figures of an
# installed workspace when gna-studio has --export-figures, else showing the demo model), and the
# desktop entry's Exec line under Xvfb. packaging/test-package.sh runs it with the checkout hidden.
# usage: check-installed.sh VERSION WORK_DIR
set -euo pipefail
version=$1
work=$2
share=/usr/share/gna-studio
demo=$share/demo-models/transformer
desktop=/usr/share/applications/org.gnastudio.GnaStudio.desktop
fail() { echo "check-installed: FAILED: $*" >&2; exit 1; }
say() { echo "check-installed: $*"; }
cd "$work"
export HOME=$work/home XDG_RUNTIME_DIR=$work/runtime
mkdir -p "$HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"

[ "$(command -v gna)" = /usr/bin/gna ] || fail "gna is not /usr/bin/gna"
[ "$(command -v gna-studio)" = /usr/bin/gna-studio ] || fail "gna-studio is not /usr/bin/gna-studio"
gna --version | grep -q "^gna $version " || fail "gna --version does not say $version: $(gna --version)"
QT_QPA_PLATFORM=offscreen gna-studio --version | grep -q " $version\$" || fail "gna-studio --version does not say $version"
grep -q "<release version=\"$version\"" /usr/share/metainfo/org.gnastudio.GnaStudio.metainfo.xml ||
  fail "the AppStream metainfo's release is not $version"
say "gna, gna-studio and the metainfo: version $version"
# Every program the package puts on PATH has its man page (rendered where man is installed and the
# system keeps man pages).
for page in gna gna-studio gna-slurm-sweep; do
  f=/usr/share/man/man1/$page.1.gz
  dpkg -L gna-studio | grep -qx "$f" || fail "the package has no man page for $page ($f)"
  if [ -f "$f" ] && command -v man > /dev/null; then
    man -l "$f" 2>/dev/null | grep -q "^NAME" || fail "man -l $f shows no page"
  fi
done
say "man pages of gna, gna-studio and gna-slurm-sweep"
# The demo trainer (tools/train-demo) is a developer tool: not installed, and the CLI has no train-demo.
! command -v gna-train-demo > /dev/null || fail "gna-train-demo is installed; it is a developer tool, not part of the package"
gna --help > help.txt
! grep -q "train-demo" help.txt || fail "gna --help still lists train-demo"

# The package's triggers registered the workspace type and the desktop entry's handlers.
grep -q "application/x-gna-workspace:\*\.gna\.json" /usr/share/mime/globs2 || fail "*.gna.json is not in the MIME database"
grep -q "^application/x-gna-workspace=.*org.gnastudio.GnaStudio.desktop" /usr/share/applications/mimeinfo.cache ||
  fail "the desktop entry is not registered for application/x-gna-workspace"
grep -q "^inode/directory=.*org.gnastudio.GnaStudio.desktop" /usr/share/applications/mimeinfo.cache ||
  fail "the desktop entry is not offered for folders"
say "MIME type *.gna.json and the desktop entry's handlers registered"

gna info "$demo" > info.txt || fail "gna info $demo"
grep -qi "layers" info.txt || fail "gna info printed no layers: $(cat info.txt)"
say "gna info on the installed demo: ok"

# KV retrieval reads the installed word list; two heads ranked on four prompts.
cat > ranking.json <<'SPEC'
{"experiment": "head_ranking", "task": {"name": "kv_retrieval", "sizes": [10], "samples_per_size": 4, "seed": 1},
 "heads": ["L1.H3", "L2.H2"]}
SPEC
gna experiment ranking.json --model "$demo" --out ranking --quiet || fail "gna experiment on the installed demo"
[ -s ranking/result.json ] && grep -q '"L2.H2"' ranking/result.json || fail "gna experiment wrote no ranking"
say "gna experiment (head ranking) on the installed demo: ok"

# The Python module (built with GNA_PYTHON=ON) in the system's python3: the same ranking's result file.
if [ -d /usr/lib/python3/dist-packages/gna ]; then
  /usr/bin/python3 - "$demo" <<'PY' || fail "import gna on the installed demo"
import json, sys
import gna
model = gna.load(sys.argv[1])
assert model.run("a:1\n", capture=["L2.H2"]).maps["L2.H2"].shape[0] > 0
spec = json.load(open("ranking.json"))
r = gna.run_experiment(spec, sys.argv[1], out="ranking-py")
assert open("ranking-py/result.json").read() == open("ranking/result.json").read(), "result.json differs"
PY
  say "python3: import gna, a run and the same head ranking on the installed demo: ok"
fi

workspace=$(find "$share/workspaces" -name '*.gna.json' 2>/dev/null | sort | head -n 1 || true)
if [ -n "$workspace" ] && QT_QPA_PLATFORM=offscreen gna-studio --help | grep -q -- '--export-figures'; then
  QT_QPA_PLATFORM=offscreen timeout 300 gna-studio --export-figures "$workspace" figures ||
    fail "gna-studio --export-figures $workspace"
  [ -n "$(find figures -type f -size +0 2>/dev/null)" ] || fail "gna-studio --export-figures wrote no figure"
  say "gna-studio offscreen exported $(find figures -type f | wc -l) figure file(s) from $workspace"
else
  # No headless export in this build: the studio must open the demo and keep running for 15 s.
  rc=0
  QT_QPA_PLATFORM=offscreen timeout 15 gna-studio "$demo" > studio.log 2>&1 || rc=$?
  [ "$rc" -eq 124 ] || fail "gna-studio offscreen on $demo exited with $rc: $(cat studio.log)"
  say "gna-studio offscreen on the installed demo: running after 15 s (no --export-figures in this build)"
fi

# The desktop entry's Exec line, %f replaced by the demo folder, under Xvfb: a window titled with
# the model's name must appear.
exec_line=$(sed -n 's/^Exec=//p' "$desktop")
read -ra cmd <<< "$exec_line"
for i in "${!cmd[@]}"; do [ "${cmd[$i]}" = %f ] && cmd[$i]=$demo; done
export cmd_string="${cmd[*]}"
xvfb-run -a -s "-screen 0 1600x1000x24" bash -c '
  read -ra cmd <<< "$cmd_string"
  "${cmd[@]}" > desktop-launch.log 2>&1 &
  pid=$!
  for _ in $(seq 60); do
    if xwininfo -root -tree 2>/dev/null | grep -q "G&A Studio.*transformer"; then kill "$pid"; wait "$pid" || true; exit 0; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 1
  done
  kill "$pid" 2>/dev/null || true
  echo "no window titled with the model appeared; log:" >&2; cat desktop-launch.log >&2
  exit 1' || fail "the desktop entry's Exec line ($exec_line) under Xvfb"
say "desktop entry: '$exec_line' opened the demo in a window under Xvfb"
