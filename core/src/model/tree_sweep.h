#pragma once
// Sweeps through the tree pass (attention models): the prompt and every distinct proper prefix of
// the continuations run as ONE masked sequence, so the first-token log-probabilities (after the
// prompt's last token) and those of tokens 2.. (after each prefix node) come out of a single pass
// without copying a KV cache. Plans that change layer l start from the unablated hidden states of
// prompt AND nodes at layer l (prefix reuse for the tails too); rows share layer l's attention and
// fan out at its per-head output scale; the last layer computes only the needed queries.
#include <vector>

#include "model/causal_lm.h"

namespace gna {

// The continuations as a token tree hanging off the prompt's last token: a node per distinct
// proper prefix (" 42" and " 47" fed as "▁4" share one node). Parents come before children.
struct ContinuationTree {
    std::vector<int> tokens;  // node -> its token
    std::vector<int> parent;  // node -> parent node, -1 for a child of the prompt
    std::vector<int> depth;  // node -> 0 for a child of the prompt, 1 for a grandchild, ...
    // path[c][i]: the node whose output predicts token i + 1 of continuation c (i = 0 .. len - 2)
    std::vector<std::vector<int>> path;

    static ContinuationTree build(const std::vector<std::vector<int>>& continuations);
    int64_t size() const { return static_cast<int64_t>(tokens.size()); }
};

// Prompt (T tokens) + tree (N nodes) as one sequence of S = T + N: positions 0..T-1, then T + depth;
// prompt rows causal, node rows see the whole prompt and their own ancestors and themselves.
// outputs: the prompt's last token (row 0 of the result), then every node (row 1 + node).
TreeLayout tree_layout(int64_t prompt_len, const ContinuationTree& tree, at::Device device);

// Scores req.plans[i] for every i in `plans` (none with hooks) into out[i][c], as
// score_continuations would.
void tree_sweep(const CausalLM& lm, const SweepRequest& req, const std::vector<int64_t>& plans,
                std::vector<std::vector<double>>& out);

}  // namespace gna
