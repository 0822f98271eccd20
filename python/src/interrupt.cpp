#include "interrupt.h"

#include <pythread.h>

namespace gna::python {
namespace {

unsigned long g_main_thread = 0;
// The cancel flag of the innermost call on the main thread (calls nest when a hook runs the model).
std::atomic<std::atomic<bool>*> g_flag{nullptr};

extern "C" void on_sigint(int) {
    if (std::atomic<bool>* f = g_flag.load()) f->store(true);
}

}  // namespace

void remember_main_thread() {
    g_main_thread = static_cast<unsigned long>(
        py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long long>());
}

void CallbackFailure::keep(std::exception_ptr e) {
    std::lock_guard lock(mutex);
    if (!error) error = std::move(e);
}

CoreCall::CoreCall() {
    if (g_main_thread == 0 || PyThread_get_thread_ident() != g_main_thread) return;
    outer_ = g_flag.exchange(&cancel_);
    struct sigaction sa {};
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    installed_ = sigaction(SIGINT, &sa, &previous_) == 0;
    if (!installed_) g_flag.store(outer_);
}

CoreCall::~CoreCall() {
    if (!installed_) return;
    sigaction(SIGINT, &previous_, nullptr);
    g_flag.store(outer_);
    // Ctrl-C that arrived during a call that finished anyway: Python raises it at its next check.
    if (cancel_.load()) PyErr_SetInterrupt();
}

void CoreCall::rethrow(std::exception_ptr e) {
    {
        std::lock_guard lock(failure_->mutex);
        if (failure_->error) {
            cancel_.store(false);  // the callback's exception is what the caller sees
            std::exception_ptr kept = failure_->error;
            failure_->error = nullptr;
            std::rethrow_exception(kept);
        }
    }
    try {
        std::rethrow_exception(e);
    } catch (const Cancelled&) {
        if (!installed_ || !cancel_.load()) throw;
        cancel_.store(false);  // raised here, not again by the destructor
        PyErr_SetNone(PyExc_KeyboardInterrupt);
        throw py::error_already_set();
    }
}

}  // namespace gna::python
