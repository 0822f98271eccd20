// The trainer's files: tokenizer, starting weights, checkpoint, and the Hugging Face folder.
#include "train/trainer_io.h"

#include <torch/serialize.h>

#include <fstream>

#include "gna/error.h"
#include "gna/model.h"
#include "gna/safetensors.h"
#include "tokenizer/spm_model_file.h"

namespace gna::train {
namespace fs = std::filesystem;

void write_tokenizer_config(const fs::path& out) {
    write_json_file_atomic(out / "tokenizer_config.json",
                           {{"tokenizer_class", "LlamaTokenizer"},
                            {"add_bos_token", true},
                            {"add_eos_token", false},
                            {"bos_token", "<s>"},
                            {"eos_token", "</s>"},
                            {"unk_token", "<unk>"},
                            {"model_max_length", 256},
                            {"legacy", true}});
}

// Trains tokenizer.model in `out` (SentencePiece BPE, Llama-2 style byte fallback). Keys and values
// of the KV dictionaries are user-defined symbols: always one token, in every context.
void train_tokenizer(const DemoData& data, const fs::path& out, int vocab) {
    const fs::path corpus = out / "checkpoint" / "tokenizer_corpus.txt";
    fs::create_directories(corpus.parent_path());
    {
        std::ofstream f(corpus, std::ios::binary);
        f << data.tokenizer_corpus(4000);
        if (!f) throw Error(corpus.string() + ": cannot write the tokenizer corpus");
    }
    std::string symbols;
    for (int i = 0; i < 100; ++i) symbols += (i ? "," : "") + std::to_string(i);
    for (const auto& k : DemoData::kv_keys()) symbols += "," + k;
    train_sentencepiece("--input=" + corpus.string() + " --model_prefix=" + (out / "tokenizer").string() +
                        " --vocab_size=" + std::to_string(vocab) +
                        " --model_type=bpe --character_coverage=1.0 --byte_fallback=true"
                        " --normalization_rule_name=identity --remove_extra_whitespaces=false"
                        " --add_dummy_prefix=false --split_digits=false --hard_vocab_limit=false"
                        " --unk_id=0 --bos_id=1 --eos_id=2 --pad_id=-1 --num_threads=1"
                        " --input_sentence_size=0 --shuffle_input_sentence=false --max_sentence_length=8192"
                        " --user_defined_symbols=" +
                        symbols);
    fs::remove(out / "tokenizer.vocab");
    tok::strip_trainer_paths(out / "tokenizer.model");  // the same file whatever the folder
    write_tokenizer_config(out);
}

// The recipe key tokenizer: a SentencePiece model trained before (e.g. a shipped demo's), so that a new recipe keeps
// the token ids of an earlier run. Checked by loading it before anything is trained.
void copy_tokenizer(const fs::path& model, const fs::path& out) {
    if (!fs::is_regular_file(model))
        throw Error("train-demo: tokenizer " + model.string() + " is not a file; give a SentencePiece tokenizer.model");
    fs::copy_file(model, out / "tokenizer.model", fs::copy_options::overwrite_existing);
    const fs::path config = model.parent_path() / "tokenizer_config.json";
    if (fs::is_regular_file(config))
        fs::copy_file(config, out / "tokenizer_config.json", fs::copy_options::overwrite_existing);
    else
        write_tokenizer_config(out);
    try {
        load_tokenizer(out);
    } catch (const std::exception& e) {
        throw Error("train-demo: tokenizer " + model.string() + " cannot be used: " + e.what());
    }
}

// init_from: every trainable tensor from DIR's model.safetensors, which must have the same names and
// shapes (the same recipe, shape and tokenizer); errors name the folder and the tensor.
void load_weights(const fs::path& dir, TrainableLM& model, const std::vector<int>& reinit_layers) {
    const Checkpoint ck = Checkpoint::open(dir);
    at::NoGradGuard ng;
    for (auto& [name, t] : model.parameters()) {
        bool keep_seeded = false;
        for (int l : reinit_layers) keep_seeded |= name.rfind("model.layers." + std::to_string(l) + ".", 0) == 0;
        if (keep_seeded) continue;
        if (!ck.contains(name))
            throw Error("train-demo: init_from " + dir.string() + " has no tensor '" + name +
                        "'; start from a demo model of the same recipe");
        std::vector<int64_t> shape(t.sizes().begin(), t.sizes().end());
        const TensorView v = ck.tensor(name, shape);
        std::vector<float> f = to_float(v);
        t.copy_(at::tensor(f, at::kFloat).view(t.sizes()));
    }
}

void save_checkpoint(const fs::path& file, TrainableLM& model, torch::optim::AdamW& opt, const TrainerState& st) {
    torch::serialize::OutputArchive ar, opt_ar;
    for (auto& [n, t] : model.parameters()) ar.write(n, t);
    opt.save(opt_ar);
    ar.write("optimizer", opt_ar);
    ar.write("step", at::tensor(static_cast<int64_t>(st.step)));
    ar.write("seconds", at::tensor(st.seconds, at::kDouble));
    ar.write("kv_until", at::tensor(static_cast<int64_t>(st.kv_until)));
    ar.write("focus_until", at::tensor(static_cast<int64_t>(st.focus_until)));
    ar.write("window_hits", at::tensor(st.window.hits, at::kDouble));
    ar.write("window_total", at::tensor(st.window.total, at::kDouble));
    const fs::path tmp = file.string() + ".tmp";
    ar.save_to(tmp.string());
    fs::rename(tmp, file);
}

void load_checkpoint(const fs::path& file, TrainableLM& model, torch::optim::AdamW& opt, TrainerState& st) {
    try {
        torch::serialize::InputArchive ar, opt_ar;
        ar.load_from(file.string());
        for (auto& [n, t] : model.parameters()) ar.read(n, t);
        ar.read("optimizer", opt_ar);
        opt.load(opt_ar);
        at::Tensor step, seconds;
        ar.read("step", step);
        ar.read("seconds", seconds);
        st.step = static_cast<int>(step.item<int64_t>());
        st.seconds = seconds.item<double>();
        at::Tensor until, focus, hits, total;
        ar.read("kv_until", until);
        ar.read("focus_until", focus);
        ar.read("window_hits", hits);
        ar.read("window_total", total);
        st.kv_until = static_cast<int>(until.item<int64_t>());
        st.focus_until = static_cast<int>(focus.item<int64_t>());
        auto vec = [](const at::Tensor& t) {
            at::Tensor c = t.to(at::kDouble).contiguous();
            return std::vector<double>(c.data_ptr<double>(), c.data_ptr<double>() + c.numel());
        };
        st.window.hits = vec(hits);
        st.window.total = vec(total);
    } catch (const c10::Error& e) {
        throw Error(file.string() + ": cannot resume from this checkpoint (" + e.what_without_backtrace() +
                    "); delete the checkpoint folder to start over");
    }
}

void write_hf_folder(const fs::path& out, TrainableLM& model, const Tokenizer& tok) {
    std::vector<TensorToWrite> tensors;
    for (auto& [n, t] : model.parameters()) {
        at::Tensor c = t.detach().contiguous();
        std::vector<float> v(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
        tensors.push_back({n, DType::F32, c.sizes().vec(), encode_floats(v, DType::F32)});
    }
    write_safetensors(out / "model.safetensors", tensors, {{"format", "pt"}});
    const int bos = tok.bos_id().value_or(1), eos = tok.eos_ids().empty() ? 2 : tok.eos_ids().front();
    write_json_file_atomic(out / "config.json", model.hf_config(bos, eos));
    write_json_file_atomic(out / "generation_config.json",
                           {{"bos_token_id", bos}, {"eos_token_id", eos}, {"do_sample", false}});
}

// The written folder, read back through gna::Model (the inference path), must give the training
// model's next-token distribution on a training document: a mismatch between the trainable
// module and the architecture's loader would otherwise ship a demo that is not the trained model.
void verify_export(const fs::path& out, TrainableLM& model, const Tokenizer& tok, const DemoData& data) {
    model.set_head_keep({});  // the exported model has every head on
    const DemoData::Document d = data.document(0);
    std::vector<int> ids = {tok.bos_id().value_or(1)};
    for (int t : tok.encode(d.prefix + d.answer, false)) ids.push_back(t);
    if (static_cast<int64_t>(ids.size()) > model.shape().context)
        ids.resize(static_cast<std::size_t>(model.shape().context));
    const int64_t T = static_cast<int64_t>(ids.size());
    at::Tensor want;
    {
        at::NoGradGuard ng;
        std::vector<int64_t> v(ids.begin(), ids.end());
        at::Tensor x = at::tensor(v, at::kLong).view({1, T});
        want = at::log_softmax(model.forward(x, at::arange(T, at::kLong).view({1, T}), at::zeros({1, T}, at::kLong)),
                               -1)[0];
    }
    std::unique_ptr<Model> m = Model::load(out);
    RunRequest r;
    r.tokens = ids;
    r.all_logits = true;
    const RunResult got = m->run(r);
    at::Tensor g = at::log_softmax(at::tensor(got.all_logits, at::kFloat).view({T, -1}), -1);
    const double diff = (g - want).abs().max().item<double>();
    if (!(diff < 2e-3))
        throw Error(out.string() +
                    ": the written checkpoint does not reproduce the trained model (largest "
                    "log-probability difference " +
                    std::to_string(diff) +
                    " through gna::Model); this is a bug "
                    "in the trainer or the loader, please report it");
}

}  // namespace gna::train
