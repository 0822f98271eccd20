#pragma once
// Core calls from Python: the GIL released, Ctrl-C cancels, a Python hook's exception comes back.
//
// Python's own SIGINT handler only sets a flag that the interpreter reads between bytecodes, and
// none run while the core computes. So for the length of a call made on the main thread a
// CoreCall installs a handler of its own that raises the call's cancel flag; the core stops at its
// next checkpoint (between layers or samples) with gna::Cancelled, and the call raises
// KeyboardInterrupt. The previous handler is back before Python sees the exception, and the model
// is as usable as after any cancelled run (the core keeps no half-run state).
#include <pybind11/pybind11.h>

#include <atomic>
#include <csignal>
#include <exception>
#include <memory>
#include <mutex>
#include <utility>

#include "gna/error.h"

namespace gna::python {

namespace py = pybind11;

// Records the interpreter's main thread (the only one that receives Python's SIGINT); at import.
void remember_main_thread();

// What a Python callback (hook, progress) raised while the core ran: the first exception is kept
// and rethrown when the core call returns; the core is stopped by HookAborted.
struct CallbackFailure {
    std::mutex mutex;
    std::exception_ptr error;
    void keep(std::exception_ptr e);
};
// Thrown through the core after a Python callback raised (not a gna::Error: nothing rewraps it).
struct HookAborted : std::exception {
    const char* what() const noexcept override { return "a Python callback raised an exception"; }
};

class CoreCall {
public:
    CoreCall();
    ~CoreCall();
    CoreCall(const CoreCall&) = delete;
    CoreCall& operator=(const CoreCall&) = delete;

    const std::atomic<bool>* cancel() const { return &cancel_; }
    std::atomic<bool>* cancel_flag() { return &cancel_; }
    const std::shared_ptr<CallbackFailure>& failure() const { return failure_; }

    // Runs f() with the GIL released; gna::Cancelled after Ctrl-C becomes KeyboardInterrupt, and a
    // callback's exception is rethrown as itself.
    template <class F>
    auto operator()(F&& f) -> decltype(f()) {
        try {
            py::gil_scoped_release release;
            return f();
        } catch (...) {
            rethrow(std::current_exception());
        }
    }

private:
    [[noreturn]] void rethrow(std::exception_ptr e);
    std::atomic<bool> cancel_{false};
    std::atomic<bool>* outer_ = nullptr;
    bool installed_ = false;
    struct sigaction previous_ {};
    std::shared_ptr<CallbackFailure> failure_ = std::make_shared<CallbackFailure>();
};

// Calls a Python callable from a core thread: takes the GIL; a Python exception is kept in
// `failure` and stops the core (HookAborted).
template <class F>
void call_python(CallbackFailure& failure, F&& f) {
    py::gil_scoped_acquire gil;
    try {
        f();
    } catch (...) {
        failure.keep(std::current_exception());
        throw HookAborted{};
    }
}

}  // namespace gna::python
