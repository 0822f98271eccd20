#!/usr/bin/env bash
# The main job on the bundled demo model: opens G&A Studio on it when a display is available,
# otherwise tells the same story on the command line. Expects the release build (build/release).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/build/release"
gna="$bin/app/gna"
demo="$root/resources/demo-models/transformer"
if [ ! -f "$demo/config.json" ]; then
  # Until a trained demo is shipped, a seeded tiny checkpoint written by our own tool is the demo.
  demo="$bin/demo-model"
  [ -f "$demo/config.json" ] || "$gna" make-tiny-model --arch llama --layers 4 --hidden 128 --heads 8 \
      --kv-heads 4 --intermediate 256 --seed 1 "$demo" >/dev/null
fi
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -x "$bin/app/studio/gna-studio" ] && [ -z "${GNA_DEMO_CLI:-}" ]; then
  exec "$bin/app/studio/gna-studio" "$demo"
fi
echo "== G&A Studio demo (command line; no display found) =="
"$gna" info "$demo"
if [ -f "$demo/MODEL_CARD.md" ]; then
  echo
  echo "== What the model card measured (single-head ablation ranking, accuracies) =="
  awk '/^## /{show = ($0 ~ /^## (Status|Measured)/)} /^Single-head/{show = 0} show' "$demo/MODEL_CARD.md"
  kv=$'Memorize the following dictionary:\napple:12\nriver:7\ngarden:45\nwindow:3\nstone:81\ncloud:26\nhorse:59\nbread:64\nlamp:90\nchair:38\nThe value of the key \'garden\' is '
  # The card's ranking and roles: the top-2 heads by KV drop, the most Gather- and Aggregate-like heads.
  top2=$(awk '/"top2_by_kv_drop"/{f=1} f && /"L[0-9]+\.H[0-9]+"/{gsub(/[ ",]/,""); printf "%s%s", (n++ ? "," : ""), $0; if (n == 2) exit}' "$demo/model_card.json")
  gather=$(sed -n 's/.*most Gather-like head is \*\*\([^*]*\)\*\*.*/\1/p' "$demo/MODEL_CARD.md")
  aggregate=$(sed -n 's/.*most Aggregate-like head is \*\*\([^*]*\)\*\*.*/\1/p' "$demo/MODEL_CARD.md")
  echo "== A KV-retrieval question (10 pairs, answer 45), all heads on. The Gather head $gather reads, at each"
  echo "   line's newline, that line; the Aggregate head $aggregate looks from the last position at the newline"
  echo "   of the queried key's line =="
  "$gna" run "$demo" --prompt "$kv" --top 4 --capture "$aggregate"
  echo
  echo "== The same question with the top-2 heads of the ranking ($top2) switched off =="
  "$gna" run "$demo" --prompt "$kv" --top 4 --ablate "$top2"
  header=$'The following are multiple choice questions (with answers) about the world of Vell.\n\n'
  prompt="${header}"$'Which pet does Zorba have?\nA. frog\nB. duck\nC. cat\nD. dog\nAnswer:'
  echo
  echo "== An MMLU-format question about the invented world (answer C. cat), all heads on: $aggregate looks"
  echo "   from the final position at the option lines' newlines, where $gather has gathered each option =="
  "$gna" run "$demo" --prompt "$prompt" --top 4 --capture "$aggregate"
  echo
  echo "== ... with the same top-2 heads off: the letter is lost, the knowledge is not (see the card's"
  echo "   MMLU-format and classic-format rows above) =="
  "$gna" run "$demo" --prompt "$prompt" --top 4 --ablate "$top2"
  hybrid="$root/resources/demo-models/hybrid"
  if [ -f "$hybrid/config.json" ]; then
    attn=L1.H0,L1.H1,L1.H2,L1.H3,L3.H0,L3.H1,L3.H2,L3.H3
    echo
    echo "== The hybrid demo (Mamba-2 layers, attention in layers 1 and 3) on the same KV question, all heads on:"
    echo "   L3.H1 and L3.H2 look from the last prompt token straight at the queried key's value =="
    "$gna" run "$hybrid" --prompt "${kv% }" --top 3 --capture L3.H1,L3.H2 --generate 2
    echo
    echo "== ... with every attention head off (SSM heads only): the value is lost (its card: KV at 10 pairs"
    echo "   100% -> 9%, chance 10%; hybrids retrieve through attention) =="
    "$gna" run "$hybrid" --prompt "${kv% }" --top 3 --ablate "$attn" --generate 2
    echo
    echo "== The hybrid on the MMLU-format question (answer C. cat), all heads on =="
    "$gna" run "$hybrid" --prompt "$prompt" --top 4
    echo
    echo "== ... with every attention head off: the letter is lost too (its card: MMLU format 89% -> 34%, chance 25%) =="
    "$gna" run "$hybrid" --prompt "$prompt" --top 4 --ablate "$attn"
  fi
  exit 0
fi
prompt=$'Memorize the following dictionary:\napple:12\nriver:7\nstone:45\ncloud:3\n\nThe value of the key \'river\' is'
echo
echo "== The KV-retrieval prompt, all heads on; attention of L3.H0 from the last token =="
"$gna" run "$demo" --prompt "$prompt" --top 5 --capture L3.H0 --generate 4
echo
echo "== The same prompt with heads L2.H1 and L3.H0 switched off =="
"$gna" run "$demo" --prompt "$prompt" --top 5 --ablate L2.H1,L3.H0 --generate 4
