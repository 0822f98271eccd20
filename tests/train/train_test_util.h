#pragma once
// Helpers of the demo-trainer suites: scratch folders, a tiny training run's options, refusals.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gna/error.h"
#include "train/train_demo.h"

namespace fs = std::filesystem;

namespace gna::train_test {

inline std::string read_bytes(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

inline fs::path fresh_dir(const std::string& name) {
    fs::path d = fs::path(GNA_TEST_DATA_DIR) / "train" / name;
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

inline gna::TrainOptions tiny(const fs::path& out) {
    // vocab 900 >= 351 KV keys + 100 numbers + byte fallback + characters
    return {.out = out,
            .seed = 7,
            .steps = 6,
            .layers = 1,
            .hidden = 32,
            .heads = 2,
            .intermediate = 64,
            .vocab = 900,
            .context = 128,
            .batch = 2,
            .lr = 1e-2,
            .warmup = 2,
            .checkpoint_every = 0,
            .evaluate = false,
            .threads = 1,
            .log_every = 1};
}

// The error train_demo gives for `o`, or "" when it trained.
inline std::string refusal(const gna::TrainOptions& o) {
    try {
        gna::train_demo(o);
    } catch (const gna::Error& e) {
        return e.what();
    }
    return {};
}

inline std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream s(text);
    for (std::string w; s >> w;) out.push_back(w);
    return out;
}

inline std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream s(text);
    for (std::string l; std::getline(s, l);) out.push_back(l);
    return out;
}

}  // namespace gna::train_test
