#include "model/hook_points.h"

namespace gna {

void call_named_hooks(const ForwardContext& ctx, int layer, HookSite site, const at::Tensor& t,
                      int64_t first_position) {
    const HookPoint point{layer, site};
    const int64_t rows = std::min<int64_t>(t.size(0), static_cast<int64_t>(ctx.named.size()));
    for (int64_t b = 0; b < rows; ++b) {
        for (const NamedHook* hook : ctx.named[b]) {
            if (!(hook->point == point)) continue;
            at::Tensor row = t.select(0, b);
            // CPU float32 rows are handed over in place; others through a float32 copy
            const bool direct = row.is_cpu() && row.scalar_type() == at::kFloat && row.is_contiguous();
            at::Tensor buf = direct ? row : row.to(at::kCPU, at::kFloat).contiguous();
            const HookCall call{point, ctx.stage, static_cast<int>(b), first_position, row.sizes().vec()};
            const auto n = static_cast<std::size_t>(buf.numel());
            if (hook->write) {
                hook->write(call, std::span<float>(buf.data_ptr<float>(), n));
                if (!direct) row.copy_(buf);
            } else {
                hook->read(call, std::span<const float>(buf.data_ptr<float>(), n));
            }
        }
    }
}

at::Tensor head_outputs(at::Tensor x, int layer, HeadKind kind, const ForwardContext& ctx, int64_t past) {
    const LayerPlan* plan = ctx.plan(layer);
    const at::Tensor scale = !plan ? at::Tensor() : kind == HeadKind::Attention ? plan->attn_scale : plan->ssm_scale;
    if (scale.defined()) x = x * scale.view({x.size(0), 1, x.size(2), 1}).to(x.scalar_type());
    // written in place: a copy unless x is the product above (a tensor of its own)
    if (!scale.defined() && ctx.named_at(layer, kind == HeadKind::Attention ? HookSite::AttnOut : HookSite::SsmOut))
        x = x.clone(at::MemoryFormat::Contiguous);
    return head_output_hooks(std::move(x), layer, kind, ctx, past);
}

at::Tensor head_output_hooks(at::Tensor x, int layer, HeadKind kind, const ForwardContext& ctx, int64_t past) {
    const HookSite site = kind == HeadKind::Attention ? HookSite::AttnOut : HookSite::SsmOut;
    if (!ctx.named_at(layer, site)) return x;
    if (!x.is_contiguous()) x = x.contiguous();
    call_named_hooks(ctx, layer, site, x, past);
    return x;
}

}  // namespace gna
