// Packing DemoData documents into training rows, with the answer, bottleneck and guide masks.
#include "train/batch.h"

#include "gna/error.h"
#include "train/bottleneck.h"

namespace gna::train {

// Packs whole documents into rows of `context` tokens. Step `step` always gets the same documents.
// Head dropout masks of one step: (layers, rows, heads), 0 for a dropped head, 1 / (1 - p) for a
// kept one; drawn from (seed, step) alone, so that a resumed run draws the same masks.
at::Tensor head_keep(const LlamaShape& s, uint64_t seed, int step, int64_t rows) {
    SeededNormal g(seed * 0x9e3779b97f4a7c15ull + static_cast<uint64_t>(step) * 0xbf58476d1ce4e5b9ull + 0x4d);
    std::vector<float> keep(static_cast<std::size_t>(s.head_dropout_layers * rows * s.heads));
    const float kept = static_cast<float>(1.0 / (1.0 - s.head_dropout));
    for (float& k : keep)
        k = static_cast<double>(g.next_u64() >> 11) / 9007199254740992.0 < s.head_dropout ? 0.0f : kept;
    return at::tensor(keep, at::kFloat).view({s.head_dropout_layers, rows, s.heads});
}

Batch make_batch(const DemoData& data, const Tokenizer& tok, int step, int rows, int64_t context,
                 float kv_context_weight, int64_t layers) {
    const int pad = 0, bos = tok.bos_id().value_or(1);
    std::vector<int64_t> ids(rows * context, pad), tgt(rows * context, -100), pos(rows * context, 0),
        doc(rows * context, -1);
    std::vector<float> w(rows * context, 0.f);
    std::vector<uint8_t> ans(rows * context, 0), val(rows * context, 0), mm(rows * context, 0);
    std::vector<uint8_t> body(rows * context, 0), reader(rows * context, 0), inb(rows * context, 0), bbody, breader;
    // The late KV lookup: lines (`lines`) hidden from the readers (`late`) in every layer but the last.
    std::vector<uint8_t> lines(rows * context, 0), late(rows * context, 0);
    // The summary readout layer: the bottlenecked documents' summary tokens, hidden from their readers
    // in every layer but that one.
    const int readout = data.summary_readout_layer();
    std::vector<uint8_t> summaries(rows * context, 0), swith;
    // The summary gather: the bottlenecked documents' summary tokens see only their own segment.
    const bool gather = data.summary_gather();
    std::vector<int64_t> segment(rows * context, 0);
    std::vector<uint8_t> gatherer(rows * context, 0);
    std::vector<int> bseg;
    // The attention guide's targets, as (row, query, key) triples.
    const bool guided = data.attention_guide().weight > 0;
    std::vector<int64_t> gather_t, aggregate_t;
    std::vector<uint8_t> in_kv(rows * context, 0);
    bool any_bottleneck = false, any_late = false;
    uint64_t next = static_cast<uint64_t>(step) * 100000;
    for (int r = 0; r < rows; ++r) {
        int64_t used = 0, d = 0;
        for (;;) {
            DemoData::Document dd = data.document(next);
            // seq = BOS prefix answer (text answer)...; in_answer marks the scored answer tokens.
            std::vector<int> seq = {bos};
            std::vector<uint8_t> in_answer = {0}, is_value = {0};
            std::vector<int> answer_of = {-1};  // per token: the number of the answer it belongs to, or -1
            int answers = 0;
            std::vector<int> prefix_ids;
            auto append = [&](const std::string& text, bool answer) {
                const int number = answer ? answers++ : -1;
                if (text.empty()) return;
                const std::vector<int> enc = tok.encode(text, false);
                if (prefix_ids.empty() && !answer) prefix_ids = enc;
                for (int id : enc) {
                    seq.push_back(id);
                    answer_of.push_back(number);
                    in_answer.push_back(answer);
                    is_value.push_back(answer && dd.kind == "kv" &&
                                       tok.piece(id) != "\xe2\x96\x81");  // not the bare '▁'
                }
            };
            append(dd.prefix, false);
            append(dd.answer, true);
            for (const auto& [text, answer] : dd.more) {
                append(text, false);
                append(answer, true);  // empty answers add nothing
            }
            if (static_cast<int64_t>(seq.size()) > context) {
                ++next;
                continue;
            }  // never happens at 256
            if (used + static_cast<int64_t>(seq.size()) > context) break;
            ++next;
            if (dd.bottleneck || dd.late_lookup || (guided && dd.segments > 0))
                mark_bottleneck(tok, dd, prefix_ids, seq.size(), bbody, breader, dd.late_lookup, &bseg);
            if (guided && dd.segments > 0 && !dd.late_lookup) {
                // Gather: each line's newline on the line's other tokens. Aggregate: each position that
                // predicts an answer token (not the bare space piece) on the newline of the answer's line.
                std::vector<int64_t> newline_of(dd.segments + 1, -1);
                for (std::size_t i = 0; i < seq.size(); ++i)
                    if (bseg[i] > 0 && !bbody[i]) newline_of[bseg[i]] = static_cast<int64_t>(i);
                const int64_t base = used;
                for (std::size_t i = 0; i < seq.size(); ++i) {
                    if (bseg[i] > 0 && !bbody[i])
                        for (std::size_t j = 0; j < i; ++j)
                            if (bseg[j] == bseg[i])
                                gather_t.insert(gather_t.end(), {r, base + (int64_t)i, base + (int64_t)j});
                    if (i + 1 < seq.size() && answer_of[i + 1] >= 0 && tok.piece(seq[i + 1]) != "\xe2\x96\x81") {
                        const std::size_t a = static_cast<std::size_t>(answer_of[i + 1]);
                        const int line = a < dd.answer_segments.size() ? dd.answer_segments[a] : 0;
                        if (line > 0 && newline_of[line] >= 0)
                            aggregate_t.insert(aggregate_t.end(), {r, base + (int64_t)i, base + newline_of[line]});
                    }
                }
            }
            if (dd.bottleneck && readout >= 0) {
                std::vector<uint8_t> unused;
                mark_bottleneck(tok, dd, prefix_ids, seq.size(), swith, unused, true);
            }
            for (std::size_t i = 0; i < seq.size(); ++i) {
                const int64_t k = r * context + used + static_cast<int64_t>(i);
                ids[k] = seq[i];
                in_kv[k] = dd.kind == "kv";
                pos[k] = static_cast<int64_t>(i);
                doc[k] = d;
                if (dd.bottleneck) {
                    body[k] = bbody[i];
                    reader[k] = breader[i];
                    inb[k] = 1;
                    any_bottleneck = true;
                    if (readout >= 0) summaries[k] = swith[i] && !bbody[i];
                    if (gather) {
                        segment[k] = bseg[i];
                        gatherer[k] = bseg[i] > 0 && !bbody[i];
                    }
                }
                if (dd.late_lookup) {
                    lines[k] = bbody[i];
                    late[k] = breader[i];
                    any_late = true;
                }
                if (i + 1 < seq.size()) {
                    tgt[k] = seq[i + 1];
                    w[k] = in_answer[i + 1] ? 4.f : dd.kind == "kv" ? kv_context_weight : 1.f;
                    ans[k] = in_answer[i + 1];
                    val[k] = is_value[i + 1];
                    mm[k] = in_answer[i + 1] && dd.kind == "mmlu";
                }
            }
            used += static_cast<int64_t>(seq.size());
            ++d;
        }
    }
    auto L = [&](std::vector<int64_t>& v) { return at::tensor(v, at::kLong).view({rows, context}); };
    Batch b;
    b.ids = L(ids);
    b.targets = L(tgt);
    b.positions = L(pos);
    b.doc = L(doc);
    b.weights = at::tensor(w, at::kFloat).view({rows, context});
    b.answer_mask = at::tensor(std::vector<int64_t>(ans.begin(), ans.end()), at::kLong).view({rows, context}).ne(0);
    b.value_mask = at::tensor(std::vector<int64_t>(val.begin(), val.end()), at::kLong).view({rows, context}).ne(0);
    b.mmlu_mask = at::tensor(std::vector<int64_t>(mm.begin(), mm.end()), at::kLong).view({rows, context}).ne(0);
    auto M = [&](std::vector<uint8_t>& v) {
        return at::tensor(std::vector<int64_t>(v.begin(), v.end()), at::kLong).view({rows, context}).ne(0);
    };
    const at::Tensor same_doc = b.doc.unsqueeze(2).eq(b.doc.unsqueeze(1));
    if (any_bottleneck) {
        // Query i (a reader) may not see key j (a segment's body) of the same document.
        b.in_bottleneck = M(inb);
        b.blocked = M(reader).unsqueeze(2).logical_and(M(body).unsqueeze(1)).logical_and(same_doc);
    }
    if (guided) {
        auto targets = [&](const std::vector<int64_t>& t) {
            at::Tensor m = at::zeros({rows, context, context}, at::kBool);
            if (!t.empty()) {
                at::Tensor ix = at::tensor(t, at::kLong).view({-1, 3});
                m.index_put_({ix.select(1, 0), ix.select(1, 1), ix.select(1, 2)}, at::ones({ix.size(0)}, at::kBool));
            }
            return m;
        };
        b.gather_target = targets(gather_t);
        b.aggregate_target = targets(aggregate_t);
        b.kv_rows = at::tensor(std::vector<int64_t>(in_kv.begin(), in_kv.end()), at::kLong).view({rows, context}).ne(0);
    }
    if (any_bottleneck && gather) {
        // Summary token i may see only key j of its own segment, or the document's BOS (position 0).
        const at::Tensor seg = at::tensor(segment, at::kLong).view({rows, context});
        const at::Tensor other = seg.unsqueeze(2).ne(seg.unsqueeze(1)).logical_and(b.positions.unsqueeze(1).ne(0));
        b.blocked = b.blocked.logical_or(M(gatherer).unsqueeze(2).logical_and(other).logical_and(same_doc));
    }
    if (any_bottleneck && readout >= 0) {
        // Per layer: the segment bodies in every layer, the summary tokens in every layer but `readout`.
        const at::Tensor sum = M(reader).unsqueeze(2).logical_and(M(summaries).unsqueeze(1)).logical_and(same_doc);
        std::vector<at::Tensor> per_layer;
        for (int64_t l = 0; l < layers; ++l) per_layer.push_back(l == readout ? b.blocked : b.blocked.logical_or(sum));
        b.blocked = at::stack(per_layer);
    }
    if (any_late) {
        // Per layer: the bottleneck's mask in every layer, the late lookup's in every layer but the last.
        const at::Tensor early = M(late).unsqueeze(2).logical_and(M(lines).unsqueeze(1)).logical_and(same_doc);
        at::Tensor all = b.blocked.defined() ? b.blocked : at::zeros_like(early);
        if (all.dim() == 3) all = all.unsqueeze(0).expand({layers, -1, -1, -1});
        std::vector<at::Tensor> per_layer;
        for (int64_t l = 0; l < layers; ++l) per_layer.push_back(l + 1 < layers ? all[l].logical_or(early) : all[l]);
        b.blocked = at::stack(per_layer);
    }
    return b;
}

}  // namespace gna::train
