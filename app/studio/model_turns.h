#pragma once
// ModelTurns: whose turn it is to compute on the session's one model. The session loads each open
// checkpoint once, with the user's choices (device, dtype, tokenizer folder); its worker thread runs the
// interactive jobs on it (the probe after a toggle, the KV-retrieval map, the mask editor) and
// ExperimentRunner's thread runs one experiment on the same model. Turns never overlap, so the model
// (its caches, its tokenizer) is used by one thread at a time, and interactive turns come first:
// an experiment holds its turn for one sample and, before the next, gives it to any interactive job
// waiting (in the progress report that run_experiment makes after each sample), so a toggle waits for
// one sample of a running sweep at most, never for the sweep. Qt-free; see docs/studio-engine.md.
#include <condition_variable>
#include <mutex>

namespace gna::studio {

class ModelTurns {
public:
    // An interactive job's turn for as long as it lives: waits for the turn in progress, then goes first.
    class Interactive {
    public:
        explicit Interactive(ModelTurns& turns);
        ~Interactive();
        Interactive(const Interactive&) = delete;
        Interactive& operator=(const Interactive&) = delete;

    private:
        ModelTurns& m_turns;
    };
    // A long job's turn (an experiment): waits while interactive jobs wait; yield() between samples.
    class Background {
    public:
        explicit Background(ModelTurns& turns);
        ~Background();
        Background(const Background&) = delete;
        Background& operator=(const Background&) = delete;
        // Lets every interactive job that waits now compute first, then takes the turn back.
        void yield();

    private:
        ModelTurns& m_turns;
    };

    // Interactive turns given up by a background job so far (for tests and benchmarks).
    int yields() const;

private:
    void take(bool interactive);
    void release();
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    bool m_held = false;
    int m_interactiveWaiting = 0;
    int m_yields = 0;
};

}  // namespace gna::studio
