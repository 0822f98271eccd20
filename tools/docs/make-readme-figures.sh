#!/bin/sh
# Regenerates the README's experiment figures (docs/images/*.png) on the bundled demo transformer:
# runs each experiment with a small sample count, opens the results in a workspace and exports its
# figures with gna-studio --export-figures. Usage: tools/docs/make-readme-figures.sh [BUILD_DIR]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build/release}
gna=$build/app/gna
studio=$build/app/studio/gna-studio
model=$root/resources/demo-models/transformer
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=$root/docs/images

run() {  # run NAME SPEC_JSON
    printf '%s\n' "$2" > "$work/$1.json"
    "$gna" experiment "$work/$1.json" --model "$model" --out "$work/$1" > /dev/null 2>&1 ||
        { echo "experiment $1 failed:"; "$gna" experiment "$work/$1.json" --model "$model" --out "$work/$1"; exit 1; }
}

run head_ranking '{"experiment": "head_ranking", "task": {"name": "kv_retrieval", "sizes": [10, 20], "samples_per_size": 24, "seed": 1}}'
run cumulative_removal "{\"experiment\": \"cumulative_removal\", \"ranking\": \"$work/head_ranking/result.json\", \"steps\": [0, 1, 2, 4, 8], \"random_seed\": 1, \"task\": {\"name\": \"kv_retrieval\", \"sizes\": [10, 20], \"samples_per_size\": 24, \"seed\": 2}}"
run layer_pruning '{"experiment": "layer_pruning", "task": {"name": "kv_retrieval", "sizes": [10, 20], "samples_per_size": 24, "seed": 3}}'
run gna_masks '{"experiment": "gna_masks", "gather": ["L1.H3"], "aggregate": ["L2.H2"], "task": {"name": "mmlu", "limit_per_subject": 4}}'

cat > "$work/figures.gna.json" <<JSON
{"format": "gna-studio-workspace", "version": 1, "model": "$model",
 "prompt": "Memorize the following dictionary:\napple:42\nriver:17\ncandle:88\n\nThe value of the key 'candle' is",
 "candidates": ["88", "42", "17"],
 "views": {"attention_heads": ["L1.H3", "L2.H2"], "score_mode": 4},
 "experiment_results": ["$work/head_ranking/result.json", "$work/cumulative_removal/result.json",
                        "$work/layer_pruning/result.json", "$work/gna_masks/result.json"]}
JSON
"$studio" --export-figures "$work/figures.gna.json" "$work/figures" --formats png --dpi 110 --width double > /dev/null
mkdir -p "$out"
for f in head_board cumulative_removal_curves layer_pruning_curves gather aggregate next_token; do
    cp "$work/figures/$f.png" "$out/experiment_$f.png"
done
echo "wrote $out/experiment_*.png"
