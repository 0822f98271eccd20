#!/bin/sh
# Writes docs/experiments.md from the program's own key descriptors (gna experiment --describe),
# so the page cannot drift from what the parser accepts. Usage: docs/make-experiments-doc.sh GNA_BINARY
set -eu
gna=${1:?usage: $0 path/to/gna}
out=$(dirname "$0")/experiments.md
kinds="evaluate head_ranking cumulative_removal layer_pruning sparsification manipulation_grid gna_masks memory_table"
{
cat <<'INTRO'
# Experiment specs

An experiment is a JSON spec file in and a result folder out. The command line and G&A Studio run
the same code:

    gna experiment SPEC.json --out DIR [--model MODEL_DIR]
    gna experiment --describe KIND        # the section of this page for KIND

In G&A Studio, each tab of the Experiments dock shows one kind as a form next to its JSON spec. The
spec text is what runs; the two are one experiment in both directions: a value typed into the form
rewrites its keys of the spec (keys the form has no field for, such as `seed` or `description`, stay
as written), and a spec typed into the editor, opened with *Open spec file…* or read from a result
with *Open result…* fills the form. An invalid spec, a spec of another kind, or a value the form
cannot show greys the form out with a note under the editor saying why; Run waits for a valid spec,
and both are read-only while the tab's experiment runs. A needle-in-a-haystack map is an `evaluate`
experiment on the `niah` task, which is what the *Needle in a haystack* tab's spec says. A run with
an empty results folder writes a new folder in the studio's data folder (on Linux
`~/.local/share/G&A Studio/gna-studio/experiments/`).

Rules that hold for every kind:

- `"experiment"` is required and names the kind. Every other key is optional unless marked
  *required*; a key the kind does not take, a misspelt key or a value of the wrong type is an
  error that names the key.
- `"task"` holds one task object, `"tasks"` a list of them (not both); without either, the
  experiment runs the default KV-retrieval task. The keys of each task are listed under *Tasks*.
- Paths are relative to the folder the command runs in.
- The result folder holds `result.json` (the spec, the model's identity, the program version,
  seeds, per-sample outcomes and aggregates), `result.csv` and `summary.csv`. A rerun with the
  same spec and model resumes; a result written by a newer program is reported with the format
  version it needs.
- Example specs ship in `resources/data/experiments/` (installed under `share/gna-studio/data/experiments/`).

The sections below are printed by `gna experiment --describe KIND`.
INTRO
for k in $kinds; do
  printf '\n## %s\n\n```text\n' "$k"
  "$gna" experiment --describe "$k" | awk '/^Tasks \(/{exit} {print}' | sed -e '${/^$/d;}'
  printf '```\n'
done
printf '\n## Tasks\n\n```text\n'
"$gna" experiment --describe evaluate | awk '/^Tasks \(/{p=1} p{print}'
printf '```\n'
} > "$out"
echo "wrote $out"
