// The probe's score names (gna/probe.h), torch-free: the remote engine's codec (remote/) reads them
// without the model code.
#include "gna/error.h"
#include "gna/probe.h"

namespace gna {

const char* to_string(HeadScoreKind kind) {
    switch (kind) {
        case HeadScoreKind::None:
            return "none";
        case HeadScoreKind::Entropy:
            return "entropy";
        case HeadScoreKind::MaxWeight:
            return "max";
        case HeadScoreKind::AttentionToToken:
            return "token";
        case HeadScoreKind::Gather:
            return "gather";
        case HeadScoreKind::Aggregate:
            return "aggregate";
        case HeadScoreKind::DuplicateToken:
            return "duplicate";
        case HeadScoreKind::Induction:
            return "induction";
    }
    return "none";
}

HeadScoreKind parse_head_score_kind(const std::string& text) {
    for (HeadScoreKind k :
         {HeadScoreKind::None, HeadScoreKind::Entropy, HeadScoreKind::MaxWeight, HeadScoreKind::AttentionToToken,
          HeadScoreKind::Gather, HeadScoreKind::Aggregate, HeadScoreKind::DuplicateToken, HeadScoreKind::Induction})
        if (text == to_string(k)) return k;
    throw Error("unknown head score '" + text +
                "': use entropy, max, token, gather, aggregate, duplicate or induction");
}

}  // namespace gna
